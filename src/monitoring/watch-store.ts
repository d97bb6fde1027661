import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../platform/db/database.ts';
import type { Database } from '../platform/db/schema.ts';
import type { EventSink, NewEvent } from '../platform/events.ts';
import { isIdOf } from '../platform/ids.ts';
import type { CarrierWatchRow, Mode } from './tables.ts';

export interface WatchScope {
  organisationId: string;
  mode: Mode;
}

/** What a successful check writes: the new state and when to look again. */
export type CheckedState = Pick<CarrierWatchRow, 'state' | 'warned' | 'last_checked_at' | 'next_check_at'>;

/** A lease nobody holds, or one that ran out (its checker stopped mid-check). */
const free = (at: string) => (eb: ExpressionBuilder<Database, 'carrier_watches'>) =>
  eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', at)]);

/**
 * Carrier watches. A row is also its own schedule: `next_check_at` says when it is due, `lease_until`
 * that a checker holds it. Every write a check makes is fenced by the lease it claimed, so a checker
 * whose lease was taken over (or whose watch was deleted) changes nothing and emits nothing.
 */
export class WatchStore {
  readonly #db: Db;
  readonly #sink: EventSink;
  readonly #lockRows: boolean;

  constructor(db: Db, sink: EventSink) {
    this.#db = db;
    this.#sink = sink;
    this.#lockRows = db.dialect === 'postgres';
  }

  /** False when the organisation already watches the number in that mode (the unique constraint). */
  async insert(row: CarrierWatchRow): Promise<boolean> {
    const inserted = await this.#db.kysely
      .insertInto('carrier_watches')
      .values(row)
      .onConflict((oc) => oc.columns(['organisation_id', 'mode', 'registration_number']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return inserted !== undefined;
  }

  async get(scope: WatchScope, id: string): Promise<CarrierWatchRow | undefined> {
    if (!isIdOf('cw', id)) return undefined;
    return this.#scoped(scope).where('id', '=', id).executeTakeFirst();
  }

  findByNumber(scope: WatchScope, number: string): Promise<CarrierWatchRow | undefined> {
    return this.#scoped(scope).where('registration_number', '=', number).executeTakeFirst();
  }

  /** Newest first; `after` is the last row of the previous page. */
  list(scope: WatchScope, limit: number, after?: CarrierWatchRow): Promise<CarrierWatchRow[]> {
    let q = this.#scoped(scope);
    if (after) {
      q = q.where((eb) =>
        eb.or([
          eb('created_at', '<', after.created_at),
          eb.and([eb('created_at', '=', after.created_at), eb('id', '<', after.id)]),
        ]),
      );
    }
    return q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
  }

  async setLabel(scope: WatchScope, id: string, label: string | null, at: string): Promise<boolean> {
    if (!isIdOf('cw', id)) return false;
    const result = await this.#db.kysely
      .updateTable('carrier_watches')
      .set({ label, updated_at: at })
      .where('id', '=', id)
      .where('organisation_id', '=', scope.organisationId)
      .where('mode', '=', scope.mode)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async delete(scope: WatchScope, id: string): Promise<boolean> {
    if (!isIdOf('cw', id)) return false;
    const result = await this.#db.kysely
      .deleteFrom('carrier_watches')
      .where('id', '=', id)
      .where('organisation_id', '=', scope.organisationId)
      .where('mode', '=', scope.mode)
      .executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }

  /** Every watch, live and test, soonest due first: one pass of `wcs carriers check-watched`. */
  async allIds(): Promise<string[]> {
    const rows = await this.#db.kysely
      .selectFrom('carrier_watches')
      .select('id')
      .orderBy('next_check_at')
      .orderBy('id')
      .execute();
    return rows.map((r) => r.id);
  }

  /**
   * Claims the watch due soonest at `now` that nobody holds. One statement: on PostgreSQL the candidate
   * is chosen FOR UPDATE SKIP LOCKED, so instances claiming side by side each get a different watch;
   * SQLite has one writer.
   */
  async claimDue(now: Date, leaseUntil: string): Promise<CarrierWatchRow | undefined> {
    const at = now.toISOString();
    let due = this.#db.kysely
      .selectFrom('carrier_watches')
      .select('id')
      .where('next_check_at', '<=', at)
      .where(free(at))
      .orderBy('next_check_at')
      .limit(1);
    if (this.#lockRows) due = due.forUpdate().skipLocked();
    return this.#db.kysely
      .updateTable('carrier_watches')
      .set({ lease_until: leaseUntil })
      .where('id', 'in', due)
      .where(free(at))
      .returningAll()
      .executeTakeFirst();
  }

  /** Claims one watch whether due or not, unless another checker holds it. */
  claim(id: string, now: Date, leaseUntil: string): Promise<CarrierWatchRow | undefined> {
    const at = now.toISOString();
    return this.#db.kysely
      .updateTable('carrier_watches')
      .set({ lease_until: leaseUntil })
      .where('id', '=', id)
      .where(free(at))
      .returningAll()
      .executeTakeFirst();
  }

  /**
   * Writes a check's result and its events in one transaction, so an event exists exactly when the state
   * change it reports was committed. False (nothing written) when the lease is no longer this checker's.
   */
  async recordCheck(
    id: string,
    lease: string,
    checked: CheckedState,
    events: NewEvent[],
    now: Date,
  ): Promise<boolean> {
    return this.#db.kysely.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('carrier_watches')
        .set({ ...checked, last_check_error: null, lease_until: null, updated_at: now.toISOString() })
        .where('id', '=', id)
        .where('lease_until', '=', lease)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return false;
      await this.#sink(trx, events, now);
      return true;
    });
  }

  /** A check that got no answer: the state is kept, the reason recorded, and the watch due again soon. */
  async recordFailure(
    id: string,
    lease: string,
    error: string,
    nextCheckAt: string,
    now: Date,
  ): Promise<boolean> {
    const at = now.toISOString();
    const result = await this.#db.kysely
      .updateTable('carrier_watches')
      .set({
        last_check_error: JSON.stringify({ at, message: error }),
        next_check_at: nextCheckAt,
        lease_until: null,
        updated_at: at,
      })
      .where('id', '=', id)
      .where('lease_until', '=', lease)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Gives a claimed watch back unchecked (the checker is stopping). */
  async release(id: string, lease: string): Promise<void> {
    await this.#db.kysely
      .updateTable('carrier_watches')
      .set({ lease_until: null })
      .where('id', '=', id)
      .where('lease_until', '=', lease)
      .execute();
  }

  /** Deletes a claimed watch whose time is over (a season ticket's last day has passed). */
  async endClaimed(id: string, lease: string): Promise<boolean> {
    const result = await this.#db.kysely
      .deleteFrom('carrier_watches')
      .where('id', '=', id)
      .where('lease_until', '=', lease)
      .executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }

  #scoped(scope: WatchScope) {
    return this.#db.kysely
      .selectFrom('carrier_watches')
      .selectAll()
      .where('organisation_id', '=', scope.organisationId)
      .where('mode', '=', scope.mode);
  }
}
