import type { Logger } from 'pino';
import type { Db } from '../platform/db/database.ts';
import type { Cycle } from './cycle.ts';
import { addUsage, type UsageIncrement } from './usage-rows.ts';

interface Waiter {
  resolve(): void;
  reject(error: unknown): void;
}

/**
 * The durable record of counted calls: one row per key and UTC day in `api_key_usage`.
 *
 * Every counted call is written before its response leaves ("nothing acknowledged is lost",
 * CONVENTIONS.md), but not one commit per call: calls that arrive while a write is in progress wait
 * for the next one, and that one writes them all in a single statement (group commit). A durable commit
 * costs one fsync, so throughput is bounded by calls per commit, not by the disk.
 */
export class UsageLedger {
  readonly #db: Db;
  readonly #logger: Logger;
  #pending = new Map<string, UsageIncrement>();
  #waiters: Waiter[] = [];
  #draining: Promise<void> | undefined;

  constructor(db: Db, logger: Logger) {
    this.#db = db;
    this.#logger = logger;
  }

  /** Counts one call of `keyId` on `day`; resolves once it is committed to the database. */
  record(keyId: string, day: string): Promise<void> {
    const id = `${keyId}|${day}`;
    const row = this.#pending.get(id);
    if (row) row.calls++;
    else this.#pending.set(id, { key_id: keyId, day, calls: 1 });
    const committed = new Promise<void>((resolve, reject) => this.#waiters.push({ resolve, reject }));
    this.#draining ??= this.#drain();
    return committed;
  }

  /** Calls counted for `keyId` in `cycle` (committed only). */
  async used(keyId: string, cycle: Cycle): Promise<number> {
    const row = await this.#db.kysely
      .selectFrom('api_key_usage')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('calls'), eb.lit(0)).as('used'))
      .where('key_id', '=', keyId)
      .where('day', '>=', cycle.start.toISOString().slice(0, 10))
      .where('day', '<', cycle.end.toISOString().slice(0, 10))
      .executeTakeFirst();
    // PostgreSQL's SUM over integers is a bigint, which the driver hands over as a string.
    return Number(row?.used ?? 0);
  }

  /** Calls counted for `keyId` on each day of `cycle` that has any. */
  async daily(keyId: string, cycle: Cycle): Promise<Map<string, number>> {
    const rows = await this.#db.kysely
      .selectFrom('api_key_usage')
      .select(['day', 'calls'])
      .where('key_id', '=', keyId)
      .where('day', '>=', cycle.start.toISOString().slice(0, 10))
      .where('day', '<', cycle.end.toISOString().slice(0, 10))
      .execute();
    return new Map(rows.map((r) => [r.day, Number(r.calls)]));
  }

  /** Waits until every call recorded so far is committed (used on shutdown). */
  async flush(): Promise<void> {
    while (this.#draining) await this.#draining.catch(() => {});
  }

  async #drain(): Promise<void> {
    // Let the calls of this turn of the event loop join the first write.
    await new Promise((resolve) => setImmediate(resolve));
    while (this.#pending.size > 0) {
      const rows = [...this.#pending.values()];
      const waiters = this.#waiters;
      this.#pending = new Map();
      this.#waiters = [];
      try {
        await addUsage(this.#db.kysely, rows);
        for (const w of waiters) w.resolve();
      } catch (error) {
        this.#logger.error({ err: error, calls: waiters.length }, 'could not record counted calls');
        for (const w of waiters) w.reject(error);
      }
    }
    this.#draining = undefined;
  }
}
