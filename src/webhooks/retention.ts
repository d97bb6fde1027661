import type { Kysely, Transaction } from 'kysely';
import type { Logger } from 'pino';
import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/db/database.ts';
import type { Database } from '../platform/db/schema.ts';
import { PollLoop } from '../platform/poll-loop.ts';
import { DISABLE_AFTER_MS } from './delivery-store.ts';
import type { DeliveryStatus } from './tables.ts';

/** Events removed in one transaction, with their deliveries and attempts: milliseconds of work, never a long lock. */
export const PRUNE_BATCH = 1_000;
/** How often an instance with WEBHOOK_WORKER=on prunes (and once when it starts). */
export const PRUNE_EVERY_MS = 3_600_000;

const DAY_MS = 86_400_000;
/**
 * A delivery in any other state (pending, being sent, waiting for a retry, or a state added later)
 * still needs its event, so the event and all its deliveries stay.
 */
const FINISHED: DeliveryStatus[] = ['succeeded', 'failed'];

/** What one prune removed. */
export interface PruneResult {
  /** Events older than this were eligible (ISO 8601 UTC). */
  before: string;
  events: number;
  deliveries: number;
  attempts: number;
  /** Events removed by each batch, in order: never more than the batch size. */
  batches: number[];
}

export interface EventRetentionOptions {
  db: Db;
  clock: Clock;
  logger: Logger;
  /** EVENT_RETENTION_DAYS. */
  days: number;
  batchSize?: number;
  everyMs?: number;
}

/**
 * Removes events older than EVENT_RETENTION_DAYS with their webhook deliveries and attempts, a batch
 * per transaction. An event stays while any of its deliveries is unfinished, whatever its age. Several
 * instances may prune at once: on PostgreSQL each batch takes events no other batch holds (SKIP
 * LOCKED), and removing rows another instance already removed removes nothing.
 */
export class EventRetention {
  readonly #db: Kysely<Database>;
  readonly #lockRows: boolean;
  readonly #o: EventRetentionOptions;
  readonly #batchSize: number;
  readonly #loop: PollLoop;
  #stopping = false;

  constructor(options: EventRetentionOptions) {
    // The promise kept to receivers: a delivery is retried for 3 days from its event.
    if (options.days * DAY_MS <= DISABLE_AFTER_MS) {
      throw new Error('Events must be kept longer than the 3-day delivery retry window.');
    }
    this.#db = options.db.kysely;
    this.#lockRows = options.db.dialect === 'postgres';
    this.#o = options;
    this.#batchSize = options.batchSize ?? PRUNE_BATCH;
    this.#loop = new PollLoop({
      round: async () => {
        await this.prune();
      },
      pollMs: options.everyMs ?? PRUNE_EVERY_MS,
      logger: options.logger,
      what: 'event retention',
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

  /** The instant before which events are removed. */
  cutoff(): Date {
    return new Date(this.#o.clock.now().getTime() - this.#o.days * DAY_MS);
  }

  /** Removes every eligible event now, batch after batch, until a batch finds fewer than it may take. */
  async prune(): Promise<PruneResult> {
    const before = this.cutoff().toISOString();
    const result: PruneResult = { before, events: 0, deliveries: 0, attempts: 0, batches: [] };
    for (;;) {
      const batch = await this.#batch(before);
      if (batch.events > 0) {
        result.events += batch.events;
        result.deliveries += batch.deliveries;
        result.attempts += batch.attempts;
        result.batches.push(batch.events);
      }
      // A short batch means nothing eligible is left; a batch that removed nothing (every event it
      // chose was redelivered meanwhile) must not spin; a stopping instance leaves the rest to the next.
      if (batch.chosen < this.#batchSize || batch.events === 0 || this.#stopping) break;
    }
    if (result.events > 0) {
      const { batches, ...counts } = result;
      this.#o.logger.info({ ...counts, batches: batches.length }, 'old events removed');
    }
    return result;
  }

  async #batch(
    before: string,
  ): Promise<{ chosen: number; events: number; deliveries: number; attempts: number }> {
    return this.#db.transaction().execute(async (trx) => {
      const ids = await this.#oldestFinished(trx, before);
      if (ids.length === 0) return { chosen: 0, events: 0, deliveries: 0, attempts: 0 };

      // Each statement re-checks that a delivery is finished: one redelivered by hand since the events
      // were chosen is left, with its event, for a later prune. (Its earlier attempts may go: the one
      // statement that could keep them would lock deliveries before attempts, against the order an
      // endpoint's deletion takes them.)
      const finished = trx
        .selectFrom('webhook_deliveries')
        .select('id')
        .where('event_id', 'in', ids)
        .where('status', 'in', FINISHED);
      const attempts = await trx
        .deleteFrom('webhook_delivery_attempts')
        .where('delivery_id', 'in', finished)
        .executeTakeFirst();
      const deliveries = await trx
        .deleteFrom('webhook_deliveries')
        .where('event_id', 'in', ids)
        .where('status', 'in', FINISHED)
        .executeTakeFirst();
      const events = await trx
        .deleteFrom('events')
        .where('id', 'in', ids)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('webhook_deliveries as d').select('d.id').whereRef('d.event_id', '=', 'events.id'),
            ),
          ),
        )
        .executeTakeFirst();
      return {
        chosen: ids.length,
        events: Number(events.numDeletedRows),
        deliveries: Number(deliveries.numDeletedRows),
        attempts: Number(attempts.numDeletedRows),
      };
    });
  }

  /** The oldest events before the cutoff whose every delivery has finished, up to one batch. */
  async #oldestFinished(trx: Transaction<Database>, before: string): Promise<string[]> {
    let oldest = trx
      .selectFrom('events as e')
      .select('e.id')
      .where('e.created_at', '<', before)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('webhook_deliveries as d')
              .select('d.id')
              .whereRef('d.event_id', '=', 'e.id')
              .where('d.status', 'not in', FINISHED),
          ),
        ),
      )
      .orderBy('e.created_at')
      .orderBy('e.id')
      .limit(this.#batchSize);
    // Instances pruning at once take different events rather than wait for one another's.
    if (this.#lockRows) oldest = oldest.forUpdate().skipLocked();
    return (await oldest.execute()).map((row) => row.id);
  }
}
