/**
 * A waste transfer note as stored: the note itself as a JSON document (exactly what the API returns,
 * immutable once written) plus the columns that the list filters and the cursor need.
 */
export interface WtnNoteRow {
  /** `WTN-2026-1122-7K3Q`; unique across every organisation and mode. */
  reference: string;
  organisation_id: string;
  mode: 'live' | 'test';
  /** ISO 8601 UTC with milliseconds: sorts as text, and with `reference` orders the list. */
  created_at: string;
  /** YYYY-MM-DD */
  transfer_date: string;
  carrier_registration_number: string;
  /** "NN NN NN", or null when no code is on the note. */
  ewc_code: string | null;
  /** 0 or 1 */
  is_compliant: number;
  /** The note, JSON. */
  document: string;
}

/** An `Idempotency-Key` that created a note: replayed for 24 hours, scoped to organisation and mode. */
export interface WtnIdempotencyRow {
  organisation_id: string;
  mode: 'live' | 'test';
  idempotency_key: string;
  /** SHA-256 of the canonical JSON of the request body, hex. */
  request_hash: string;
  reference: string;
  created_at: string;
}

export interface WtnTables {
  wtn_notes: WtnNoteRow;
  wtn_idempotency_keys: WtnIdempotencyRow;
}
