import { timingSafeEqual } from 'node:crypto';
import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import type { Logger } from 'pino';
import type { Clock } from '../platform/clock.ts';
import { newId } from '../platform/ids.ts';
import type { AccountStore } from './account-store.ts';
import { generateKey, hashKey, type KeyMode, parseKey } from './api-key-format.ts';
import {
  isPlanName,
  limitsFor,
  PLAN_NAMES,
  type PlanLimits,
  type PlanName,
  testModePerMinute,
} from './plans.ts';
import type { ApiKeyRow, OrganisationRow, PlanChangeRow } from './tables.ts';

/** Who is calling: what the auth hook puts on every authenticated request. */
export interface AuthContext {
  organisationId: string;
  organisationName: string;
  plan: PlanName;
  limits: PlanLimits;
  keyId: string;
  /** The key's label (`--name`, the portal's name), recorded with what the key signs. */
  keyName: string | null;
  mode: KeyMode;
  displayPrefix: string;
}

export type VerifyResult =
  | { valid: true; auth: AuthContext }
  | { valid: false; reason: 'MISSING' | 'MALFORMED' | 'UNKNOWN' | 'REVOKED' };

/** The context a request made with `key` carries (also what the portal reads usage with). */
export function authContextFor(organisation: OrganisationRow, key: ApiKeyRow): AuthContext {
  const live = limitsFor(organisation);
  return {
    organisationId: organisation.id,
    organisationName: organisation.name,
    plan: isPlanName(organisation.plan) ? organisation.plan : 'free',
    limits: key.mode === 'test' ? { ...live, perMinute: testModePerMinute(live) } : live,
    keyId: key.id,
    keyName: key.name,
    mode: key.mode,
    displayPrefix: key.display_prefix,
  };
}

const REVOCATION_CHANNEL = 'wcs:key-revocations';
/** Published on the channel instead of a key's hash: forget every cached verification (a plan changed). */
const FORGET_ALL = '*';
const LAST_USED_RESOLUTION_MS = 60_000;

export class UnknownOrganisationError extends Error {}
export class UnknownPlanError extends Error {}

/**
 * Organisations and keys: creation (a key is shown once), revocation, and verification of the key on
 * every request. A verified key is remembered for at most AUTH_CACHE_TTL_MS (<= 1 s), so a revocation
 * made by any instance, the CLI or the portal takes effect everywhere within a second; with Redis, a
 * published revocation clears every instance's memory at once.
 */
/** How long start-up waits for the revocation subscription before going on without it. */
const SUBSCRIBE_WAIT_MS = 2_000;

export class AccountService {
  readonly #store: AccountStore;
  readonly #clock: Clock;
  readonly #logger: Logger;
  readonly #cache: LRUCache<string, { result: VerifyResult; expiresAt: number }>;
  readonly #ttlMs: number;
  /**
   * Look-ups in progress by key hash: when a cached verification expires, the requests in flight for
   * that key wait for one look-up rather than each making its own.
   */
  readonly #lookups = new Map<string, Promise<VerifyResult>>();
  readonly #lastUsedWritten = new Map<string, number>();
  readonly #redis?: Redis;
  #subscriber?: Redis;

  constructor(options: {
    store: AccountStore;
    clock: Clock;
    logger: Logger;
    authCacheTtlMs: number;
    redis?: Redis;
  }) {
    this.#store = options.store;
    this.#clock = options.clock;
    this.#logger = options.logger;
    this.#ttlMs = options.authCacheTtlMs;
    this.#cache = new LRUCache({ max: 10_000 });
    this.#redis = options.redis;
  }

