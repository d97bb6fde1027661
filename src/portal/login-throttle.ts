import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import type { Logger } from 'pino';
import type { Clock } from '../platform/clock.ts';

/**
 * Failed log-ins, counted per email address (OWASP Authentication Cheat Sheet, "Login Throttling"). After a few failures each further attempt must wait longer (1 s, 2 s, 4 s … up to
 * a minute), and after ten the address is refused for 15 minutes. Unknown emails are counted exactly
 * like known ones, so being refused says nothing about whether an account exists.
 */
export const THROTTLE_POLICY = {
  freeFailures: 3,
  lockAfterFailures: 10,
  maxBackoffMs: 60_000,
  lockMs: 15 * 60_000,
} as const;

export interface FailureRecord {
  failures: number;
  lastFailureAt: number;
}

export type ThrottleVerdict = { allowed: true } | { allowed: false; retryAfterMs: number; locked: boolean };

/** How long after its last failure a record is kept: the lock period, so a lock lasts its full term. */
const WINDOW_MS = THROTTLE_POLICY.lockMs;

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

interface FailureStore {
  get(key: string, now: number): Promise<FailureRecord | undefined>;
  fail(key: string, now: number): Promise<void>;
  clear(key: string): Promise<void>;
}

class MemoryFailureStore implements FailureStore {
  readonly #records = new LRUCache<string, FailureRecord>({ max: 50_000 });

  async get(key: string, now: number): Promise<FailureRecord | undefined> {
    const record = this.#records.get(key);
    if (record && record.lastFailureAt + WINDOW_MS <= now) {
      this.#records.delete(key);
      return undefined;
    }
    return record;
  }

  async fail(key: string, now: number): Promise<void> {
    const failures = ((await this.get(key, now))?.failures ?? 0) + 1;
    this.#records.set(key, { failures, lastFailureAt: now });
  }

  async clear(key: string): Promise<void> {
    this.#records.delete(key);
  }
}

/** Shared by every instance: one MULTI counts the failure, stamps it and renews the expiry together. */
class RedisFailureStore implements FailureStore {
  readonly #redis: Redis;

  constructor(redis: Redis) {
    this.#redis = redis;
  }

  async get(key: string, now: number): Promise<FailureRecord | undefined> {
    const raw = await this.#redis.hgetall(key);
    if (!raw.failures) return undefined;
    const record = { failures: Number(raw.failures), lastFailureAt: Number(raw.last) };
    return record.lastFailureAt + WINDOW_MS <= now ? undefined : record;
  }

  async fail(key: string, now: number): Promise<void> {
    await this.#redis
      .multi()
      .hincrby(key, 'failures', 1)
      .hset(key, 'last', now)
      .pexpire(key, WINDOW_MS)
      .exec();
  }

  async clear(key: string): Promise<void> {
    await this.#redis.del(key);
  }
}

export class LoginThrottle {
  readonly #clock: Clock;
  readonly #logger: Logger;
  readonly #local = new MemoryFailureStore();
  readonly #shared?: RedisFailureStore;

  constructor(options: { clock: Clock; logger: Logger; redis?: Redis }) {
    this.#clock = options.clock;
    this.#logger = options.logger;
    if (options.redis) this.#shared = new RedisFailureStore(options.redis);
  }

  /** Whether a log-in attempt for this email may proceed now. */
  async check(email: string): Promise<ThrottleVerdict> {
    const now = this.#clock.now().getTime();
    return judge(await this.#run((s) => s.get(keyFor(email), now)), now);
  }

  async fail(email: string): Promise<void> {
    const now = this.#clock.now().getTime();
    await this.#run((s) => s.fail(keyFor(email), now));
  }

  /** A successful log-in forgives the earlier failures. */
  async succeed(email: string): Promise<void> {
    await this.#run((s) => s.clear(keyFor(email)));
  }

  /** Redis when configured; if it is unreachable, this instance's memory, so log-in keeps working. */
  async #run<T>(action: (store: FailureStore) => Promise<T>): Promise<T> {
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

/** Emails are hashed so Redis never holds them in clear. */
function keyFor(email: string): string {
  return `wcs:portal:login-failures:${createHash('sha256').update(email).digest('hex')}`;
}
