import { LRUCache } from 'lru-cache';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Cache } from '../platform/cache.ts';
import { type Clock, londonDate } from '../platform/clock.ts';
import { ApiError } from '../platform/errors.ts';
import { atMostEntries } from '../platform/lru-entries.ts';
import { buildResult, type RegisterAnswer } from './build-result.ts';
import { type CarrierQuery, toQuery } from './carrier-query.ts';
import { EaRegisterClient, MAX_MATCHES, type SearchResult } from './ea-register-client.ts';
import type { RegisterDeadline } from './register-deadline.ts';
import { type ImportOptions, type ImportSummary, importRegisterExport } from './register-import.ts';
import { nameKey, postcodeKey, type RegisterRecord } from './register-record.ts';
import type { CarrierRegisterStore } from './register-store.ts';
import { RegisterUnavailableError } from './register-unavailable.ts';
import { sandboxAnswer } from './sandbox.ts';
import { SharedRegisterCalls } from './shared-register-calls.ts';
import type { VerifyCarrierInput, VerifyCarrierResult } from './verify-result.ts';

const HOUR_MS = 3_600_000;
/** The register is rebuilt once a day (back office EPR export, 21:05), so a day-old record is current. */
const NUMBER_TTL_MS = 24 * HOUR_MS;
/** Searches, and numbers the register did not list, are kept an hour (docs/decisions.md). */
const SEARCH_TTL_MS = HOUR_MS;
const NOT_LISTED_TTL_MS = HOUR_MS;
/** How long the description of the current mirror import is reused before it is read again. */
const MIRROR_INFO_TTL_MS = 5_000;
const MIRROR_RECORD_TTL_MS = 60_000;

interface CachedNumber {
  record: RegisterRecord | null;
  at: string;
}
interface CachedSearch extends SearchResult {
  at: string;
}
interface MirrorState {
  seq: number;
  info: { publishedOn: string; importedAt: string };
}

/** How long a caller lets one verification wait for the register, and when it stops wanting the answer. */
export interface VerifyCall {
  /** Shorter than EA_REGISTER_DEADLINE_MS to give up sooner (never longer). */
  deadlineMs?: number;
  /** Aborts when the caller no longer wants the answer (the client went away). */
  signal?: AbortSignal;
  /**
   * Read the register itself rather than a cached copy (a carrier watch looking for changes). The answer
   * still refreshes the cache and the history, as any other does.
   */
  fresh?: boolean;
}

export interface CarrierServiceOptions {
  config: Pick<
    Config,
    | 'EA_REGISTER_URL'
    | 'EA_REGISTER_TIMEOUT_MS'
    | 'EA_REGISTER_DEADLINE_MS'
    | 'EA_REGISTER_BREAKER_OPEN_MS'
    | 'REGISTER_SOURCE'
  >;
  store: CarrierRegisterStore;
  cache: Cache;
  clock: Clock;
  logger: Logger;
}

/**
 * verify-carrier: reads the register (EA API, mirror or sandbox), keeps every registration it sees
 * as history, and judges statuses at response time from cached facts.
 */
