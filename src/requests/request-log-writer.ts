import type { Logger } from 'pino';
import type { ApiRequestRow } from './tables.ts';

/** How long a row waits for others before the batch is written. */
export const FLUSH_AFTER_MS = 100;
/**
 * A batch this large is written at once rather than after FLUSH_AFTER_MS. Large, since every write is
 * a durable commit (an fsync, on SQLite on the event loop): a write per 100 ms up to this many requests.
 */
export const FLUSH_AT_ROWS = 1_000;
/** Rows written by one insert at most (the rest follow in the next). */
const ROWS_PER_WRITE = 2_000;
/**
 * Rows held while the database does not take them: beyond this, new rows are dropped (and counted in
 * the log), so an outage can never grow the process's memory without bound.
 */
export const MAX_BUFFERED = 10_000;

/**
 * Writes request-log rows behind the responses: a request hands its row over and is answered at once;
 * rows gathered over FLUSH_AFTER_MS (or FLUSH_AT_ROWS of them) go to the database in one multi-row
 * insert, one at a time. A write that fails is logged and its rows are dropped: the log is a
 * convenience for developers, never a reason to fail, slow or hold a response (docs/decisions.md).
 */
export class RequestLogWriter {
  readonly #write: (rows: ApiRequestRow[]) => Promise<void>;
  readonly #logger: Logger;
  #buffer: ApiRequestRow[] = [];
  #timer: NodeJS.Timeout | undefined;
  #writing: Promise<void> | undefined;
  /** Rows lost since a write last succeeded: to failed writes or a full buffer. */
  #lost = 0;
  /** The last write failed: the failure was logged, and the next success says how much was lost. */
  #failing = false;

  constructor(write: (rows: ApiRequestRow[]) => Promise<void>, logger: Logger) {
    this.#write = write;
    this.#logger = logger;
  }

  /** Queues a row; it reaches the database within about FLUSH_AFTER_MS. Never throws, never waits. */
  record(row: ApiRequestRow): void {
    if (this.#buffer.length >= MAX_BUFFERED) {
      if (this.#lost++ === 0)
        this.#logger.warn({ rows: MAX_BUFFERED }, 'request log: buffer full; dropping rows');
      return;
    }
    this.#buffer.push(row);
    this.#schedule();
  }

  /** Writes now if a full batch waits, else within FLUSH_AFTER_MS of the oldest row waiting. */
  #schedule(): void {
    if (this.#buffer.length >= FLUSH_AT_ROWS) this.#start();
    else if (this.#buffer.length > 0) this.#timer ??= setTimeout(() => this.#start(), FLUSH_AFTER_MS).unref();
  }

  /** Writes every row queued so far now, and waits until they are written (or their write failed). */
  async flush(): Promise<void> {
    // One write per round; bounded, so rows that keep arriving cannot hold a shutdown forever.
    const rounds = 3 + Math.ceil(MAX_BUFFERED / ROWS_PER_WRITE);
    for (let round = 0; round < rounds && (this.#buffer.length > 0 || this.#writing); round++) {
      this.#start();
      await this.#writing;
    }
  }

  #start(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    // One write at a time: what is queued meanwhile is scheduled when it finishes.
    if (this.#writing || this.#buffer.length === 0) return;
    this.#writing = this.#writeBatch().finally(() => {
      this.#writing = undefined;
      // What arrived during the write waits its turn as any row does: writing it at once would commit
      // a handful of rows at a time, back to back, on the connection (and fsync) the requests share.
      this.#schedule();
    });
  }

  async #writeBatch(): Promise<void> {
    const rows = this.#buffer.splice(0, ROWS_PER_WRITE);
    try {
      await this.#write(rows);
      if (this.#lost > 0) {
        this.#logger.warn({ lost: this.#lost }, 'request log: recording again after losing rows');
      }
      this.#lost = 0;
      this.#failing = false;
    } catch (err) {
      // Logged once per run of failures, not once a batch: a database outage would flood the log.
      if (!this.#failing) this.#logger.error({ err, rows: rows.length }, 'request log: rows not recorded');
      this.#failing = true;
      this.#lost += rows.length;
    }
  }
}
