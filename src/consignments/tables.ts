/**
 * Hazardous waste consignment notes as stored. The note's content (Parts A and B) is a JSON document
 * written once; each part signed later is a row of its own; the columns beside the document are what
 * lists, returns and the legal order of signing need.
 */
export interface ConsignmentNoteRow {
  /** `cn_…` */
  id: string;
  organisation_id: string;
  mode: 'live' | 'test';
  /** ISO 8601 UTC with milliseconds: with `id`, orders the list. */
  created_at: string;
  /** `RATPES/00001`, unique per organisation and mode. */
  consignment_code: string;
  /** The code's prefix (before the slash): the producer whose sequence it belongs to. */
  code_prefix: string;
  status: string;
  /** The consignee's receiving site, when the note names one (the quarterly return is per site). */
  site_id: string | null;
  /** YYYY-MM-DD of Part E: the quarter a consignee returns it in. */
  received_date: string | null;
  rejected_from: string | null;
  /** The note as created (Parts A and B), JSON: never changed. */
  document: string;
  content_sha256: string | null;
  idempotency_key: string | null;
  request_hash: string | null;
}

/** One signed part: added once, never changed. */
export interface ConsignmentPartRow {
  note_id: string;
  part: 'C' | 'D' | 'E';
  signed_at: string;
  /** The part as the API returns it, JSON. */
  document: string;
  ip: string | null;
  /** A hand-drawn signature as a PNG data URL. */
  drawing: string | null;
}

/** A link that lets one party sign one part without an account: its token is kept only as a SHA-256. */
export interface ConsignmentSigningLinkRow {
  token_sha256: string;
  /** `sl_…`: what a part signed on the link names (never the token). */
  id: string;
  note_id: string;
  organisation_id: string;
  mode: 'live' | 'test';
  part: 'C' | 'D' | 'E';
  created_at: string;
  expires_at: string;
  used_at: string | null;
  /**
   * The organisation and API key the link was created with, JSON (a part's `authentication` without
   * `signing_link`); null for a link made before it was recorded.
   */
  created_with: string | null;
}

/**
 * Counters: the last number given for a producer's codes (`code:GARAGE`) and for a round of a multiple
 * collection, one per round whatever premises it visits (`round:R12`). Incremented in the transaction that uses the number.
 */
export interface ConsignmentSequenceRow {
  organisation_id: string;
  mode: 'live' | 'test';
  name: string;
  last_number: number;
}

export interface ConsignmentTables {
  consignment_notes: ConsignmentNoteRow;
  consignment_parts: ConsignmentPartRow;
  consignment_signing_links: ConsignmentSigningLinkRow;
  consignment_sequences: ConsignmentSequenceRow;
}
