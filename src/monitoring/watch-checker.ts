import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from 'pino';
import type { Clock } from '../platform/clock.ts';
import type { Pacer } from './pacer.ts';
import type { CarrierWatchRow } from './tables.ts';
import type { CheckOutcome, WatchCheck } from './watch-check.ts';
import type { WatchStore } from './watch-store.ts';

/** What one pass did, for the CLI's summary line and the log. */
export interface PassSummary {
  checked: number;
  events: number;
  unavailable: number;
  /** Season-ticket watches past their last day, deleted. */
  ended: number;
  /** Held by another checker, or deleted, while this pass reached them. */
  skipped: number;
}

export interface WatchCheckerOptions {
  store: WatchStore;
  check: WatchCheck;
  pacer: Pacer;
  clock: Clock;
  logger: Logger;
  /** How long a claim holds a watch: longer than any one check (the register deadline is at most 10 s). */
  leaseMs: number;
  /** How long the scheduled checker waits when nothing is due. */
  idleMs: number;
}

export function emptySummary(): PassSummary {
  return { checked: 0, events: 0, unavailable: 0, ended: 0, skipped: 0 };
}

function count(summary: PassSummary, outcome: CheckOutcome): void {
  if (outcome.result === 'checked') {
    summary.checked++;
    summary.events += outcome.events;
  } else summary[outcome.result]++;
}

/**
 * Schedules watch checks: each instance whose workers are on runs one checker, which claims due watches
 * one at a time (so instances share them) and checks them at the pace WATCH_CHECKS_PER_MINUTE allows.
 */
export class WatchChecker {
  readonly #o: WatchCheckerOptions;
  #stop = new AbortController();
  #running: Promise<void> | undefined;

  constructor(options: WatchCheckerOptions) {
    this.#o = options;
  }

  start(): void {
    this.#stop = new AbortController();
    this.#running = this.#loop();
  }

  async stop(): Promise<void> {
    this.#stop.abort();
    await this.#running;
    this.#running = undefined;
  }

  /** Checks every watch due now, one after another at the pace allowed; ends when none is due. */
  async checkDue(): Promise<PassSummary> {
    const summary = emptySummary();
    while (!this.#stop.signal.aborted) {
      const lease = this.#lease();
      const row = await this.#o.store.claimDue(this.#o.clock.now(), lease);
      if (!row) break;
      const outcome = await this.#paced(row, lease);
      if (outcome) count(summary, outcome);
    }
    return summary;
  }

  /** Checks every watch now, due or not, live and test (`wcs carriers check-watched`). */
  async checkAll(): Promise<PassSummary> {
    const summary = emptySummary();
    for (const id of await this.#o.store.allIds()) {
      const lease = this.#lease();
      const row = await this.#o.store.claim(id, this.#o.clock.now(), lease);
      const outcome = row ? await this.#paced(row, lease) : { result: 'skipped' as const };
      if (outcome) count(summary, outcome);
    }
    return summary;
  }

  async #loop(): Promise<void> {
    const { signal } = this.#stop;
    while (!signal.aborted) {
      try {
        const summary = await this.checkDue();
        if (summary.checked + summary.unavailable + summary.ended > 0) {
          this.#o.logger.info(summary, 'carrier watches checked');
        }
      } catch (error) {
        this.#o.logger.error({ err: error }, 'carrier watch round failed');
      }
      // Not ref'd: waiting for work never keeps a process alive.
      await sleep(this.#o.idleMs, undefined, { signal, ref: false }).catch(() => {});
    }
  }

  /** Waits for this checker's turn, then checks; a watch claimed when stopping is given back. */
  async #paced(row: CarrierWatchRow, lease: string): Promise<CheckOutcome | undefined> {
    if (!(await this.#o.pacer.turn(this.#stop.signal))) {
      await this.#o.store.release(row.id, lease);
      return undefined;
    }
    return this.#o.check.run(row, lease);
  }

  #lease(): string {
    return new Date(this.#o.clock.now().getTime() + this.#o.leaseMs).toISOString();
  }
}
