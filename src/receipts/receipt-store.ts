import type { Kysely, Transaction } from 'kysely';
import { inList } from '../platform/compiled-once.ts';
import type { Db } from '../platform/db/database.ts';
import { markLeased } from '../platform/db/lease.ts';
import type { Database } from '../platform/db/schema.ts';
import type { EventSink, NewEvent } from '../platform/events.ts';
import type { IdempotencyClaim } from '../platform/idempotency.ts';
import { isIdOf } from '../platform/ids.ts';
import {
  applyChanges,
  dueReceipts,
  finishAttempt,
  insertAttempts,
  insertReceipts,
  insertRevisions,
  leaseExpired,
  type ReceiptChanges,
  receiptsById,
  releaseStaleKey,
} from './receipt-queries.ts';
import type { ReceiptScope } from './receipt-types.ts';
import { receiptView } from './receipt-view.ts';
import type {
  AttemptResult,
  Mode,
  ReceiptStatus,
  WasteReceiptAttemptRow,
  WasteReceiptRow,
} from './tables.ts';

const IDEMPOTENCY_WINDOW_MS = 24 * 3_600_000;
/** The statuses that end an attempt in something the owner acts on or waits for. */
const EVENT_STATUSES = new Set<ReceiptStatus>(['submitted', 'rejected', 'needs_review']);
type Q = Kysely<Database> | Transaction<Database>;

export interface ReceiptFilters {
  limit: number;
  startingAfter?: { createdAt: string; id: string };
  status?: ReceiptStatus;
  siteId?: string;
  receivedFrom?: string;
  receivedTo?: string;
  /** Not yet in DWT and past (true) or not past (false) its due time at `now`. */
  overdue?: boolean;
  now: string;
}

/** What the worker decided after an attempt: the row's next state. */
export interface AttemptFinish {
  status: ReceiptStatus;
  result: AttemptResult;
  httpStatus: number | null;
  /** JSON for the user: DWT's errors or warnings, or why the receipt waits. */
  outcome: string;
  nextAttemptAt: string | null;
  wasteTrackingId?: string;
  /** The revision DWT now holds (accepted attempts only). */
  dwtRevision?: number;
}

export interface NewReceipt {
  row: WasteReceiptRow;
  idempotency?: IdempotencyClaim;
}

export type CreateOutcome = 'created' | 'idempotency_key_taken';

/** How one attempt ended, to be recorded (ReceiptStore.finishBatch). */
export interface FinishedAttempt {
  id: string;
  attempt: number;
  sentRevision: number;
  done: AttemptFinish;
}

export interface ClaimedReceipt {
  row: WasteReceiptRow;
  attempt: number;
  operation: 'create' | 'update';
}

/**
 * Receipts, their revisions and their submission attempts. The receipt row doubles as the outbox entry:
 * `next_attempt_at` says when the worker should send it, `lease_until` that a request is in flight.
 */
export class ReceiptStore {
  readonly #db: Db;
  readonly #lockRows: boolean;
  /** Records waste_receipt.submitted / rejected / needs_review in the transaction that sets the status. */
  readonly #events: EventSink;
  constructor(db: Db, events: EventSink) {
    this.#db = db;
    this.#lockRows = db.dialect === 'postgres';
    this.#events = events;
  }

