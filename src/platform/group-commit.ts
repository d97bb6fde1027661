import type { Logger } from 'pino';
import type { Clock } from '../platform/clock.ts';

/** Writes one batch in one transaction: all or nothing; one outcome per item, in order. */
export type CommitBatch<I, O> = (items: I[], now: Date) => Promise<O[]>;

interface Waiting<I, O> {
  item: I;
  resolve(outcome: O): void;
  reject(error: unknown): void;
}

/** Bounds one transaction's multi-row insert well under SQLite's and PostgreSQL's parameter limits. */
const MAX_BATCH = 256;

/**
 * Group commit. Every commit is durable before its caller hears of it (SQLite: the log synced off the
 * event loop before the transaction's promise settles, platform/db/sqlite.ts; PostgreSQL's default
 * synchronous_commit), and a durable commit costs an fsync, so one transaction per item caps
 * throughput at the disk's fsync rate. Instead, items that arrive while a commit is in progress, or in
 * the same turn of the event loop, are written together in the next transaction. A caller's promise
 * settles only after its batch has committed, so nothing is acknowledged before it is durable; if the
 * transaction fails, every caller in it is rejected and none is acknowledged.
 */
export class GroupCommit<I, O> {
  readonly #commit: CommitBatch<I, O>;
  readonly #what: string;
  readonly #clock: Clock;
  readonly #logger: Logger;
  #queue: Waiting<I, O>[] = [];
  #running: Promise<void> | undefined;

  /** `what` names the items in the log when a batch fails, e.g. "transfer note". */
  constructor(options: { commit: CommitBatch<I, O>; clock: Clock; logger: Logger; what: string }) {
    this.#commit = options.commit;
    this.#what = options.what;
    this.#clock = options.clock;
    this.#logger = options.logger;
  }

  write(item: I): Promise<O> {
    return new Promise((resolve, reject) => {
      this.#queue.push({ item, resolve, reject });
      // setImmediate rather than a microtask, so every request parsed in this turn joins the batch.
      this.#running ??= new Promise<void>((started) => setImmediate(started)).then(() => this.#drain());
    });
  }

  /** Resolves once every item handed to the writer so far has been committed or rejected. */
  async flush(): Promise<void> {
    while (this.#running) await this.#running;
  }

  async #drain(): Promise<void> {
    try {
      while (this.#queue.length > 0) {
        const batch = this.#queue.splice(0, MAX_BATCH);
        try {
          const outcomes = await this.#commit(
            batch.map((w) => w.item),
            this.#clock.now(),
          );
          for (const [i, w] of batch.entries()) w.resolve(outcomes[i]);
        } catch (error) {
          this.#logger.error({ err: error, items: batch.length }, `${this.#what} batch failed; none written`);
          for (const w of batch) w.reject(error);
        }
      }
    } finally {
      this.#running = undefined;
    }
  }
}
