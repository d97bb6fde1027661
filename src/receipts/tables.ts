export type Mode = 'live' | 'test';

/** A receiving site: the document is the site as the API returns it (JSON). */
export interface ReceivingSiteRow {
  id: string;
  organisation_id: string;
  mode: Mode;
  created_at: string;
  updated_at: string;
  archived_at: string | null;
  document: string;
}

export const RECEIPT_STATUSES = [
  'pending',
  'submitting',
  'retrying',
  'submitted',
  'rejected',
  'needs_review',
] as const;
export type ReceiptStatus = (typeof RECEIPT_STATUSES)[number];

/**
 * A waste receipt and the state of its submission to DWT. The row is its own outbox entry: the worker
 * claims rows whose `next_attempt_at` has come (null when nothing is to be sent) and holds them by
 * `lease_until` while a request to DWT is in flight.
 */
export interface WasteReceiptRow {
  id: string;
  organisation_id: string;
  mode: Mode;
  site_id: string;
  created_at: string;
  updated_at: string;
  /** ISO 8601 UTC */
  received_at: string;
  /** End of the second working day after receipt, ISO 8601 UTC. */
  due_by: string;
  status: ReceiptStatus;
  /** Our latest revision of the receipt (1 on create, +1 per correction). */
  revision: number;
  /** The revision DWT last accepted; 0 before the first acceptance. */
  dwt_revision: number;
  /** The receipt as given and filled (JSON, our field names): the latest revision. */
  body: string;
  waste_tracking_id: string | null;
  attempts: number;
  next_attempt_at: string | null;
  lease_until: string | null;
  submitted_at: string | null;
  /** JSON: the last answer that matters to the user (DWT's errors, warnings, or why it waits). */
  outcome: string | null;
  idempotency_key: string | null;
  request_hash: string | null;
}

export interface WasteReceiptRevisionRow {
  receipt_id: string;
  revision: number;
  created_at: string;
  body: string;
}

export type AttemptResult = 'accepted' | 'rejected' | 'retry' | 'unknown';

/** One request to DWT (or the sandbox), recorded before it is sent and completed after. */
export interface WasteReceiptAttemptRow {
  receipt_id: string;
  number: number;
  revision: number;
  operation: 'create' | 'update';
  started_at: string;
  finished_at: string | null;
  result: AttemptResult | null;
  http_status: number | null;
  detail: string | null;
}

export interface ReceiptTables {
  receiving_sites: ReceivingSiteRow;
  waste_receipts: WasteReceiptRow;
  waste_receipt_revisions: WasteReceiptRevisionRow;
  waste_receipt_attempts: WasteReceiptAttemptRow;
}