  /**
   * Writes new receipts and their first revisions in one transaction (group commit: one fsync for all).
   * A receipt whose Idempotency-Key a concurrent request already used is `idempotency_key_taken`.
   */
  async createBatch(items: NewReceipt[]): Promise<CreateOutcome[]> {
    return this.#db.kysely.transaction().execute(async (trx) => {
      for (const { row, idempotency } of items) {
        if (!idempotency) continue;
        // A key last used more than 24 hours ago may be used again (the idempotency window).
        await releaseStaleKey.execute(trx, {
          organisationId: row.organisation_id,
          mode: row.mode,
          key: idempotency.key,
          cutoff: new Date(Date.parse(row.created_at) - IDEMPOTENCY_WINDOW_MS).toISOString(),
        });
      }
      // One insert for the batch: a receipt whose key is taken (by an earlier row of the batch too) is
      // skipped by the unique constraint, and missing from what the insert returns.
      const inserted = await insertReceipts.insert(
        trx,
        items.map(({ row, idempotency }) => ({
          ...row,
          idempotency_key: idempotency?.key ?? null,
          request_hash: idempotency?.requestHash ?? null,
        })),
      );
      const created = new Set(inserted.map((r) => r.id));
      const revisions = items
        .filter(({ row }) => created.has(row.id))
        .map(({ row }) => ({ receipt_id: row.id, revision: 1, created_at: row.created_at, body: row.body }));
      if (revisions.length > 0) await insertRevisions.insert(trx, revisions);
      return items.map(({ row }) => (created.has(row.id) ? 'created' : 'idempotency_key_taken'));
    });
  }

  async findByIdempotencyKey(
    scope: ReceiptScope,
    key: string,
    now: Date,
  ): Promise<WasteReceiptRow | undefined> {
    return this.#scoped(this.#db.kysely, scope)
      .where('idempotency_key', '=', key)
      .where('created_at', '>', new Date(now.getTime() - IDEMPOTENCY_WINDOW_MS).toISOString())
      .executeTakeFirst();
  }

  async get(scope: ReceiptScope, id: string): Promise<WasteReceiptRow | undefined> {
    if (!isIdOf('rcpt', id)) return undefined;
    return this.#scoped(this.#db.kysely, scope).where('id', '=', id).executeTakeFirst();
  }

  async attempts(receiptId: string): Promise<WasteReceiptAttemptRow[]> {
    return this.#db.kysely
      .selectFrom('waste_receipt_attempts')
      .selectAll()
      .where('receipt_id', '=', receiptId)
      .orderBy('number')
      .execute();
  }

  async list(scope: ReceiptScope, f: ReceiptFilters): Promise<WasteReceiptRow[]> {
    let q = this.#scoped(this.#db.kysely, scope);
    if (f.status) q = q.where('status', '=', f.status);
    if (f.siteId) q = q.where('site_id', '=', f.siteId);
    if (f.receivedFrom) q = q.where('received_at', '>=', f.receivedFrom);
    if (f.receivedTo) q = q.where('received_at', '<', f.receivedTo);
    if (f.overdue !== undefined) {
      q = f.overdue
        ? q.where('status', '!=', 'submitted').where('due_by', '<', f.now)
        : q.where((eb) => eb.or([eb('status', '=', 'submitted'), eb('due_by', '>=', f.now)]));
    }
    if (f.startingAfter) {
      const { createdAt, id } = f.startingAfter;
      q = q.where((eb) =>
        eb.or([
          eb('created_at', '<', createdAt),
          eb.and([eb('created_at', '=', createdAt), eb('id', '<', id)]),
        ]),
      );
    }
    return q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(f.limit).execute();
  }

  /**
   * Stores a correction as the next revision. A receipt that is not being sent is queued at once (as
   * a create if DWT has never accepted it, else as DWT's update); one in flight is re-queued by the
   * worker when its attempt ends; one waiting for review stays there (a person decides first).
   */
  async correct(
    scope: ReceiptScope,
    id: string,
    body: string,
    /** When the corrected receipt says the waste arrived, and the submission deadline that follows. */
    received: Pick<WasteReceiptRow, 'received_at' | 'due_by'>,
    now: Date,
  ): Promise<{ status: 'corrected'; row: WasteReceiptRow } | { status: 'not_found' }> {
    return this.#db.kysely.transaction().execute(async (trx) => {
      let read = this.#scoped(trx, scope).where('id', '=', id);
      if (this.#lockRows) read = read.forUpdate();
      const row = await read.executeTakeFirst();
      if (!row) return { status: 'not_found' };
      const at = now.toISOString();
      const revision = row.revision + 1;
      const queue = row.status !== 'submitting' && row.status !== 'needs_review';
      await trx
        .updateTable('waste_receipts')
        .set({
          body,
          revision,
          received_at: received.received_at,
          due_by: received.due_by,
          updated_at: at,
          ...(queue ? { status: 'pending' as const, next_attempt_at: at, outcome: null } : {}),
        })
        .where('id', '=', id)
        .execute();
      await trx
        .insertInto('waste_receipt_revisions')
        .values({ receipt_id: id, revision, created_at: at, body })
        .execute();
      return {
        status: 'corrected',
        row: (await this.#scoped(trx, scope).where('id', '=', id).executeTakeFirst())!,
      };
    });
  }

  /**
   * Claims receipts due at `now` for one worker: marks them `submitting` under a lease and records the
   * attempt before anything is sent, so a crash leaves evidence that a request may have gone out. On
   * PostgreSQL, FOR UPDATE SKIP LOCKED lets several instances claim side by side without taking the same
   * receipt; SQLite has one writer, and the claim is one transaction.
   */
  async claimDue(now: Date, leaseUntil: Date, limit: number, modes: Mode[]): Promise<ClaimedReceipt[]> {
    if (modes.length === 0) return [];
    return this.#db.kysely.transaction().execute(async (trx) => {
      const at = now.toISOString();
      const rows = await dueReceipts.rows(trx, { at, modes, limit, lock: this.#lockRows });
      if (rows.length === 0) return [];
      await markLeased(
        trx,
        'waste_receipts',
        rows.map((row) => row.id),
        'submitting',
        leaseUntil,
        at,
      );
      const claimed = rows.map((row): ClaimedReceipt => {
        const attempt = row.attempts + 1;
        const operation = row.waste_tracking_id ? 'update' : 'create';
        return { row: { ...row, status: 'submitting', attempts: attempt }, attempt, operation };
      });
      await insertAttempts.insert(
        trx,
        claimed.map(({ row, attempt, operation }) => ({
          receipt_id: row.id,
          number: attempt,
          revision: row.revision,
          operation,
          started_at: at,
        })),
      );
      return claimed;
    });
  }

  /**
   * Records how an attempt ended. The attempt number fences the write: if a person resolved the receipt
   * and a later attempt began meanwhile, this one's late answer changes only its own attempt record.
   * A correction stored while the attempt was in flight is queued now. Attempts that end together are
   * recorded in one transaction (group commit).
   */
  async finishBatch(items: FinishedAttempt[], now: Date): Promise<undefined[]> {
    const at = now.toISOString();
    return this.#db.kysely.transaction().execute(async (trx) => {
      for (const { id, attempt, done } of items) {
        await finishAttempt.execute(trx, {
          at,
          result: done.result,
          httpStatus: done.httpStatus,
          detail: done.outcome,
          id,
          attempt,
        });
      }
      const rows = await receiptsById.rows(trx, inList([...new Set(items.map((item) => item.id))]));
      const current = new Map(rows.map((row) => [row.id, row]));
      const events: NewEvent[] = [];
      for (const { id, attempt, sentRevision, done } of items) {
        const row = current.get(id);
        if (!row || row.attempts !== attempt) continue;
        const accepted = done.result === 'accepted';
        const correctedMeanwhile = row.revision > sentRevision && (accepted || done.result === 'rejected');
        const changes: ReceiptChanges = {
          status: correctedMeanwhile ? 'pending' : done.status,
          next_attempt_at: correctedMeanwhile ? at : done.nextAttemptAt,
          lease_until: null,
          outcome: done.outcome,
          updated_at: at,
          ...(done.wasteTrackingId ? { waste_tracking_id: done.wasteTrackingId } : {}),
          ...(done.dwtRevision !== undefined ? { dwt_revision: done.dwtRevision } : {}),
          ...(accepted && !row.submitted_at ? { submitted_at: at } : {}),
        };
        await applyChanges.execute(trx, { id, changes });
        // The row as it now stands, without reading it back (a later attempt of the batch sees it too).
        const updated: WasteReceiptRow = { ...row, ...changes };
        current.set(id, updated);
        if (!correctedMeanwhile && EVENT_STATUSES.has(updated.status)) events.push(statusEvent(updated, now));
      }
      // The batch's events in one go (the outbox), in the transaction that sets their statuses.
      await this.#events(trx, events, now);
      return items.map(() => undefined);
    });
  }

  /** Receipts whose lease ran out while `submitting`: their worker stopped mid-request. */
  async expiredLeases(now: Date): Promise<WasteReceiptRow[]> {
    return leaseExpired.rows(this.#db.kysely, now.toISOString());
  }

  /** Sets a receipt's state outside an attempt (a person's resolution); false when it was not in `from`. */
  async transition(
    scope: ReceiptScope,
    id: string,
    from: ReceiptStatus,
    to: Partial<
      Pick<
        WasteReceiptRow,
        | 'status'
        | 'next_attempt_at'
        | 'waste_tracking_id'
        | 'outcome'
        | 'submitted_at'
        | 'dwt_revision'
        | 'lease_until'
      >
    >,
    now: Date,
  ): Promise<boolean> {
    return this.#db.kysely.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('waste_receipts')
        .set({ ...to, updated_at: now.toISOString() })
        .where('id', '=', id)
        .where('organisation_id', '=', scope.organisationId)
        .where('mode', '=', scope.mode)
        .where('status', '=', from)
        .executeTakeFirst();
      const moved = Number(result.numUpdatedRows) === 1;
      if (moved) await this.#statusEvent(trx, id, now);
      return moved;
    });
  }

  /** The event for a receipt that has just reached an outcome its owner hears about, if it has. */
  async #statusEvent(trx: Transaction<Database>, id: string, now: Date): Promise<void> {
    const row = await trx
      .selectFrom('waste_receipts')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    if (!EVENT_STATUSES.has(row.status)) return;
    await this.#events(trx, [statusEvent(row, now)], now);
  }

  #scoped(q: Q, scope: ReceiptScope) {
    return q
      .selectFrom('waste_receipts')
      .selectAll()
      .where('organisation_id', '=', scope.organisationId)
      .where('mode', '=', scope.mode);
  }
}

/** waste_receipt.submitted, rejected or needs_review: the receipt as the API returns it. */
function statusEvent(row: WasteReceiptRow, now: Date): NewEvent {
  return {
    organisationId: row.organisation_id,
    mode: row.mode,
    type: `waste_receipt.${row.status}`,
    data: { receipt: receiptView(row, now) },
  };
}
