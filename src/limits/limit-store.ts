/**
 * Where the per-key counters live: in this process (memory-store.ts) or in Redis shared by every
 * instance (redis-store.ts). Each operation is one atomic check-and-count.
 */

/** A true sliding window: the rate limit counts requests in the 60 seconds before now. */
export const WINDOW_MS = 60_000;

export interface WindowOutcome {
  allowed: boolean;
  /** Requests in the window after this one (this one included when allowed). */
  count: number;
  /**
   * When the window next gains a free slot (ms): 60 s after the oldest request that keeps it full, or,
   * with room left, 60 s after its oldest request.
   */
  nextSlotAtMs: number;
}

export interface HitOutcome {
  window: WindowOutcome;
  /** Calls used this cycle (counted and in flight), or undefined when the store has not been seeded. */
  monthlyUsed: number | undefined;
  /** When a monthly limit was passed and the window admitted the request: the reservation's outcome. */
  reserve?: ReserveOutcome;
}

export type ReserveOutcome =
  /** `via` is the store holding the reservation: commit or release it there. */
  | { status: 'reserved'; used: number; via: LimitStore }
  | { status: 'exhausted'; used: number }
  | { status: 'unseeded' };

export interface LimitStore {
  readonly name: 'memory' | 'redis';
  /**
   * Counts one request in the key's window if there is room, and reads the key's monthly use; with
   * `monthlyLimit`, an admitted request also reserves a monthly call in the same atomic step.
   */
  hit(
    keyId: string,
    perMinute: number,
    nowMs: number,
    cycleId: string,
    monthlyLimit?: number,
  ): Promise<HitOutcome>;
  /**
   * Seeds the monthly counter from the database record unless it is already there; returns its value.
   * `cycleLeftMs` is how long the cycle has left (relative, so a test clock and Redis's own agree).
   */
  seed(keyId: string, cycleId: string, cycleLeftMs: number, committed: number): Promise<number>;
  /** Takes `calls` calls (default one) of the monthly quota if that many are left, all or none. */
  reserve(keyId: string, cycleId: string, limit: number, calls?: number): Promise<ReserveOutcome>;
  /** `calls` reserved calls (default one) were recorded in the database. */
  commit(keyId: string, cycleId: string, calls?: number): Promise<void>;
  /**
   * `calls` reserved calls (default one) are not counted after all (5xx, 429, replay); returns the new
   * monthly use.
   */
  release(keyId: string, cycleId: string, calls?: number): Promise<number | undefined>;
}
