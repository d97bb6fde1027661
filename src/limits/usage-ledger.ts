import type { Logger } from 'pino';
import { CompiledOnce, inList } from '../platform/compiled-once.ts';
import { type Db, isDatabaseUnreachable } from '../platform/db/database.ts';
import type { Cycle } from './cycle.ts';
import { addUsage, type UsageIncrement } from './usage-rows.ts';

/** Days of a cycle for some keys: the dashboard's query, built once per size of key list. */
const usageOfKeys = new CompiledOnce({
  shape: (a: { keys: string[]; from: string; to: string }) => a.keys.length,
  parameters: (a) => [...a.keys, a.from, a.to],
  build: (db, a) =>
    db
      .selectFrom('api_key_usage')
      .select(['key_id', 'day', 'calls'])
      .where('key_id', 'in', a.keys)
      .where('day', '>=', a.from)
      .where('day', '<', a.to),
});

/** How long counted calls gather before one write records them all. */
const WRITE_INTERVAL_MS = 250;
/**
 * A row the database refuses this many times (e.g. its key no longer exists) is dropped and logged; a
 * database that cannot be reached refuses nothing, so those attempts are not counted.
 */
const MAX_ATTEMPTS = 5;
/** Keys per usage query: well under SQLite's 32,766 and PostgreSQL's 65,535 bound parameters. */
const KEYS_PER_QUERY = 500;

/**
 * The durable record of counted calls: one row per key and UTC day in `api_key_usage`.
 *
 * Written behind the responses (docs/decisions.md): the rate-limit store's counter enforces the quota
 * at once, and the calls counted in each WRITE_INTERVAL_MS are written here in one statement. A durable
 * SQLite commit is an fsync that blocks the event loop, so a write per call (or per burst) would cost
 * every request; a few writes a second cost almost nothing. A crash can lose the calls of the last
 * interval (to the client's benefit); a shutdown, a usage report and a restart flush first.
 */
export class UsageLedger {
  readonly #db: Db;
  readonly #logger: Logger;
  #pending = new Map<string, UsageIncrement>();
  #draining: Promise<void> | undefined;
  #wake: (() => void) | undefined;
  /** The last write failed for want of a database: logged once per outage. */
  #unreachable = false;

  constructor(db: Db, logger: Logger) {
    this.#db = db;
    this.#logger = logger;
  }

  /** Counts `calls` calls of `keyId` on `day`; they reach the database within WRITE_INTERVAL_MS. */
  record(keyId: string, day: string, calls = 1): void {
    const id = `${keyId}|${day}`;
    const row = this.#pending.get(id);
    if (row) row.calls += calls;
    else this.#pending.set(id, { key_id: keyId, day, calls });
    this.#draining ??= this.#drain();
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
    return (await this.dailyByKey([keyId], cycle)).get(keyId) ?? new Map();
  }

  /**
   * Calls counted for each of `keyIds` on each day of `cycle` that has any, in one query (a page of an
   * organisation's keys reads them all at once). A key without calls has no entry.
   */
  async dailyByKey(keyIds: readonly string[], cycle: Cycle): Promise<Map<string, Map<string, number>>> {
    const byKey = new Map<string, Map<string, number>>();
    const rows = [];
    for (let i = 0; i < keyIds.length; i += KEYS_PER_QUERY) {
      rows.push(
        ...(await usageOfKeys.rows(this.#db.kysely, {
          keys: inList(keyIds.slice(i, i + KEYS_PER_QUERY)),
          from: cycle.start.toISOString().slice(0, 10),
          to: cycle.end.toISOString().slice(0, 10),
        })),
      );
    }
    for (const row of rows) {
      let days = byKey.get(row.key_id);
      if (!days) {
        days = new Map();
        byKey.set(row.key_id, days);
      }
      days.set(row.day, Number(row.calls));
    }
    return byKey;
  }

  /**
   * Writes every call recorded so far now, and waits until it is committed (a few rounds at most, so a
   * database that is down cannot hold up a shutdown forever).
   */
  async flush(): Promise<void> {
    for (let round = 0; this.#draining && round < 3; round++) {
      this.#wake?.();
      await this.#draining;
    }
  }

  async #drain(): Promise<void> {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, WRITE_INTERVAL_MS);
      timer.unref();
      this.#wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    this.#wake = undefined;
    const rows = [...this.#pending.values()];
    this.#pending = new Map();
    try {
      await addUsage(this.#db.kysely, rows);
      if (this.#unreachable) this.#logger.warn('database reachable again: counted calls recorded');
      this.#unreachable = false;
    } catch (error) {
      if (isDatabaseUnreachable(error)) {
        // Not refused, only not reachable (a restart, a failover): the rows wait for the next round
        // however long the outage lasts, so no counted call is lost to it (test/faults).
        if (!this.#unreachable) {
          this.#logger.error({ err: error }, 'database unreachable: counted calls wait to be recorded');
        }
        this.#unreachable = true;
        for (const row of rows) this.#requeue(row, row.attempts);
      } else {
        this.#logger.error(
          { err: error, rows: rows.length },
          'could not record counted calls; retrying row by row',
        );
        for (const row of rows) await this.#writeAlone(row);
      }
    }
    this.#draining = this.#pending.size > 0 ? this.#drain() : undefined;
  }

  /** One row on its own, so a row the database refuses cannot hold back the others. */
  async #writeAlone(row: UsageIncrement): Promise<void> {
    try {
      await addUsage(this.#db.kysely, [row]);
    } catch (error) {
      if (isDatabaseUnreachable(error)) return this.#requeue(row, row.attempts);
      const attempts = (row.attempts ?? 0) + 1;
      if (attempts >= MAX_ATTEMPTS) {
        this.#logger.error({ err: error, row }, 'dropping counted calls the database keeps refusing');
        return;
      }
      this.#requeue(row, attempts);
    }
  }

  /** Puts a row back for the next round, merged with calls counted for its key and day meanwhile. */
  #requeue(row: UsageIncrement, attempts: number | undefined): void {
    const id = `${row.key_id}|${row.day}`;
    const queued = this.#pending.get(id);
    if (queued) queued.calls += row.calls;
    else this.#pending.set(id, { ...row, attempts });
  }
}
