import type { Generated } from 'kysely';

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
  /** The note as created, JSON: never changed. */
  document: string;
  /** 'complete', or 'superseded' once a later note corrects it. */
  status: Generated<'complete' | 'superseded'>;
  superseded_by: string | null;
  signed: Generated<'unsigned' | 'partially_signed' | 'signed'>;
  /** Set when the second party signs. */
  content_sha256: string | null;
  /** Collections logged under a season ticket. */
  transfer_count: Generated<number>;
}

/** One party's signature: added once, never changed. */
export interface WtnSignatureRow {
  reference: string;
  party: 'transferor' | 'transferee';
  name: string;
  position: string | null;
  signed_at: string;
  method: 'api' | 'signing_link';
  ip: string | null;
  /** A hand-drawn signature as a PNG data URL. */
  drawing: string | null;
}

/** A link that lets one party sign without an account: its token is kept only as a SHA-256. */
export interface WtnSigningLinkRow {
  token_sha256: string;
  reference: string;
  organisation_id: string;
  mode: 'live' | 'test';
  party: 'transferor' | 'transferee';
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** One collection under a season ticket. */
export interface WtnTransferRow {
  reference: string;
  number: number;
  date: string;
  time: string | null;
  quantity_kg: number;
  vehicle_registration: string;
  logged_at: string;
  organisation_id: string;
  mode: 'live' | 'test';
  idempotency_key: string | null;
  request_hash: string | null;
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
  wtn_signatures: WtnSignatureRow;
  wtn_signing_links: WtnSigningLinkRow;
  wtn_transfers: WtnTransferRow;
}
