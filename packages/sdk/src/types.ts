import type { components, operations } from './openapi.ts';

type Operation = keyof operations;

/** The JSON request body of an operation. */
export type RequestBody<K extends Operation> = operations[K] extends {
  requestBody?: { content: { 'application/json': infer B } };
}
  ? B
  : never;

/** The query parameters of an operation. */
export type Query<K extends Operation> = NonNullable<operations[K]['parameters']['query']>;

/** The JSON body of an operation's 2xx answer. */
export type Result<K extends Operation> = operations[K]['responses'] extends infer R
  ? {
      [S in keyof R & (200 | 201 | 202)]: R[S] extends { content: { 'application/json': infer B } }
        ? B
        : never;
    }[keyof R & (200 | 201 | 202)]
  : never;

/** One page of a list: pass `next_starting_after` as `starting_after` for the next. */
export interface Page<T> {
  data: T[];
  has_more: boolean;
  next_starting_after: string | null;
}

type Schemas = components['schemas'];
export type WasteTransferNote = Schemas['WasteTransferNote'];
export type Site = Schemas['Site'];
export type WasteReceipt = Schemas['WasteReceipt'];
export type WebhookEndpoint = Schemas['WebhookEndpoint'];
export type WebhookDelivery = Schemas['WebhookDelivery'];
export type Event = Schemas['Event'];
export type CarrierWatch = Schemas['CarrierWatch'];
export type ConsignmentNote = Schemas['ConsignmentNote'];
export type ConsigneeReturn = Schemas['ConsigneeReturn'];

export type GenerateWtnRequest = RequestBody<'generateWtn'>;
/** The list's filters; `format` is set by `notes.list` (JSON) and `notes.exportCsv` (CSV). */
export type ListWtnsQuery = Omit<Query<'listWtns'>, 'format'>;
/** The CSV export's filters: the list's, without its paging. */
export type ExportWtnsQuery = Omit<ListWtnsQuery, 'limit' | 'starting_after'>;
export type CreateConsignmentNoteRequest = RequestBody<'createConsignmentNote'>;
export type SignConsignmentNoteRequest = RequestBody<'signConsignmentNote'>;
export type ConsignmentSigningLinkRequest = RequestBody<'createConsignmentSigningLink'>;
/** The list's filters; `format=csv` is `consignmentNotes.exportCsv`'s. */
export type ListConsignmentNotesQuery = Omit<Query<'listConsignmentNotes'>, 'format'>;
/** The CSV export's filters: the list's, without its paging. */
export type ExportConsignmentNotesQuery = Omit<ListConsignmentNotesQuery, 'limit' | 'starting_after'>;
/**
 * The site and quarter (e.g. `2026-Q4`) of a consignee return, and, for a site in a postcode district on
 * both sides of the England-Wales border, the `regulator` it goes to.
 */
export type ConsigneeReturnQuery = Pick<Query<'getConsigneeReturn'>, 'site_id' | 'quarter' | 'regulator'>;
/** A consignee return's CSV is for one recipient: the Agency, or one producer (by name or code prefix). */
export type ConsigneeReturnCsvQuery = ConsigneeReturnQuery &
  ({ recipient: 'agency'; producer?: never } | { recipient: 'producer'; producer: string });
export type VerifyCarrierRequest = RequestBody<'verifyCarrier'>;
export type VerifyCarrierResult = Result<'verifyCarrier'>;
export type ClassifyWasteRequest = RequestBody<'classifyWaste'>;
export type ClassifyWasteResult = Result<'classifyWaste'>;

/** Options every call takes. */
export interface CallOptions {
  /** Cancels the call, including any wait before a retry. */
  signal?: AbortSignal;
}

/** Options of the calls that create something and take an Idempotency-Key. */
export interface CreateOptions extends CallOptions {
  /**
   * Sent as `Idempotency-Key`; a new UUID for each call when not given. The same key is sent on every
   * retry of the call, so a retry never creates twice. Pass your own (e.g. your job's id) to make a
   * repeat of the whole call, after a crash, safe too: within 24 hours the API answers the first result.
   */
  idempotencyKey?: string;
}
