import type { Logger } from 'pino';
import type { Clock } from './clock.ts';
import { PollLoop } from './poll-loop.ts';

/** Rows removed in one transaction: milliseconds of work, never a long lock. */
export const PRUNE_BATCH = 1_000;
/** How often a pruning instance prunes (and once when it starts). */
export const PRUNE_EVERY_MS = 3_600_000;

const DAY_MS = 86_400_000;

/**
 * What one batch did: how many rows it chose (a short batch means nothing eligible is left), and how
 * many rows of each kind it removed (the first kind is what the batch is counted in).
 */
export interface PruneBatch<K extends string> {
  chosen: number;
  removed: Record<K, number>;
}

/** What one prune removed: rows of each kind, from before when, and each batch's count of the first kind. */
export type PruneTotals<K extends string> = { before: string; batches: number[] } & Record<K, number>;

export interface RetentionOptions<K extends string> {
  clock: Clock;
  logger: Logger;
  /** How many days rows are kept (the capability's `…_RETENTION_DAYS`). */
  days: number;
  /** The kinds of row a batch removes, the one it is counted in first (e.g. events, deliveries, attempts). */
  kinds: readonly [K, ...K[]];
  /** Removes at most `limit` eligible rows created before `before` (ISO 8601 UTC), in one transaction. */
  batch: (before: string, limit: number) => Promise<PruneBatch<K>>;
  /** Names the schedule in the log, e.g. "event retention". */
  what: string;
  /** The log line of a prune that removed something, e.g. "old events removed". */
  removedMessage: string;
  batchSize?: number;
  everyMs?: number;
}

/**
 * Removes rows older than a retention period, a bounded batch per transaction, batch after batch until
 * none is left, when started and then every PRUNE_EVERY_MS; `prune()` does it at once. What is eligible
 * and how it is removed (with which dependants, skipping rows another instance holds) is the
 * capability's batch; the schedule, the cut-off, the batching and the log line are the same for all.
 */
export class Retention<K extends string> {
  readonly #o: RetentionOptions<K>;
  readonly #batchSize: number;
  readonly #loop: PollLoop;
  #stopping = false;

  constructor(options: RetentionOptions<K>) {
    this.#o = options;
    this.#batchSize = options.batchSize ?? PRUNE_BATCH;
    this.#loop = new PollLoop({
      round: async () => {
        await this.prune();
      },
      pollMs: options.everyMs ?? PRUNE_EVERY_MS,
      logger: options.logger,
      what: options.what,
    });
  }

  start(): void {
    this.#stopping = false;
    this.#loop.start();
  }

  /** Stops the schedule after the batch in progress commits. */
  stop(): Promise<void> {
    this.#stopping = true;
    return this.#loop.stop();
  }

  /** The instant before which rows are removed. */
  cutoff(): Date {
    return new Date(this.#o.clock.now().getTime() - this.#o.days * DAY_MS);
  }

  /** Removes every eligible row now, batch after batch, until a batch finds fewer than it may take. */
  async prune(): Promise<PruneTotals<K>> {
    const before = this.cutoff().toISOString();
    const [counted] = this.#o.kinds;
    const totals = Object.fromEntries(this.#o.kinds.map((kind) => [kind, 0])) as Record<K, number>;
    const batches: number[] = [];
    for (;;) {
      const batch = await this.#o.batch(before, this.#batchSize);
      if (batch.removed[counted] > 0) {
        for (const kind of this.#o.kinds) totals[kind] += batch.removed[kind];
        batches.push(batch.removed[counted]);
      }
      // A short batch means nothing eligible is left; a batch that removed nothing (every row it chose
      // was taken or kept meanwhile) must not spin; a stopping instance leaves the rest to the next.
      if (batch.chosen < this.#batchSize || batch.removed[counted] === 0 || this.#stopping) break;
    }
    if (totals[counted] > 0) {
      const fields: Record<string, unknown> = { before, ...totals, batches: batches.length };
      this.#o.logger.info(fields, this.#o.removedMessage);
    }
    return { before, ...totals, batches } as PruneTotals<K>;
  }
}