  /** Listens for revocations published by other instances (Redis only). */
  async start(): Promise<void> {
    if (!this.#redis) return;
    // The shared connection fails commands fast while Redis is away; a subscription must instead wait
    // for the connection (a new one is never ready at once) and is renewed by ioredis on every reconnect.
    const subscriber = this.#redis.duplicate({ enableOfflineQueue: true });
    subscriber.on('error', () => {}); // the main connection logs Redis faults
    subscriber.on('message', (_channel, hash: string) =>
      hash === FORGET_ALL ? this.#forgetAll() : this.#forget(hash),
    );
    this.#subscriber = subscriber;
    // Waited for, but not for ever: a Redis that accepts connections and never answers must not hold
    // the start-up. Until the subscription is made, revocations take effect through the 1 s auth cache.
    let timer: NodeJS.Timeout | undefined;
    const subscribed = await Promise.race([
      subscriber.subscribe(REVOCATION_CHANNEL).then(
        () => true,
        () => false,
      ),
      new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), SUBSCRIBE_WAIT_MS);
      }),
    ]);
    clearTimeout(timer);
    if (!subscribed) {
      this.#logger.warn(
        'could not subscribe to key revocations yet; relying on the 1 s auth cache meanwhile',
      );
    }
  }

  async stop(): Promise<void> {
    this.#subscriber?.disconnect();
  }

  async createOrganisation(name: string, plan: string): Promise<OrganisationRow> {
    if (!isPlanName(plan)) throw new UnknownPlanError(`Unknown plan "${plan}"`);
    return this.#store.createOrganisation({ name, plan });
  }

  async createKey(
    organisationId: string,
    mode: KeyMode,
    name?: string,
  ): Promise<{ row: ApiKeyRow; key: string }> {
    const organisation = await this.#store.getOrganisation(organisationId);
    if (!organisation) throw new UnknownOrganisationError(`No organisation with id ${organisationId}`);
    const material = generateKey(mode);
    const row = {
      id: newId('key'),
      organisation_id: organisationId,
      mode,
      name: name ?? null,
      display_prefix: material.displayPrefix,
      hash: material.hash,
      created_at: this.#clock.now().toISOString(),
    };
    await this.#store.insertKey(row);
    return { row: { ...row, last_used_at: null, revoked_at: null }, key: material.key };
  }

  async organisation(id: string): Promise<OrganisationRow | undefined> {
    return this.#store.getOrganisation(id);
  }

  /** The oldest `limit` organisations (`wcs key create` without --org looks for the only one). */
  async firstOrganisations(limit: number): Promise<OrganisationRow[]> {
    return this.#store.firstOrganisations(limit);
  }

  /** An organisation's keys, newest first (never the keys themselves: only hashes are stored). */
  async keys(organisationId: string): Promise<ApiKeyRow[]> {
    return this.#store.listKeys(organisationId);
  }

  async key(keyId: string): Promise<ApiKeyRow | undefined> {
    return this.#store.getKey(keyId);
  }

  /**
   * Moves an organisation to a plan: the store and the audit row in one transaction, then every
   * instance's verified keys are forgotten so the new limits apply at once (published through Redis;
   * without it, other instances follow within AUTH_CACHE_TTL_MS). `changedBy` names who did it
   * (`portal user <id>`, `cli`). Agreed figures are for enterprise only. A move to the plan already in
   * force with the same figures changes and records nothing (`change: null`).
   */
  async changePlan(
    organisationId: string,
    plan: string,
    options: { monthly?: number; perMinute?: number; changedBy: string },
  ): Promise<{ organisation: OrganisationRow; change: PlanChangeRow | null }> {
    if (!isPlanName(plan))
      throw new UnknownPlanError(`Unknown plan "${plan}": use one of ${PLAN_NAMES.join(', ')}`);
    if (plan !== 'enterprise' && (options.monthly !== undefined || options.perMinute !== undefined)) {
      throw new UnknownPlanError(
        'Monthly and per-minute figures are set per organisation only on the enterprise plan',
      );
    }
    const current = await this.#store.getOrganisation(organisationId);
    if (!current) throw new UnknownOrganisationError(`No organisation with id ${organisationId}`);
    const unchanged =
      current.plan === plan &&
      (plan !== 'enterprise' ||
        (current.monthly_limit === (options.monthly ?? null) &&
          current.per_minute_limit === (options.perMinute ?? null)));
    if (unchanged) return { organisation: current, change: null };
    const changed = await this.#store.changePlan(organisationId, plan, options, options.changedBy);
    if (!changed) throw new UnknownOrganisationError(`No organisation with id ${organisationId}`);
    await this.#forgetEverywhere();
    return changed;
  }

  async planChanges(organisationId: string): Promise<PlanChangeRow[]> {
    return this.#store.planChanges(organisationId);
  }

  async revokeKey(keyId: string): Promise<ApiKeyRow | undefined> {
    const row = await this.#store.revokeKey(keyId);
    if (!row) return undefined;
    this.#forget(row.hash);
    if (this.#redis) {
      await this.#redis.publish(REVOCATION_CHANNEL, row.hash).catch((err: unknown) => {
        this.#logger.warn({ err }, 'could not publish key revocation; other instances see it within 1 s');
      });
    }
    return row;
  }

  async verify(authorization: string | undefined): Promise<VerifyResult> {
    if (!authorization) return { valid: false, reason: 'MISSING' };
    const match = /^Bearer[ ]+(\S+)\s*$/i.exec(authorization);
    if (!match || !parseKey(match[1])) return { valid: false, reason: 'MALFORMED' };
    const presentedHash = hashKey(match[1]);
    const now = this.#clock.now().getTime();
    const cached = this.#cache.get(presentedHash);
    if (cached && cached.expiresAt > now) return cached.result;
    return this.#lookups.get(presentedHash) ?? this.#lookUpAndRemember(presentedHash, now);
  }

  #lookUpAndRemember(hash: string, now: number): Promise<VerifyResult> {
    const lookup: Promise<VerifyResult> = this.#lookup(hash)
      .then((result) => {
        // Not remembered if the key was revoked (or a plan changed) while it was being looked up.
        if (this.#ttlMs > 0 && this.#lookups.get(hash) === lookup) {
          this.#cache.set(hash, { result, expiresAt: now + this.#ttlMs });
        }
        if (result.valid) this.#noteUse(result.auth.keyId, now);
        return result;
      })
      .finally(() => {
        if (this.#lookups.get(hash) === lookup) this.#lookups.delete(hash);
      });
    this.#lookups.set(hash, lookup);
    return lookup;
  }

  #forget(hash: string): void {
    this.#cache.delete(hash);
    this.#lookups.delete(hash);
  }

  #forgetAll(): void {
    this.#cache.clear();
    this.#lookups.clear();
  }

  async #lookup(presentedHash: string): Promise<VerifyResult> {
    const found = await this.#store.findKeyByHash(presentedHash);
    // The lookup is by hash; compare again in constant time so a near-match never answers faster.
    if (!found || !timingSafeEqual(Buffer.from(found.key.hash), Buffer.from(presentedHash))) {
      return { valid: false, reason: 'UNKNOWN' };
    }
    if (found.key.revoked_at) return { valid: false, reason: 'REVOKED' };
    return { valid: true, auth: authContextFor(found.organisation, found.key) };
  }

  /** Records "last used" at most once a minute per key: a write per request would cost every call. */
  #noteUse(keyId: string, now: number): void {
    const last = this.#lastUsedWritten.get(keyId) ?? 0;
    if (now - last < LAST_USED_RESOLUTION_MS) return;
    this.#lastUsedWritten.set(keyId, now);
    this.#store.touchKey(keyId, new Date(now)).catch((err: unknown) => {
      this.#logger.warn({ err }, 'could not record key last use');
    });
  }

  /** Forgets every cached verification here, and asks the other instances to do the same. */
  async #forgetEverywhere(): Promise<void> {
    this.#forgetAll();
    if (!this.#redis) return;
    await this.#redis.publish(REVOCATION_CHANNEL, FORGET_ALL).catch((err: unknown) => {
      this.#logger.warn({ err }, 'could not publish a plan change; other instances see it within 1 s');
    });
  }
}
