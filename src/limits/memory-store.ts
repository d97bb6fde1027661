import { LRUCache } from 'lru-cache';
import { atMostEntries } from '../platform/lru-entries.ts';
import type { HitOutcome, LimitStore, ReserveOutcome, WindowOutcome } from './limit-store.ts';
import { WINDOW_MS } from './limit-store.ts';

/**
 * The admission times of one key's requests still inside the window, oldest first, in a ring buffer
 * that grows with use up to the key's limit (an enterprise limit of a million a minute costs nothing
 * until it is used).
 */
class SlidingLog {
  times = new Float64Array(4);
  head = 0;
  size = 0;

  hit(limit: number, now: number): WindowOutcome {
    // A request admitted at t counts until t + 60 s: at exactly t + 60 s its slot is free again.
    while (this.size > 0 && this.times[this.head] <= now - WINDOW_MS) {
      this.head = (this.head + 1) % this.times.length;
      this.size--;
    }
    // A plan change that lowered the limit: the newest requests that fit are the ones that count.
    while (this.size > limit) {
      this.head = (this.head + 1) % this.times.length;
      this.size--;
    }
    const allowed = this.size < limit;
    if (allowed) {
      if (this.size === this.times.length) this.#grow(limit);
      this.times[(this.head + this.size) % this.times.length] = now;
      this.size++;
    }
    return {
      allowed,
      count: this.size,
      nextSlotAtMs: (this.size > 0 ? this.times[this.head] : now) + WINDOW_MS,
    };
  }

  #grow(limit: number): void {
    const next = new Float64Array(Math.min(limit, this.times.length * 2));
    for (let i = 0; i < this.size; i++) next[i] = this.times[(this.head + i) % this.times.length];
    this.times = next;
    this.head = 0;
  }
}

interface QuotaEntry {
  /** Counted calls this cycle plus reservations in flight. */
  used: number;
  inFlight: number;
}

export interface MemoryStoreOptions {
  /** Bound on window slots held (a slot holds one request of some key's last 60 s): 8 bytes each. */
  maxWindowSlots?: number;
  /** Bound on (key, cycle) monthly counters held; evicted ones are read again from the database. */
  maxQuotaEntries?: number;
}

/**
 * Counters in this process, bounded by LRU. Exact for one process; several processes need Redis.
 * A monthly counter with reservations in flight is never dropped (it is parked until they settle), so
 * re-reading the database can never miss a call that is being counted.
 */
export class MemoryLimitStore implements LimitStore {
  readonly name = 'memory';
  readonly #windows: LRUCache<string, SlidingLog>;
  readonly #quotas: LRUCache<string, QuotaEntry>;
  readonly #parked = new Map<string, QuotaEntry>();

  constructor(options: MemoryStoreOptions = {}) {
    this.#windows = new LRUCache({
      maxSize: options.maxWindowSlots ?? 8_000_000,
      sizeCalculation: (log) => Math.max(1, log.times.length),
    });
    this.#quotas = new LRUCache({
      ...atMostEntries(options.maxQuotaEntries ?? 200_000),
      dispose: (entry, key, reason) => {
        if (reason === 'evict' && entry.inFlight > 0) this.#parked.set(key, entry);
      },
    });
  }

  async hit(
    keyId: string,
    perMinute: number,
    nowMs: number,
    cycleId: string,
    monthlyLimit?: number,
  ): Promise<HitOutcome> {
    let log = this.#windows.get(keyId);
    if (!log) {
      log = new SlidingLog();
      this.#windows.set(keyId, log);
    }
    const capacityBefore = log.times.length;
    const window = log.hit(perMinute, nowMs);
    if (log.times.length !== capacityBefore) this.#windows.set(keyId, log); // re-measure after a resize
    if (monthlyLimit === undefined || !window.allowed)
      return { window, monthlyUsed: this.#quota(keyId, cycleId)?.used };
    const reserve = this.#reserve(keyId, cycleId, monthlyLimit);
    return { window, monthlyUsed: reserve.status === 'unseeded' ? undefined : reserve.used, reserve };
  }

  async seed(keyId: string, cycleId: string, _cycleLeftMs: number, committed: number): Promise<number> {
    const existing = this.#quota(keyId, cycleId);
    if (existing) return existing.used;
    this.#quotas.set(quotaKey(keyId, cycleId), { used: committed, inFlight: 0 });
    return committed;
  }

  async reserve(keyId: string, cycleId: string, limit: number, calls = 1): Promise<ReserveOutcome> {
    return this.#reserve(keyId, cycleId, limit, calls);
  }

  #reserve(keyId: string, cycleId: string, limit: number, calls = 1): ReserveOutcome {
    const entry = this.#quota(keyId, cycleId);
    if (!entry) return { status: 'unseeded' };
    if (entry.used + calls > limit) return { status: 'exhausted', used: entry.used };
    entry.used += calls;
    entry.inFlight += calls;
    return { status: 'reserved', used: entry.used, via: this };
  }

  async commit(keyId: string, cycleId: string, calls = 1): Promise<void> {
    this.#settle(keyId, cycleId, calls, false);
  }

  async release(keyId: string, cycleId: string, calls = 1): Promise<number | undefined> {
    return this.#settle(keyId, cycleId, calls, true);
  }

  /** Forgets monthly counters with nothing in flight, so they are read again from the database. */
  forgetQuotas(): void {
    for (const [key, entry] of this.#quotas.entries()) if (entry.inFlight === 0) this.#quotas.delete(key);
  }

  #settle(keyId: string, cycleId: string, calls: number, release: boolean): number | undefined {
    const key = quotaKey(keyId, cycleId);
    const entry = this.#quotas.get(key) ?? this.#parked.get(key);
    if (!entry) return undefined;
    entry.inFlight = Math.max(0, entry.inFlight - calls);
    if (release) entry.used = Math.max(0, entry.used - calls);
    if (entry.inFlight === 0) this.#parked.delete(key);
    return entry.used;
  }

  #quota(keyId: string, cycleId: string): QuotaEntry | undefined {
    const key = quotaKey(keyId, cycleId);
    return this.#quotas.get(key) ?? this.#parked.get(key);
  }
}

function quotaKey(keyId: string, cycleId: string): string {
  return `${keyId}:${cycleId}`;
}