export class CarrierService {
  readonly register: CarrierRegisterStore;
  readonly #client: EaRegisterClient;
  readonly #source: Config['REGISTER_SOURCE'];
  readonly #cache: Cache;
  readonly #clock: Clock;
  readonly #logger: Logger;
  readonly #shared = new SharedRegisterCalls();
  /**
   * Mirror records by import seq and number: a row of one import never changes, so a short-lived copy
   * in memory spares a database read per look-up (a new import has a new seq, hence new keys).
   */
  readonly #mirrorRecords = new LRUCache<string, RegisterRecord>({
    ...atMostEntries(50_000),
    ttl: MIRROR_RECORD_TTL_MS,
  });
  #mirrorState?: { value: MirrorState | undefined; until: number };

  constructor(options: CarrierServiceOptions) {
    this.register = options.store;
    this.#client = new EaRegisterClient({
      baseUrl: options.config.EA_REGISTER_URL,
      timeoutMs: options.config.EA_REGISTER_TIMEOUT_MS,
      deadlineMs: options.config.EA_REGISTER_DEADLINE_MS,
      breakerOpenMs: options.config.EA_REGISTER_BREAKER_OPEN_MS,
    });
    this.#source = options.config.REGISTER_SOURCE;
    this.#cache = options.cache;
    this.#clock = options.clock;
    this.#logger = options.logger;
  }

  /**
   * The 200 body of /v1/verify-carrier. Throws INVALID_REQUEST / INVALID_REGISTRATION_NUMBER for bad
   * input and EA_REGISTER_UNAVAILABLE when the register cannot answer (never a false `not_found`).
   * Test mode answers from the sandbox and never calls the EA. The register gets one deadline for the
   * whole verification (EA_REGISTER_DEADLINE_MS, or the caller's shorter one).
   */
  async verify(
    input: VerifyCarrierInput,
    mode: 'live' | 'test',
    call: VerifyCall = {},
  ): Promise<VerifyCarrierResult> {
    const query = toQuery(input);
    const answer =
      mode === 'test'
        ? this.#sandbox(query)
        : await this.#lookup(query, this.#client.deadline(call.deadlineMs, call.signal), call.fresh ?? false);
    return buildResult(query, answer, this.#clock.now());
  }

  /** `wcs register import`: loads a bulk export into the mirror. */
  async importExport(file: string, options?: ImportOptions): Promise<ImportSummary> {
    const summary = await importRegisterExport(this.register, file, options);
    this.#mirrorState = undefined;
    return summary;
  }

  #sandbox(query: CarrierQuery): RegisterAnswer {
    const now = this.#clock.now();
    const value =
      query.kind === 'number'
        ? { number: query.number.number }
        : query.kind === 'name'
          ? { name: query.name }
          : { postcode: query.postcode };
    const answer = sandboxAnswer(value, londonDate(now), now);
    if (!answer) {
      throw new ApiError(
        'EA_REGISTER_UNAVAILABLE',
        "Sandbox: CBDU100503 always answers as the service does when the Environment Agency's register cannot be reached. This is not a 'not found'.",
      );
    }
    return answer;
  }

  async #lookup(query: CarrierQuery, deadline: RegisterDeadline, fresh: boolean): Promise<RegisterAnswer> {
    const mirror = this.#source === 'api' ? undefined : await this.#mirror();
    if (this.#source === 'mirror' && !mirror) {
      throw new ApiError(
        'EA_REGISTER_UNAVAILABLE',
        'The register mirror is empty: no export has been imported yet (wcs register import FILE). This is not a "not found".',
      );
    }
    if (query.kind === 'number') return this.#lookupNumber(query.number.number, mirror, deadline, fresh);
    if (mirror) {
      const records = await (query.kind === 'name'
        ? this.register.searchMirrorByName(query.name, mirror.seq, MAX_MATCHES + 1)
        : this.register.searchMirrorByPostcode(query.postcode, mirror.seq, MAX_MATCHES + 1));
      if (records.length > 0 || this.#source === 'mirror') {
        return {
          ...this.#mirrorAnswer(records.slice(0, MAX_MATCHES), mirror),
          truncated: records.length > MAX_MATCHES,
        };
      }
    }
    return this.#searchApi(query, deadline);
  }

  async #lookupNumber(
    number: string,
    mirror: MirrorState | undefined,
    deadline: RegisterDeadline,
    fresh: boolean,
  ): Promise<RegisterAnswer> {
    if (mirror) {
      const key = `${mirror.seq}:${number}`;
      const remembered = fresh ? undefined : this.#mirrorRecords.get(key);
      const record = remembered ?? (await this.register.findInMirror(number, mirror.seq));
      if (record) {
        this.#mirrorRecords.set(key, record);
        return this.#mirrorAnswer([record], mirror);
      }
      if (this.#source === 'mirror') return this.#fromHistory(number, this.#mirrorAnswer([], mirror));
    }
    const key = `number:${number}`;
    const hit = fresh ? undefined : await this.#cache.get<CachedNumber>(key);
    const found =
      hit ??
      (await this.#ask(key, deadline, async (shared) => {
        const record = await this.#client.lookupNumber(number, shared);
        const fresh: CachedNumber = { record, at: this.#clock.now().toISOString() };
        if (record) await this.#remember([record]);
        await this.#cache.set(key, fresh, record ? NUMBER_TTL_MS : NOT_LISTED_TTL_MS);
        return fresh;
      }));
    const answer: RegisterAnswer = {
      records: found.record ? [found.record] : [],
      origin: 'ea_api',
      cached: hit !== undefined,
      retrievedAt: found.at,
    };
    return found.record ? answer : this.#fromHistory(number, answer);
  }

  async #searchApi(
    query: Exclude<CarrierQuery, { kind: 'number' }>,
    deadline: RegisterDeadline,
  ): Promise<RegisterAnswer> {
    const key =
      query.kind === 'name' ? `name:${nameKey(query.name)}` : `postcode:${postcodeKey(query.postcode)}`;
    const hit = await this.#cache.get<CachedSearch>(key);
    const found =
      hit ??
      (await this.#ask(key, deadline, async (shared) => {
        const result = await (query.kind === 'name'
          ? this.#client.searchByName(query.name, shared)
          : this.#client.searchByPostcode(query.postcode, shared));
        const fresh: CachedSearch = { ...result, at: this.#clock.now().toISOString() };
        await this.#remember(result.records);
        await this.#cache.set(key, fresh, SEARCH_TTL_MS);
        return fresh;
      }));
    return {
      records: found.records,
      truncated: found.truncated,
      origin: 'ea_api',
      cached: hit !== undefined,
      retrievedAt: found.at,
    };
  }

  /**
   * The register drops a registration once it expires (EPR export: lower tier or unexpired only), so a
   * number it no longer lists whose last known expiry date has passed is answered `expired` from our
   * record. One dropped before its expiry (revoked, deregistered) stays `not_found`, with a note.
   */
  async #fromHistory(number: string, notFound: RegisterAnswer): Promise<RegisterAnswer> {
    const seen = await this.register.find(number);
    if (!seen) return notFound;
    const today = londonDate(this.#clock.now());
    const { record } = seen;
    if (record.tier === 'upper' && record.expiry_date !== null && record.expiry_date <= today) {
      return { records: [record], origin: 'history', cached: false, retrievedAt: seen.lastSeenAt };
    }
    return { ...notFound, droppedAfter: londonDate(new Date(seen.lastSeenAt)) };
  }

  #mirrorAnswer(records: RegisterRecord[], mirror: MirrorState): RegisterAnswer {
    return {
      records,
      origin: 'mirror',
      cached: false,
      retrievedAt: mirror.info.importedAt,
      mirror: mirror.info,
    };
  }

  async #mirror(): Promise<MirrorState | undefined> {
    const now = this.#clock.now().getTime();
    if (this.#mirrorState && this.#mirrorState.until > now) return this.#mirrorState.value;
    const row = await this.register.currentImport();
    const value = row && {
      seq: Number(row.seq),
      info: { publishedOn: row.published_on, importedAt: row.completed_at ?? row.started_at },
    };
    this.#mirrorState = { value, until: now + MIRROR_INFO_TTL_MS };
    return value;
  }

  /**
   * Asks the register, sharing the call with concurrent misses for the same key. Any failure to get an
   * answer in time is 503 EA_REGISTER_UNAVAILABLE; when the circuit breaker answered, with Retry-After.
   */
  async #ask<T>(
    key: string,
    deadline: RegisterDeadline,
    load: (deadline: RegisterDeadline) => Promise<T>,
  ): Promise<T> {
    try {
      return await this.#shared.run(key, deadline, load);
    } catch (error) {
      if (!(error instanceof RegisterUnavailableError)) throw error;
      this.#logger.warn({ err: error }, 'EA register unavailable');
      const wait = error.retryAfterMs;
      // RFC 9110 §10.2.3: whole seconds.
      const headers =
        wait === undefined ? undefined : { 'retry-after': String(Math.max(1, Math.ceil(wait / 1000))) };
      throw new ApiError('EA_REGISTER_UNAVAILABLE', undefined, undefined, headers);
    }
  }

  /** History is kept on a best-effort basis: failing to write it must not fail a correct answer. */
  async #remember(records: RegisterRecord[]): Promise<void> {
    try {
      await this.register.remember(records);
    } catch (error) {
      this.#logger.warn({ err: error }, 'could not record carrier registrations in history');
    }
  }
}
