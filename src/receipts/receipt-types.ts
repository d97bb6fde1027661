import type { CreateReceiptBody } from './receipt-schemas.ts';
import type { Receiver } from './site-types.ts';
import type { Mode } from './tables.ts';

/** A receipt's content: what DWT records, in our field names, after filling from a transfer note. */
export type ReceiptContent = Omit<
  CreateReceiptBody,
  'site_id' | 'wtn_reference' | 'wtn_transfer_number' | 'consignment_note_id'
>;

/** Where a receipt's content was filled from a stored transfer note. */
export interface FromNote {
  reference: string;
  transfer_number: number | null;
  /** The fields the note filled, as JSON pointers. */
  filled: string[];
}

/** What we store per revision: the content and how it was made. */
export interface StoredReceiptBody {
  content: ReceiptContent;
  receiver: Receiver;
  from_wtn: FromNote | null;
  /** Absent on receipts stored before consignment notes existed. */
  from_consignment_note?: { id: string; consignment_code: string; filled: string[] } | null;
  warnings: { code: string; field: string; message: string }[];
}

export interface ReceiptScope {
  organisationId: string;
  mode: Mode;
}
