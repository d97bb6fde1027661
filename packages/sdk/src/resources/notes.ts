import { idempotencyKey, paginate, unwrap } from '../call.ts';
import type {
  CallOptions,
  CreateOptions,
  GenerateWtnRequest,
  ListWtnsQuery,
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
  list(query: ListWtnsQuery = {}, options: CallOptions = {}) {
    return unwrap(this.#api.GET('/v1/wtn', { params: { query }, signal: options.signal }));
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
