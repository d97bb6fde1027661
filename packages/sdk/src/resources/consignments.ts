import { idempotencyKey, paginate, unwrap } from '../call.ts';
import type {
  CallOptions,
  ConsigneeReturn,
  ConsigneeReturnCsvQuery,
  ConsigneeReturnQuery,
  ConsignmentNote,
  ConsignmentSigningLinkRequest,
  CreateConsignmentNoteRequest,
  CreateOptions,
  ExportConsignmentNotesQuery,
  ListConsignmentNotesQuery,
  Page,
  SignConsignmentNoteRequest,
} from '../types.ts';
import type { Api } from './api.ts';

/**
 * Hazardous waste consignment notes (SI 2005/894): Parts A and B on create, then Parts C (carrier),
 * D (consignor) and E (consignee) signed in that order. Hazardous waste moves on one of these, not on a
 * waste transfer note.
 */
export class ConsignmentNotes {
  readonly #api: Api;

  constructor(api: Api) {
    this.#api = api;
  }

  /** POST /v1/consignment-notes, with an Idempotency-Key (see CreateOptions). */
  create(body: CreateConsignmentNoteRequest, options: CreateOptions = {}) {
    return unwrap(
      this.#api.POST('/v1/consignment-notes', {
        body,
        params: { header: { 'idempotency-key': idempotencyKey(options) } },
        signal: options.signal,
      }),
    );
  }

  /** GET /v1/consignment-notes/{id}: the note with every part signed so far. */
  get(id: string, options: CallOptions = {}) {
    return unwrap(
      this.#api.GET('/v1/consignment-notes/{id}', { params: { path: { id } }, signal: options.signal }),
    );
  }

  /** GET /v1/consignment-notes: one page, newest first. */
  list(query: ListConsignmentNotesQuery = {}, options: CallOptions = {}): Promise<Page<ConsignmentNote>> {
    // Without format the answer is always the JSON page (the CSV media type is exportCsv's).
    return unwrap(
      this.#api.GET('/v1/consignment-notes', { params: { query }, signal: options.signal }),
    ) as Promise<Page<ConsignmentNote>>;
  }

  /** Every note matching `query`, newest first, fetching pages as the loop reaches them. */
  iterate(query: ListConsignmentNotesQuery = {}, options: CallOptions = {}): AsyncGenerator<ConsignmentNote> {
    return paginate((q) => this.list(q, options), query);
  }

  /**
   * GET /v1/consignment-notes?format=csv: every matching note as CSV, one row per waste line, as a
   * stream of bytes to pipe to a file without holding the whole export in memory.
   */
  async exportCsv(
    query: ExportConsignmentNotesQuery = {},
    options: CallOptions = {},
  ): Promise<ReadableStream<Uint8Array>> {
    const body = await unwrap(
      this.#api.GET('/v1/consignment-notes', {
        params: { query: { ...query, format: 'csv' } },
        parseAs: 'stream',
        signal: options.signal,
      }),
    );
    return body as ReadableStream<Uint8Array>;
  }

  /** GET /v1/consignment-notes/{id}/pdf: the A4 PDF's bytes (Parts A to E, continuation sheets). */
  async pdf(id: string, options: CallOptions = {}): Promise<Uint8Array> {
    const bytes = await unwrap(
      this.#api.GET('/v1/consignment-notes/{id}/pdf', {
        params: { path: { id } },
        parseAs: 'arrayBuffer',
        signal: options.signal,
      }),
    );
    return new Uint8Array(bytes);
  }

  /** POST /v1/consignment-notes/{id}/signatures: Part C, D or E, in that order (else PART_OUT_OF_ORDER). */
  sign(id: string, body: SignConsignmentNoteRequest, options: CallOptions = {}) {
    return unwrap(
      this.#api.POST('/v1/consignment-notes/{id}/signatures', {
        params: { path: { id } },
        body,
        signal: options.signal,
      }),
    );
  }

  /** POST /v1/consignment-notes/{id}/signing-links: a link the carrier, consignor or consignee signs on. */
  createSigningLink(id: string, body: ConsignmentSigningLinkRequest, options: CallOptions = {}) {
    return unwrap(
      this.#api.POST('/v1/consignment-notes/{id}/signing-links', {
        params: { path: { id } },
        body,
        signal: options.signal,
      }),
    );
  }
}

/** A receiving site's quarterly consignee return (reg 53 SI 2005/894). */
export class ConsigneeReturns {
  readonly #api: Api;

  constructor(api: Api) {
    this.#api = api;
  }

  /** GET /v1/consignee-returns: the return as JSON (`null_return` when nothing was received). */
  get(query: ConsigneeReturnQuery, options: CallOptions = {}): Promise<ConsigneeReturn> {
    return unwrap(
      this.#api.GET('/v1/consignee-returns', { params: { query }, signal: options.signal }),
    ) as Promise<ConsigneeReturn>;
  }

  /**
   * GET /v1/consignee-returns?format=csv: the file for one recipient, `agency` (every consignment) or
   * `producer` (that producer's only), as text: one site's quarter, small enough to hold.
   */
  async csv(query: ConsigneeReturnCsvQuery, options: CallOptions = {}): Promise<string> {
    const text = await unwrap(
      this.#api.GET('/v1/consignee-returns', {
        params: { query: { ...query, format: 'csv' } },
        parseAs: 'text',
        signal: options.signal,
      }),
    );
    return text as string;
  }
}
