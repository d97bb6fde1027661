import { once } from 'node:events';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { AuthContext } from '../accounts/account-service.ts';
import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/db/database.ts';
import { ApiError } from '../platform/errors.ts';
import { type Cycle, cycleAt, daysOfCycleUntil, secondsUntil, utcDay } from './cycle.ts';
import { FallbackLimitStore } from './fallback-store.ts';
import type { LimitStore, ReserveOutcome } from './limit-store.ts';
import { MemoryLimitStore, type MemoryStoreOptions } from './memory-store.ts';
import { RedisLimitStore } from './redis-store.ts';
import { UsageLedger } from './usage-ledger.ts';

/** What the limits know about one request: set when it is admitted, updated as the quota is spent. */
export interface LimitState {
  keyId: string;
  /** Live keys are counted against the monthly quota; test keys never are. */
  live: boolean;
  nowMs: number;
  cycle: Cycle;
  perMinute: number;
  allowed: boolean;
  windowCount: number;
  nextSlotAtMs: number;
  monthlyLimit: number;
  monthlyUsed: number;
  /** The quota was found spent when the request was admitted. */
  exhausted?: boolean;
  /**
   * A monthly call held for this request. `checked` once the request has passed the quota check
   * (preHandler); a hold that never got there (replayed, refused by its schema) is always given back.
   */
  reservation?: {
    via: LimitStore | undefined;
    day: string;
    settled: boolean;
    checked: boolean;
    /** The further calls held by a request worth more than one (reserveMore). */
    more?: { via: LimitStore; calls: number };
  };
  /**
   * A test key's call on a billable route that passed its checks (noteTestCalls): counted as a live
   * key's would be, for the usage report only. Never limited, never billed.
   */
  testCalls?: { calls: number; day: string; settled: boolean };
}

/** One key's use of its monthly quota: GET /v1/usage and the portal's dashboard. */
export interface KeyUsage {
  /** Calls counted against the monthly quota: a live key's calls; always 0 for a test key. */
  used: number;
  /**
   * Calls made this cycle, counted by the live rule (billable routes, no 5xx, no 429, no replay): for a
   * live key the same as `used`; for a test key its calls, never counted against a quota or billed.
   */
  calls: number;
  limit: number;
  remaining: number;
  /** ISO 8601 UTC: 00:00 on the 1st of this month. */
  cycle_start: string;
  /** ISO 8601 UTC: 00:00 on the 1st of next month, when the quota resets. */
  resets_at: string;
  /** Every UTC day of the cycle so far, oldest first, with its calls (as `calls` counts them). */
  daily: Array<{ date: string; calls: number }>;
}

export interface LimitServiceOptions {
  db: Db;
  clock: Clock;
  logger: Logger;
  redis?: Redis;
  memory?: MemoryStoreOptions;
}

/**
 * Rate limits (a sliding 60 s window per key) and monthly quotas (per live key, per UTC month).
 * The order of checks is the hooks' (limit-hooks.ts): admit after authentication, reserve a call after
 * the idempotency replay, settle once the response status is known, so only calls that end in neither
 * a 5xx nor a 429 are counted, and each is written to the database before its response leaves.
 */
export class LimitService {
  readonly store: LimitStore;
  readonly #clock: Clock;
  readonly #logger: Logger;
  readonly #ledger: UsageLedger;
  readonly #redis?: Redis;
  readonly #seeding = new Map<string, Promise<number>>();
  #cycle: Cycle = cycleAt(new Date(0));

  constructor(options: LimitServiceOptions) {
    this.#clock = options.clock;
    this.#logger = options.logger;
    this.#ledger = new UsageLedger(options.db, options.logger);
    this.#redis = options.redis;
    const memory = new MemoryLimitStore(options.memory);
    this.store = options.redis
      ? new FallbackLimitStore(new RedisLimitStore(options.redis), memory, options.logger)
      : memory;
  }

  /**
   * Waits (up to 2 s) for Redis to be ready, so the first requests after a start share the limits
   * instead of falling back to this instance's counters while the connection is still being made.
   */
  async start(): Promise<void> {
    const redis = this.#redis;
    if (!redis || redis.status === 'ready') return;
    try {
      await once(redis, 'ready', { signal: AbortSignal.timeout(2_000) });
    } catch {
      this.#logger.warn('redis not ready: limits start on this instance alone until it is');
    }
  }

