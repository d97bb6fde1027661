import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import type { Logger } from 'pino';
import type { Clock } from './clock.ts';
import { atMostEntries } from './lru-entries.ts';

/**
 * A cache of facts (register records, classification rankings) with a time to live. Conclusions that
 * depend on "today" are computed from cached facts at response time, never cached themselves.
 */
export interface Cache {
  get<T>(key: string): Promise<T | undefined>;
  set(key: string, value: unknown, ttlMs: number): Promise<void>;
  delete(key: string): Promise<void>;
}

export interface CacheOptions {
  /** Keeps one capability's keys apart from another's (and names them in Redis). */
  namespace: string;
  /** Bound on entries held in memory. */
  maxEntries: number;
  clock: Clock;
  redis?: Redis;
  logger?: Logger;
}

export function createCache(options: CacheOptions): Cache {
  return options.redis ? new RedisCache(options, options.redis) : new MemoryCache(options);
}

interface Entry {
  value: unknown;
  expiresAt: number;
}

/** Bounded LRU in this process; expiry is judged by the injected clock so tests can move time. */
export class MemoryCache implements Cache {
  readonly #lru: LRUCache<string, Entry>;
  readonly #clock: Clock;

  constructor(options: Pick<CacheOptions, 'maxEntries' | 'clock'>) {
    this.#lru = new LRUCache(atMostEntries(options.maxEntries));
    this.#clock = options.clock;
  }

  async get<T>(key: string): Promise<T | undefined> {
    const entry = this.#lru.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.#clock.now().getTime()) {
      this.#lru.delete(key);
      return undefined;
    }
    return entry.value as T;
  }

  async set(key: string, value: unknown, ttlMs: number): Promise<void> {
    this.#lru.set(key, { value, expiresAt: this.#clock.now().getTime() + ttlMs });
  }

  async delete(key: string): Promise<void> {
    this.#lru.delete(key);
  }
}

/**
 * Shared by every instance. A Redis fault is a cache miss, not a failed request: the caller falls back
 * to the source of truth and the fault is logged.
 */
class RedisCache implements Cache {
  readonly #redis: Redis;
  readonly #prefix: string;
  readonly #logger?: Logger;

  constructor(options: CacheOptions, redis: Redis) {
    this.#redis = redis;
    this.#prefix = `wcs:cache:${options.namespace}:`;
    this.#logger = options.logger;
  }

  async get<T>(key: string): Promise<T | undefined> {
    try {
      const raw = await this.#redis.get(this.#prefix + key);
      return raw === null ? undefined : (JSON.parse(raw) as T);
    } catch (error) {
      this.#logger?.warn({ err: error }, 'redis cache read failed; treating as a miss');
      return undefined;
    }
  }

  async set(key: string, value: unknown, ttlMs: number): Promise<void> {
    try {
      await this.#redis.set(this.#prefix + key, JSON.stringify(value), 'PX', Math.max(1, Math.round(ttlMs)));
    } catch (error) {
      this.#logger?.warn({ err: error }, 'redis cache write failed');
    }
  }

  async delete(key: string): Promise<void> {
    try {
      await this.#redis.del(this.#prefix + key);
    } catch (error) {
      this.#logger?.warn({ err: error }, 'redis cache delete failed');
    }
  }
}
