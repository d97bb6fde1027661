import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import { atMostEntries } from '../platform/lru-entries.ts';

/** Failed attempts against one key (an email, a trusted device): how many, and when the last one was. */
export interface FailureRecord {
  failures: number;
  lastFailureAt: number;
}

export type ThrottleVerdict = { allowed: true } | { allowed: false; retryAfterMs: number; locked: boolean };

/**
 * Failure counts judged and counted in one step, so parallel attempts cannot all pass the check before
 * any of them is counted. An attempt is counted as a failure when it is let through; a successful
 * log-in clears the record afterwards.
 */
export interface FailureStore {
  /** Judges the record at `now`; when allowed, counts this attempt in the same atomic step. */
  attempt(
    key: string,
    now: number,
    judge: (record: FailureRecord | undefined) => ThrottleVerdict,
  ): Promise<ThrottleVerdict>;
  clear(key: string): Promise<void>;
}

export type WindowVerdict = { allowed: true } | { allowed: false; retryAfterMs: number };

/** A sliding window of entries per key: at most `limit` within any `windowMs`. */
export interface WindowStore {
  /** Admits entry `id` when fewer than `limit` entries are in the window ending at `now`. */
  take(key: string, id: string, now: number, windowMs: number, limit: number): Promise<WindowVerdict>;
  /** Gives an admitted entry back (the attempt turned out not to count). */
  release(key: string, id: string): Promise<void>;
}

/** Entry ids unique across instances that admit in the same millisecond. */
export function entryId(now: number): string {
  return `${now}:${randomBytes(8).toString('hex')}`;
}

export class MemoryFailureStore implements FailureStore {
  readonly #records = new LRUCache<string, FailureRecord>(atMostEntries(50_000));
  readonly #keepMs: number;

  /** A record is forgotten `keepMs` after its last failure. */
  constructor(keepMs: number) {
    this.#keepMs = keepMs;
  }

  async attempt(
    key: string,
    now: number,
    judge: (record: FailureRecord | undefined) => ThrottleVerdict,
  ): Promise<ThrottleVerdict> {
    let record = this.#records.get(key);
    if (record && record.lastFailureAt + this.#keepMs <= now) record = undefined;
    const verdict = judge(record);
    if (verdict.allowed)
      this.#records.set(key, { failures: (record?.failures ?? 0) + 1, lastFailureAt: now });
    return verdict;
  }

  async clear(key: string): Promise<void> {
    this.#records.delete(key);
  }
}

/**
 * Counts the failure only if the record is still the one the caller judged (compare-and-set), so the
 * policy stays in TypeScript and instances sharing the Redis never both pass on the same count.
 */
const COUNT_IF_UNCHANGED = `
local now = tonumber(ARGV[2])
local keep = tonumber(ARGV[3])
local failures = tonumber(redis.call('HGET', KEYS[1], 'failures') or '0')
local last = tonumber(redis.call('HGET', KEYS[1], 'last') or '0')
if failures > 0 and last + keep <= now then failures = 0 end
if failures ~= tonumber(ARGV[1]) then return -1 end
redis.call('HSET', KEYS[1], 'failures', failures + 1, 'last', now)
redis.call('PEXPIRE', KEYS[1], keep)
return failures + 1
`;

const TAKE = `
local now = tonumber(ARGV[2])
local window = tonumber(ARGV[3])
local limit = tonumber(ARGV[4])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local count = redis.call('ZCARD', KEYS[1])
if count >= limit then
  -- The entry whose leaving brings the window below the limit.
  return redis.call('ZRANGE', KEYS[1], count - limit, count - limit, 'WITHSCORES')[2]
end
redis.call('ZADD', KEYS[1], now, ARGV[1])
redis.call('PEXPIRE', KEYS[1], window)
return ''
`;

interface ThrottleCommands {
  wcsPortalCountIfUnchanged(key: string, expected: number, now: number, keepMs: number): Promise<number>;
  wcsPortalTake(key: string, id: string, now: number, windowMs: number, limit: number): Promise<string>;
}

function withCommands(redis: Redis): Redis & ThrottleCommands {
  if (!('wcsPortalTake' in redis)) {
    redis.defineCommand('wcsPortalCountIfUnchanged', { numberOfKeys: 1, lua: COUNT_IF_UNCHANGED });
    redis.defineCommand('wcsPortalTake', { numberOfKeys: 1, lua: TAKE });
  }
  return redis as Redis & ThrottleCommands;
}

/** Attempts that lose the compare-and-set this many times in a row are refused for a second. */
const MAX_CONTENDED_TRIES = 8;

export class RedisFailureStore implements FailureStore {
  readonly #redis: Redis & ThrottleCommands;
  readonly #keepMs: number;

  constructor(redis: Redis, keepMs: number) {
    this.#redis = withCommands(redis);
    this.#keepMs = keepMs;
  }

  async attempt(
    key: string,
    now: number,
    judge: (record: FailureRecord | undefined) => ThrottleVerdict,
  ): Promise<ThrottleVerdict> {
    for (let i = 0; i < MAX_CONTENDED_TRIES; i++) {
      const raw = await this.#redis.hgetall(key);
      let record: FailureRecord | undefined = raw.failures
        ? { failures: Number(raw.failures), lastFailureAt: Number(raw.last) }
        : undefined;
      if (record && record.lastFailureAt + this.#keepMs <= now) record = undefined;
      const verdict = judge(record);
      if (!verdict.allowed) return verdict;
      const counted = await this.#redis.wcsPortalCountIfUnchanged(
        key,
        record?.failures ?? 0,
        now,
        this.#keepMs,
      );
      if (counted >= 0) return verdict;
    }
    return { allowed: false, retryAfterMs: 1000, locked: false };
  }

  async clear(key: string): Promise<void> {
    await this.#redis.del(key);
  }
}

export class MemoryWindowStore implements WindowStore {
  /** Admission times per key, oldest first, with their ids. */
  readonly #windows = new LRUCache<string, { at: number; id: string }[]>(atMostEntries(50_000));

  async take(key: string, id: string, now: number, windowMs: number, limit: number): Promise<WindowVerdict> {
    const entries = (this.#windows.get(key) ?? []).filter((e) => e.at > now - windowMs);
    if (entries.length >= limit) {
      this.#windows.set(key, entries);
      return { allowed: false, retryAfterMs: entries[entries.length - limit].at + windowMs - now };
    }
    entries.push({ at: now, id });
    this.#windows.set(key, entries);
    return { allowed: true };
  }

  async release(key: string, id: string): Promise<void> {
    const entries = this.#windows.get(key);
    if (entries)
      this.#windows.set(
        key,
        entries.filter((e) => e.id !== id),
      );
  }
}

/** A sorted set per key, trimmed, counted and added to by one script (as the API's rate limits do). */
export class RedisWindowStore implements WindowStore {
  readonly #redis: Redis & ThrottleCommands;

  constructor(redis: Redis) {
    this.#redis = withCommands(redis);
  }

  async take(key: string, id: string, now: number, windowMs: number, limit: number): Promise<WindowVerdict> {
    const oldest = await this.#redis.wcsPortalTake(key, id, now, windowMs, limit);
    if (oldest === '') return { allowed: true };
    return { allowed: false, retryAfterMs: Math.max(1, Number(oldest) + windowMs - now) };
  }

  async release(key: string, id: string): Promise<void> {
    await this.#redis.zrem(key, id);
  }
}
