import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { Clock } from '../platform/clock.ts';
import {
  entryId,
  type FailureRecord,
  type FailureStore,
  MemoryFailureStore,
  MemoryWindowStore,
  RedisFailureStore,
  RedisWindowStore,
  type ThrottleVerdict,
  type WindowStore,
} from './throttle-stores.ts';

export type { FailureRecord, ThrottleVerdict } from './throttle-stores.ts';

/**
 * Failed log-ins counted per account (OWASP Authentication Cheat Sheet, "Login Throttling"). After a few
 * failures each further attempt must wait longer (1 s, 2 s, 4 s … up to a minute), and after ten the
 * account is refused for 15 minutes. Unknown emails are counted exactly like known ones, so being
 * refused says nothing about whether an account exists. A trusted device (see trusted-devices.ts) has a
 * record of its own under the same policy instead of sharing the email's.
 */
export const THROTTLE_POLICY = {
  freeFailures: 3,
  lockAfterFailures: 10,
  maxBackoffMs: 60_000,
  lockMs: 15 * 60_000,
} as const;

/**
 * Failed log-ins counted per client network, across every email: password spraying (a few guesses at
 * each of many accounts) stays under each account's count but not under this one.
 */
export const CLIENT_POLICY = {
  maxFailures: 20,
  windowMs: 15 * 60_000,
} as const;

/**
 * Password-reset requests: per client network (a 429 page), and per email address, where going over
 * sends nothing but answers as usual, so the limit neither floods a mailbox nor reveals an account.
 */
export const RESET_REQUEST_POLICY = {
  perNetwork: 10,
  perEmail: 3,
  windowMs: 60 * 60_000,
} as const;

/** How long after its last failure a record is kept: the lock period, so a lock lasts its full term. */
const KEEP_MS = THROTTLE_POLICY.lockMs;

/** Pure policy: may another attempt be made at `now`, given these failures? */
export function judge(record: FailureRecord | undefined, now: number): ThrottleVerdict {
  const { freeFailures, lockAfterFailures, lockMs, maxBackoffMs } = THROTTLE_POLICY;
  if (!record || record.failures < freeFailures) return { allowed: true };
  const locked = record.failures >= lockAfterFailures;
  const waitMs = locked ? lockMs : Math.min(2 ** (record.failures - freeFailures) * 1000, maxBackoffMs);
  const retryAfterMs = record.lastFailureAt + waitMs - now;
  if (retryAfterMs <= 0) return { allowed: true };
  return { allowed: false, retryAfterMs, locked };
}

/** Whose count an attempt is judged by. */
export type AttemptSource =
  /** A browser presenting a valid device cookie for this account: its own count only. */
  | { trustedDevice: string }
  /** Anyone else: the email's shared count and the client network's. */
  | { email: string; network: string };

export type AttemptRefusal = {
  allowed: false;
  retryAfterMs: number;
  /** `account`: this email (or this device) has failed too often; `network`: this client has. */
  scope: 'account' | 'network';
};

/** An attempt let through: already counted as a failure until `succeeded` says otherwise. */
export interface Attempt {
  allowed: true;
  succeeded(): Promise<void>;
}

interface Stores {
  failures: FailureStore;
  windows: WindowStore;
}

export class LoginThrottle {
  readonly #clock: Clock;
  readonly #logger: Logger;
  readonly #local: Stores = { failures: new MemoryFailureStore(KEEP_MS), windows: new MemoryWindowStore() };
  readonly #shared?: Stores;

  constructor(options: { clock: Clock; logger: Logger; redis?: Redis }) {
    this.#clock = options.clock;
    this.#logger = options.logger;
    if (options.redis) {
      this.#shared = {
        failures: new RedisFailureStore(options.redis, KEEP_MS),
        windows: new RedisWindowStore(options.redis),
      };
    }
  }

  /**
   * Judges and counts an attempt in one step, before the password is checked, so a burst of parallel
   * guesses cannot all pass the check before the first failure is recorded.
   */
  async begin(source: AttemptSource): Promise<Attempt | AttemptRefusal> {
    const now = this.#clock.now().getTime();
    if ('trustedDevice' in source) {
      const key = deviceKey(source.trustedDevice);
      const verdict = await this.#run((s) => s.failures.attempt(key, now, (r) => judge(r, now)));
      if (!verdict.allowed) return { allowed: false, retryAfterMs: verdict.retryAfterMs, scope: 'account' };
      return { allowed: true, succeeded: () => this.#run((s) => s.failures.clear(key)) };
    }

    const network = networkKey(source.network);
    const id = entryId(now);
    const { maxFailures, windowMs } = CLIENT_POLICY;
    const slot = await this.#run((s) => s.windows.take(network, id, now, windowMs, maxFailures));
    if (!slot.allowed) return { allowed: false, retryAfterMs: slot.retryAfterMs, scope: 'network' };
    const key = emailKey(source.email);
    const verdict = await this.#run((s) => s.failures.attempt(key, now, (r) => judge(r, now)));
    if (!verdict.allowed) {
      // Refused before any password was tried: not a failure of this network's.
      await this.#run((s) => s.windows.release(network, id));
      return { allowed: false, retryAfterMs: verdict.retryAfterMs, scope: 'account' };
    }
    return {
      allowed: true,
      // The right password forgives the email's failures and takes this attempt off the network's
      // count, but not the network's other failures: one valid account must not reset a spraying run.
      succeeded: async () => {
        await this.#run((s) => s.failures.clear(key));
        await this.#run((s) => s.windows.release(network, id));
      },
    };
  }

  /**
   * Counts a password-reset request: `network` when this client has asked too often (tell them),
   * `email` when this address has been sent enough links for now (send nothing, say nothing).
   */
  async resetRequest(
    email: string,
    network: string,
  ): Promise<{ allowed: true } | { allowed: false; scope: 'network' | 'email'; retryAfterMs: number }> {
    const now = this.#clock.now().getTime();
    const { perNetwork, perEmail, windowMs } = RESET_REQUEST_POLICY;
    const byNetwork = await this.#run((s) =>
      s.windows.take(`wcs:portal:reset-requests:${sha256(network)}`, entryId(now), now, windowMs, perNetwork),
    );
    if (!byNetwork.allowed) return { ...byNetwork, scope: 'network' };
    const byEmail = await this.#run((s) =>
      s.windows.take(`wcs:portal:reset-emails:${sha256(email)}`, entryId(now), now, windowMs, perEmail),
    );
    return byEmail.allowed ? byEmail : { ...byEmail, scope: 'email' };
  }

  /** Forgets an email's failures: a password reset proves the owner is back. */
  async forgive(email: string): Promise<void> {
    await this.#run((s) => s.failures.clear(emailKey(email)));
  }

  /** Redis when configured; if it is unreachable, this instance's memory, so log-in keeps working. */
  async #run<T>(action: (stores: Stores) => Promise<T>): Promise<T> {
    if (this.#shared) {
      try {
        return await action(this.#shared);
      } catch (err) {
        this.#logger.warn({ err }, 'login throttle: redis unavailable, counting in this instance only');
      }
    }
    return action(this.#local);
  }
}

/** Emails and addresses are hashed so Redis never holds them in clear. */
function emailKey(email: string): string {
  return `wcs:portal:login-failures:${sha256(email)}`;
}

function networkKey(network: string): string {
  return `wcs:portal:client-failures:${sha256(network)}`;
}

function deviceKey(deviceIdHash: string): string {
  return `wcs:portal:device-failures:${deviceIdHash}`;
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
