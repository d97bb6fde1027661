import { CompiledOnce } from '../platform/compiled-once.ts';
import { MultiRowInsert } from '../platform/db/multi-row-insert.ts';
import type {
  AttemptResult,
  Mode,
  ReceiptStatus,
  WasteReceiptAttemptRow,
  WasteReceiptRevisionRow,
  WasteReceiptRow,
} from './tables.ts';

// The queries every receipt runs (created, claimed, finished), built once (platform/compiled-once.ts,
// platform/db/multi-row-insert.ts): building them afresh cost Kysely more than SQLite spent running them.

const RECEIPT_COLUMNS = [
  'id',
  'organisation_id',
  'mode',
  'site_id',
  'created_at',
  'updated_at',
  'received_at',
  'due_by',
  'status',
  'revision',
  'dwt_revision',
  'body',
  'waste_tracking_id',
  'attempts',
  'next_attempt_at',
  'lease_until',
  'submitted_at',
  'outcome',
  'idempotency_key',
  'request_hash',
] as const satisfies readonly (keyof WasteReceiptRow)[];

/** New receipts; one whose Idempotency-Key is taken is skipped, and missing from what is returned. */
export const insertReceipts = new MultiRowInsert<WasteReceiptRow, { id: string }>(
  RECEIPT_COLUMNS,
  (db, rows) =>
    db
      .insertInto('waste_receipts')
      .values(rows)
      .onConflict((oc) => oc.columns(['organisation_id', 'mode', 'idempotency_key']).doNothing())
      .returning('id'),
);

export const insertRevisions = new MultiRowInsert<WasteReceiptRevisionRow>(
  ['receipt_id', 'revision', 'created_at', 'body'],
  (db, rows) => db.insertInto('waste_receipt_revisions').values(rows),
);

export const insertAttempts = new MultiRowInsert<
  Pick<WasteReceiptAttemptRow, 'receipt_id' | 'number' | 'revision' | 'operation' | 'started_at'>
>(['receipt_id', 'number', 'revision', 'operation', 'started_at'], (db, rows) =>
  db.insertInto('waste_receipt_attempts').values(rows),
);

/** Frees an Idempotency-Key last used at or before `cutoff` (outside the 24-hour window). */
export const releaseStaleKey = new CompiledOnce({
  parameters: (a: { organisationId: string; mode: Mode; key: string; cutoff: string }) => [
    null,
    a.organisationId,
    a.mode,
    a.key,
    a.cutoff,
  ],
  build: (db, a) =>
    db
      .updateTable('waste_receipts')
      .set({ idempotency_key: null })
      .where('organisation_id', '=', a.organisationId)
      .where('mode', '=', a.mode)
      .where('idempotency_key', '=', a.key)
      .where('created_at', '<=', a.cutoff),
});

/** Receipts due at `at` in these modes, oldest first; on PostgreSQL locked, skipping those held. */
export const dueReceipts = new CompiledOnce({
  shape: (a: { at: string; modes: Mode[]; limit: number; lock: boolean }) => `${a.modes.length}:${a.lock}`,
  parameters: (a) => [a.at, ...a.modes, a.limit],
  build: (db, a) => {
    const due = db
      .selectFrom('waste_receipts')
      .selectAll()
      .where('next_attempt_at', '<=', a.at)
      .where('lease_until', 'is', null)
      .where('mode', 'in', a.modes)
      .orderBy('next_attempt_at')
      .limit(a.limit);
    return a.lock ? due.forUpdate().skipLocked() : due;
  },
});

export const finishAttempt = new CompiledOnce({
  parameters: (a: {
    at: string;
    result: AttemptResult;
    httpStatus: number | null;
    detail: string;
    id: string;
    attempt: number;
  }) => [a.at, a.result, a.httpStatus, a.detail, a.id, a.attempt],
  build: (db, a) =>
    db
      .updateTable('waste_receipt_attempts')
      .set({ finished_at: a.at, result: a.result, http_status: a.httpStatus, detail: a.detail })
      .where('receipt_id', '=', a.id)
      .where('number', '=', a.attempt),
});

export const receiptsById = new CompiledOnce({
  shape: (ids: string[]) => ids.length,
  parameters: (ids) => ids,
  build: (db, ids) => db.selectFrom('waste_receipts').selectAll().where('id', 'in', ids),
});

/** How an attempt leaves a receipt; the optional columns change only when given. */
export interface ReceiptChanges {
  status: ReceiptStatus;
  next_attempt_at: string | null;
  lease_until: null;
  outcome: string;
  updated_at: string;
  waste_tracking_id?: string;
  dwt_revision?: number;
  submitted_at?: string;
}

export const applyChanges = new CompiledOnce({
  shape: (a: { id: string; changes: ReceiptChanges }) =>
    `${a.changes.waste_tracking_id !== undefined}:${a.changes.dwt_revision !== undefined}:${a.changes.submitted_at !== undefined}`,
  parameters: ({ id, changes: c }) => [
    c.status,
    c.next_attempt_at,
    c.lease_until,
    c.outcome,
    c.updated_at,
    ...(c.waste_tracking_id !== undefined ? [c.waste_tracking_id] : []),
    ...(c.dwt_revision !== undefined ? [c.dwt_revision] : []),
    ...(c.submitted_at !== undefined ? [c.submitted_at] : []),
    id,
  ],
  build: (db, { id, changes: c }) =>
    db
      .updateTable('waste_receipts')
      .set({
        status: c.status,
        next_attempt_at: c.next_attempt_at,
        lease_until: c.lease_until,
        outcome: c.outcome,
        updated_at: c.updated_at,
        ...(c.waste_tracking_id !== undefined ? { waste_tracking_id: c.waste_tracking_id } : {}),
        ...(c.dwt_revision !== undefined ? { dwt_revision: c.dwt_revision } : {}),
        ...(c.submitted_at !== undefined ? { submitted_at: c.submitted_at } : {}),
      })
      .where('id', '=', id),
});

/** Receipts whose lease ran out while `submitting`: their worker stopped mid-request. */
export const leaseExpired = new CompiledOnce({
  parameters: (at: string) => ['submitting', at],
  build: (db, at) =>
    db
      .selectFrom('waste_receipts')
      .selectAll()
      .where('status', '=', 'submitting')
      .where('lease_until', '<', at),
});

/** A site's document, within its organisation and mode. */
export const siteDocument = new CompiledOnce({
  parameters: (a: { id: string; organisationId: string; mode: Mode }) => [a.id, a.organisationId, a.mode],
  build: (db, a) =>
    db
      .selectFrom('receiving_sites')
      .select('document')
      .where('id', '=', a.id)
      .where('organisation_id', '=', a.organisationId)
      .where('mode', '=', a.mode),
});
