import type { Kysely, Transaction } from 'kysely';
import type { Logger } from 'pino';
import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/db/database.ts';
import type { Database } from '../platform/db/schema.ts';
import { type PruneBatch, type PruneTotals, Retention } from '../platform/retention.ts';
import { DISABLE_AFTER_MS } from './delivery-store.ts';
import type { DeliveryStatus } from './tables.ts';

const DAY_MS = 86_400_000;
/**
 * A delivery in any other state (pending, being sent, waiting for a retry, or a state added later)
 * still needs its event, so the event and all its deliveries stay.
 */
const FINISHED: DeliveryStatus[] = ['succeeded', 'failed'];

type Removed = 'events' | 'deliveries' | 'attempts';

/** What one prune removed: events, deliveries and attempts, from before when, and each batch's events. */
export type PruneResult = PruneTotals<Removed>;

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
 * per transaction (the schedule and the batching are platform/retention.ts). An event stays while any
 * of its deliveries is unfinished, whatever its age. Several instances may prune at once: on PostgreSQL
 * each batch takes events no other batch holds (SKIP LOCKED), and removing rows another instance
 * already removed removes nothing.
 */
export class EventRetention {
  readonly #db: Kysely<Database>;
  readonly #lockRows: boolean;
  readonly #retention: Retention<Removed>;

  constructor(options: EventRetentionOptions) {
    // The promise kept to receivers: a delivery is retried for 3 days from its event.
    if (options.days * DAY_MS <= DISABLE_AFTER_MS) {
      throw new Error('Events must be kept longer than the 3-day delivery retry window.');
    }
    this.#db = options.db.kysely;
    this.#lockRows = options.db.dialect === 'postgres';
    this.#retention = new Retention({
      clock: options.clock,
      logger: options.logger,
      days: options.days,
      kinds: ['events', 'deliveries', 'attempts'],
      batch: (before, limit) => this.#batch(before, limit),
      what: 'event retention',
      removedMessage: 'old events removed',
      batchSize: options.batchSize,
      everyMs: options.everyMs,
    });
  }

  start(): void {
    this.#retention.start();
  }

  /** Stops the schedule after the batch in progress commits. */
  stop(): Promise<void> {
    return this.#retention.stop();
  }

  /** The instant before which events are removed. */
  cutoff(): Date {
    return this.#retention.cutoff();
  }

  /** Removes every eligible event now, batch after batch, until a batch finds fewer than it may take. */
  prune(): Promise<PruneResult> {
    return this.#retention.prune();
  }

  async #batch(before: string, limit: number): Promise<PruneBatch<Removed>> {
    return this.#db.transaction().execute(async (trx) => {
      const ids = await this.#oldestFinished(trx, before, limit);
      if (ids.length === 0) return { chosen: 0, removed: { events: 0, deliveries: 0, attempts: 0 } };

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
        removed: {
          events: Number(events.numDeletedRows),
          deliveries: Number(deliveries.numDeletedRows),
          attempts: Number(attempts.numDeletedRows),
        },
      };
    });
  }

  /** The oldest events before the cutoff whose every delivery has finished, up to one batch. */
  async #oldestFinished(trx: Transaction<Database>, before: string, limit: number): Promise<string[]> {
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
      .limit(limit);
    // Instances pruning at once take different events rather than wait for one another's.
    if (this.#lockRows) oldest = oldest.forUpdate().skipLocked();
    return (await oldest.execute()).map((row) => row.id);
  }
}
