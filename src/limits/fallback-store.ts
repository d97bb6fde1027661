import {
  BrokenCircuitError,
  type CircuitBreakerPolicy,
  ConsecutiveBreaker,
  circuitBreaker,
  handleAll,
} from 'cockatiel';
import type { Logger } from 'pino';
import type { HitOutcome, LimitStore, ReserveOutcome } from './limit-store.ts';
import type { MemoryLimitStore } from './memory-store.ts';
import type { RedisLimitStore } from './redis-store.ts';

export interface FallbackOptions {
  /** A Redis call slower than this counts as a failure (a hung Redis must not hold requests). */
  timeoutMs?: number;
  /** After the breaker opens, how long before one call tries Redis again. */
  retryAfterMs?: number;
}

/** Bound on the monthly counters remembered for re-seeding after an outage. */
const MAX_TOUCHED = 100_000;

/**
 * Redis while it answers, this process's counters while it does not (issue 3: "the service keeps
 * answering"). A circuit breaker (cockatiel) stops paying a failing call per request; the outage is
 * logged once when it opens and once when Redis is back. What it costs is in docs/decisions.md: each
 * instance enforces the limits alone while Redis is away.
 */
export class FallbackLimitStore implements LimitStore {
  readonly name = 'redis';
  readonly #remote: RedisLimitStore;
  readonly #local: MemoryLimitStore;
  readonly #logger: Logger;
  readonly #breaker: CircuitBreakerPolicy;
  readonly #timeoutMs: number;
  /** Monthly counters changed locally during an outage: Redis's copies are stale once it is back. */
  readonly #touched = new Map<string, { keyId: string; cycleId: string }>();

  constructor(
    remote: RedisLimitStore,
    local: MemoryLimitStore,
    logger: Logger,
    options: FallbackOptions = {},
  ) {
    this.#remote = remote;
    this.#local = local;
    this.#logger = logger;
    this.#breaker = circuitBreaker(handleAll, {
      halfOpenAfter: options.retryAfterMs ?? 2_000,
      breaker: new ConsecutiveBreaker(2),
    });
    this.#timeoutMs = options.timeoutMs ?? 500;
    this.#breaker.onBreak((reason) => {
      const err = 'error' in reason ? reason.error : undefined;
      this.#logger.error(
        { err },
        'redis unreachable: rate limits and quotas fall back to this instance alone',
      );
    });
    this.#breaker.onReset(() => {
      this.#logger.warn('redis reachable again: rate limits and quotas are shared across instances again');
      void this.#resync();
    });
  }

  async hit(
    keyId: string,
    perMinute: number,
    nowMs: number,
    cycleId: string,
    monthlyLimit?: number,
  ): Promise<HitOutcome> {
    const outcome = await this.#run(
      () => this.#remote.hit(keyId, perMinute, nowMs, cycleId, monthlyLimit),
      () => this.#touch(keyId, cycleId, this.#local.hit(keyId, perMinute, nowMs, cycleId, monthlyLimit)),
    );
    if (outcome.reserve) outcome.reserve = this.#settleWhereMade(outcome.reserve);
    return outcome;
  }

  seed(keyId: string, cycleId: string, cycleLeftMs: number, committed: number): Promise<number> {
    return this.#run(
      () => this.#remote.seed(keyId, cycleId, cycleLeftMs, committed),
      () => this.#touch(keyId, cycleId, this.#local.seed(keyId, cycleId, cycleLeftMs, committed)),
    );
  }

  async reserve(keyId: string, cycleId: string, limit: number, calls = 1): Promise<ReserveOutcome> {
    const outcome = await this.#run(
      () => this.#remote.reserve(keyId, cycleId, limit, calls),
      () => this.#touch(keyId, cycleId, this.#local.reserve(keyId, cycleId, limit, calls)),
    );
    return this.#settleWhereMade(outcome);
  }

  /** A reservation is settled where it was made, and a Redis fault at settling never fails the request. */
  #settleWhereMade(outcome: ReserveOutcome): ReserveOutcome {
    return outcome.status === 'reserved' && outcome.via === this.#remote
      ? { ...outcome, via: this.#guarded }
      : outcome;
  }

  commit(keyId: string, cycleId: string, calls = 1): Promise<void> {
    return this.#local.commit(keyId, cycleId, calls);
  }

  release(keyId: string, cycleId: string, calls = 1): Promise<number | undefined> {
    return this.#local.release(keyId, cycleId, calls);
  }

  /** Settles reservations held in Redis; if Redis fails now, the call stays counted there (logged). */
  readonly #guarded: LimitStore = {
    name: 'redis',
    hit: (...args) => this.hit(...args),
    seed: (...args) => this.seed(...args),
    reserve: (...args) => this.reserve(...args),
    commit: async () => {},
    release: async (keyId, cycleId, calls) => {
      try {
        return await this.#call(() => this.#remote.release(keyId, cycleId, calls));
      } catch (err) {
        this.#logger.warn(
          { err, keyId },
          'could not release a monthly call in redis; it stays counted there',
        );
        return undefined;
      }
    },
  };

  async #run<T>(remote: () => Promise<T>, local: () => Promise<T>): Promise<T> {
    try {
      return await this.#call(remote);
    } catch (err) {
      // A call the open breaker refused is the outage already logged; one that failed is logged (at
      // most two per outage, then one per retry).
      if (!(err instanceof BrokenCircuitError)) {
        this.#logger.warn({ err }, 'redis call failed: answered from this instance');
      }
      return local();
    }
  }

  /**
   * Through the breaker, with a deadline. A plain timer rather than cockatiel's timeout policy: that one
   * builds an AbortController and cancellation token per call, which measured ~40 us per request, more
   * than the Redis call itself (bench/limits.ts).
   */
  #call<T>(remote: () => Promise<T>): Promise<T> {
    return this.#breaker.execute(
      () =>
        new Promise<T>((resolve, reject) => {
          const timer = setTimeout(
            () => reject(new Error(`redis did not answer in ${this.#timeoutMs} ms`)),
            this.#timeoutMs,
          );
          remote().then(
            (value) => {
              clearTimeout(timer);
              resolve(value);
            },
            (error: unknown) => {
              clearTimeout(timer);
              reject(error);
            },
          );
        }),
    );
  }

  async #touch<T>(keyId: string, cycleId: string, result: Promise<T>): Promise<T> {
    if (this.#touched.size < MAX_TOUCHED) this.#touched.set(`${keyId}:${cycleId}`, { keyId, cycleId });
    return result;
  }

  /** After an outage: counters changed here are seeded again, in Redis and here, from the database. */
  async #resync(): Promise<void> {
    const touched = [...this.#touched.values()];
    this.#touched.clear();
    this.#local.forgetQuotas();
    try {
      await this.#remote.forget(touched);
    } catch (err) {
      this.#logger.warn({ err }, 'could not reset monthly counters in redis after an outage');
    }
  }
}
