import { idempotencyKey, paginate, unwrap } from '../call.ts';
import type {
  CallOptions,
  CreateOptions,
  ExportWtnsQuery,
  GenerateWtnRequest,
  ListWtnsQuery,
  Page,
  RequestBody,
  WasteTransferNote,
} from '../types.ts';
import type { Api } from './api.ts';

/** Waste transfer notes: create, read, list, print, sign, and log a season ticket's collections. */
export class Notes {
  readonly #api: Api;

  constructor(api: Api) {
    this.#api = api;
  }

  /** POST /v1/generate-wtn, with an Idempotency-Key (see CreateOptions). */
  create(body: GenerateWtnRequest, options: CreateOptions = {}) {
    return unwrap(
      this.#api.POST('/v1/generate-wtn', {
        body,
        params: { header: { 'idempotency-key': idempotencyKey(options) } },
        signal: options.signal,
      }),
    );
  }

  /** GET /v1/wtn/{reference}. */
  get(reference: string, options: CallOptions = {}) {
    return unwrap(
      this.#api.GET('/v1/wtn/{reference}', { params: { path: { reference } }, signal: options.signal }),
    );
  }

  /** GET /v1/wtn: one page, newest first. */
  list(query: ListWtnsQuery = {}, options: CallOptions = {}): Promise<Page<WasteTransferNote>> {
    // With format=json the answer is always the JSON page (the CSV media type is exportCsv's).
    return unwrap(
      this.#api.GET('/v1/wtn', { params: { query: { ...query, format: 'json' } }, signal: options.signal }),
    ) as Promise<Page<WasteTransferNote>>;
  }

  /**
   * GET /v1/wtn?format=csv: every note matching `query` as CSV (a header row, one row per note), as a
   * stream of bytes to pipe to a file without holding the whole export in memory.
   */
  async exportCsv(
    query: ExportWtnsQuery = {},
    options: CallOptions = {},
  ): Promise<ReadableStream<Uint8Array>> {
    const body = await unwrap(
      this.#api.GET('/v1/wtn', {
        params: { query: { ...query, format: 'csv' } },
        parseAs: 'stream',
        signal: options.signal,
      }),
    );
    return body as ReadableStream<Uint8Array>;
  }

  /** Every note matching `query`, newest first, fetching pages as the loop reaches them. */
  iterate(query: ListWtnsQuery = {}, options: CallOptions = {}): AsyncGenerator<WasteTransferNote> {
    return paginate((q) => this.list(q, options), query);
  }

  /** GET /v1/wtn/{reference}/pdf: the A4 PDF's bytes. */
  async pdf(reference: string, options: CallOptions = {}): Promise<Uint8Array> {
    const bytes = await unwrap(
      this.#api.GET('/v1/wtn/{reference}/pdf', {
        params: { path: { reference } },
        parseAs: 'arrayBuffer',
        signal: options.signal,
      }),
    );
    return new Uint8Array(bytes);
  }

  /** POST /v1/wtn/{reference}/signatures. */
  sign(reference: string, body: RequestBody<'signWtn'>, options: CallOptions = {}) {
    return unwrap(
      this.#api.POST('/v1/wtn/{reference}/signatures', {
        params: { path: { reference } },
        body,
        signal: options.signal,
      }),
    );
  }

  /** POST /v1/wtn/{reference}/signing-links: a link a party opens to sign on a phone. */
  createSigningLink(reference: string, body: RequestBody<'createWtnSigningLink'>, options: CallOptions = {}) {
    return unwrap(
      this.#api.POST('/v1/wtn/{reference}/signing-links', {
        params: { path: { reference } },
        body,
        signal: options.signal,
      }),
    );
  }

  /** POST /v1/wtn/{reference}/transfers: a collection under a season ticket, with an Idempotency-Key. */
  logTransfer(reference: string, body: RequestBody<'logWtnTransfer'>, options: CreateOptions = {}) {
    return unwrap(
      this.#api.POST('/v1/wtn/{reference}/transfers', {
        params: { path: { reference }, header: { 'idempotency-key': idempotencyKey(options) } },
        body,
        signal: options.signal,
      }),
    );
  }
}