  /**
   * Counts the request in its key's window and reads the key's monthly use. A `billable` request (live
   * key, billable route) admitted by the window also holds a monthly call in the same atomic step (one
   * Redis round trip instead of two); the quota check itself is still `reserve`, after any replay.
   */
  async admit(auth: AuthContext, billable = false): Promise<LimitState> {
    const nowMs = this.#clock.now().getTime();
    const cycle = this.#cycleAt(nowMs);
    const live = auth.mode === 'live';
    const { perMinute, monthly } = auth.limits;
    const hold = billable && live ? monthly : undefined;
    const hit = await this.store.hit(auth.keyId, perMinute, nowMs, cycle.id, hold);
    const monthlyUsed = live ? (hit.monthlyUsed ?? (await this.#seed(auth.keyId, cycle, nowMs))) : 0;
    const reserve = hit.reserve;
    return {
      reservation:
        reserve?.status === 'reserved'
          ? { via: reserve.via, day: utcDay(new Date(nowMs)), settled: false, checked: false }
          : undefined,
      exhausted: reserve?.status === 'exhausted',
      keyId: auth.keyId,
      live,
      nowMs,
      cycle,
      perMinute,
      allowed: hit.window.allowed,
      windowCount: hit.window.count,
      nextSlotAtMs: hit.window.nextSlotAtMs,
      monthlyLimit: monthly,
      monthlyUsed,
    };
  }

  /** The quota check: takes (or confirms the hold on) one call of the monthly quota; false when spent. */
  async reserve(state: LimitState): Promise<boolean> {
    if (state.reservation) {
      state.reservation.checked = true;
      return true;
    }
    if (state.exhausted) return false;
    const { keyId } = state;
    const outcome = await this.#take(state, 1);
    const day = utcDay(new Date(state.nowMs));
    if (outcome.status === 'unseeded') {
      // Only if the counter vanished twice in a row (Redis flushed mid-request): count it, hold nothing.
      this.#logger.warn({ keyId }, 'monthly counter missing after seeding; counting the call without a hold');
      state.reservation = { via: undefined, day, settled: false, checked: true };
      return true;
    }
    state.monthlyUsed = outcome.used;
    if (outcome.status === 'exhausted') return false;
    state.reservation = { via: outcome.via, day, settled: false, checked: true };
    return true;
  }

  /**
   * Holds `calls` more calls for a request already holding one (a batch of carrier checks counts one
   * call per number): all of them, or none and false when the month has fewer left.
   */
  async reserveMore(state: LimitState, calls: number): Promise<boolean> {
    const reservation = state.reservation;
    if (!reservation || calls <= 0) return true;
    const outcome = await this.#take(state, calls);
    if (outcome.status !== 'reserved') {
      if (outcome.status === 'exhausted') state.monthlyUsed = outcome.used;
      return false;
    }
    state.monthlyUsed = outcome.used;
    reservation.more = { via: outcome.via, calls };
    return true;
  }

  /**
   * A test key's request on a billable route passed its checks: it is worth `calls` calls, recorded once
   * it is settled with a status that a live key would be counted for. Test calls only show in the usage
   * report: no counter holds them and no request is ever refused for them.
   */
  noteTestCalls(state: LimitState, calls: number): void {
    if (state.live) return;
    state.testCalls = { calls, day: utcDay(new Date(state.nowMs)), settled: false };
  }

  /** Whether the request still has calls to settle: a live key's held call or a test key's noted calls. */
  unsettled(state: LimitState): boolean {
    return (
      (state.reservation !== undefined && !state.reservation.settled) ||
      (state.testCalls !== undefined && !state.testCalls.settled)
    );
  }

  /**
   * Records the held call (counted) or gives it back (5xx, 429, replay, or a request that never passed
   * the quota check). Of the further calls a request held (reserveMore), `served - 1` are counted and
   * the rest given back: a batch pays only for the numbers it answered. Never throws.
   */
  async settle(state: LimitState, counted: boolean, served?: number): Promise<void> {
    const test = state.testCalls;
    if (test && !test.settled) {
      test.settled = true;
      const calls = counted ? Math.min(served ?? test.calls, test.calls) : 0;
      if (calls > 0) this.#ledger.record(state.keyId, test.day, calls);
      return;
    }
    const reservation = state.reservation;
    if (!reservation || reservation.settled) return;
    reservation.settled = true;
    const { keyId, cycle } = state;
    const more = reservation.more;
    const countedCalls = counted && reservation.checked ? (served ?? 1 + (more?.calls ?? 0)) : 0;
    try {
      if (more) {
        const kept = Math.min(more.calls, Math.max(0, countedCalls - 1));
        if (kept > 0) await more.via.commit(keyId, cycle.id, kept);
        if (more.calls > kept) {
          const used = await more.via.release(keyId, cycle.id, more.calls - kept);
          state.monthlyUsed = used ?? Math.max(0, state.monthlyUsed - (more.calls - kept));
        }
      }
      if (countedCalls > 0) {
        await reservation.via?.commit(keyId, cycle.id);
        // Write-behind (docs/decisions.md): the store's counter, already holding these calls, is what
        // enforces the quota; the ledger writes the database row within a quarter of a second.
        this.#ledger.record(keyId, reservation.day, Math.min(countedCalls, 1 + (more?.calls ?? 0)));
      } else {
        const used = await reservation.via?.release(keyId, cycle.id);
        state.monthlyUsed = used ?? Math.max(0, state.monthlyUsed - 1);
      }
    } catch (err) {
      // The call was served; the counter still holds it, only its database row is missing (logged).
      this.#logger.error({ err, keyId }, 'could not settle a monthly call');
    }
  }

  windowExceeded(state: LimitState): ApiError {
    const wait = secondsUntil(state.nextSlotAtMs, state.nowMs);
    return new ApiError(
      'RATE_LIMIT_EXCEEDED',
      `Rate limit exceeded: this key may make ${state.perMinute} requests in any 60 seconds. Try again in ${wait} s.`,
      undefined,
      { 'retry-after': String(wait) },
    );
  }

  /**
   * The refusal of a request the monthly quota cannot cover: MONTHLY_QUOTA_EXCEEDED, a code of its own
   * (not the per-minute RATE_LIMIT_EXCEEDED), since a client must not retry it before `Retry-After`
   * (the reset) and may want to tell its user to change plan. `calls`: what the refused request needed,
   * when it was worth more than one call (a batch).
   */
  quotaExceeded(state: LimitState, calls = 1): ApiError {
    const resetsAt = state.cycle.end.toISOString();
    // A refused batch still holds its first call: that one is among those left to it.
    const left = Math.max(0, state.monthlyLimit - state.monthlyUsed + (state.reservation ? 1 : 0));
    const message =
      calls > 1 && left > 0
        ? `Monthly limit reached: this request needs ${calls} calls and this key has ${left} of its plan's ${state.monthlyLimit} left for ${state.cycle.id}. Send a smaller batch, or wait until the quota resets at ${resetsAt} (00:00 UTC on the 1st).`
        : `Monthly limit reached: this key has used all ${state.monthlyLimit} calls of its plan for ${state.cycle.id}. The quota resets at ${resetsAt} (00:00 UTC on the 1st).`;
    return new ApiError('MONTHLY_QUOTA_EXCEEDED', message, undefined, {
      'retry-after': String(secondsUntil(state.cycle.end.getTime(), state.nowMs)),
    });
  }

  /**
   * The calling key's calls this cycle, by day: counted against the quota for a live key; for a test
   * key, its calls as a live key's would be counted, shown but never counted against anything.
   */
  async usage(auth: AuthContext): Promise<KeyUsage> {
    const [usage] = await this.usageOfKeys([auth]);
    return usage;
  }

  /** usage() for several keys (an organisation's, for the portal's dashboard), read in one query. */
  async usageOfKeys(auths: readonly AuthContext[]): Promise<KeyUsage[]> {
    // Counted calls are written behind their responses: let those still in flight land first, so a
    // report never shows fewer calls than the client has made.
    await this.#ledger.flush();
    const now = this.#clock.now();
    const cycle = cycleAt(now);
    const byKey = await this.#ledger.dailyByKey(
      auths.map((auth) => auth.keyId),
      cycle,
    );
    const days = daysOfCycleUntil(cycle, now);
    const cycleStart = cycle.start.toISOString();
    const resetsAt = cycle.end.toISOString();
    return auths.map((auth) => {
      const byDay = byKey.get(auth.keyId) ?? new Map<string, number>();
      const daily = days.map((date) => ({ date, calls: byDay.get(date) ?? 0 }));
      let calls = 0;
      for (const n of byDay.values()) calls += n;
      const used = auth.mode === 'live' ? calls : 0;
      const limit = auth.limits.monthly;
      return {
        used,
        calls,
        limit,
        remaining: Math.max(0, limit - used),
        cycle_start: cycleStart,
        resets_at: resetsAt,
        daily,
      };
    });
  }

  /** Waits for counted calls still being written (on shutdown). */
  stop(): Promise<void> {
    return this.#ledger.flush();
  }

  /** Takes `calls` monthly calls in the store, seeding its counter from the database first if need be. */
  async #take(state: LimitState, calls: number): Promise<ReserveOutcome> {
    const { keyId, cycle, monthlyLimit } = state;
    const outcome = await this.store.reserve(keyId, cycle.id, monthlyLimit, calls);
    if (outcome.status !== 'unseeded') return outcome;
    await this.#seed(keyId, cycle, state.nowMs);
    return this.store.reserve(keyId, cycle.id, monthlyLimit, calls);
  }

  /** Seeds the store's monthly counter from the database, once per key and cycle however many ask. */
  #seed(keyId: string, cycle: Cycle, nowMs: number): Promise<number> {
    const id = `${keyId}:${cycle.id}`;
    let seeding = this.#seeding.get(id);
    if (!seeding) {
      seeding = this.#ledger
        .used(keyId, cycle)
        .then((committed) => this.store.seed(keyId, cycle.id, cycle.end.getTime() - nowMs, committed))
        .finally(() => this.#seeding.delete(id));
      this.#seeding.set(id, seeding);
    }
    return seeding;
  }

  #cycleAt(nowMs: number): Cycle {
    if (nowMs < this.#cycle.start.getTime() || nowMs >= this.#cycle.end.getTime()) {
      this.#cycle = cycleAt(new Date(nowMs));
    }
    return this.#cycle;
  }
}
