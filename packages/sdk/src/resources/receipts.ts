import { idempotencyKey, paginate, unwrap } from '../call.ts';
import type { CallOptions, CreateOptions, Query, RequestBody, WasteReceipt } from '../types.ts';
import type { Api } from './api.ts';

/** Receiving sites: where waste receipts are recorded. */
export class Sites {
  readonly #api: Api;

  constructor(api: Api) {
    this.#api = api;
  }

  create(body: RequestBody<'createSite'>, options: CallOptions = {}) {
    return unwrap(this.#api.POST('/v1/sites', { body, signal: options.signal }));
  }

  list(query: Query<'listSites'> = {}, options: CallOptions = {}) {
    return unwrap(this.#api.GET('/v1/sites', { params: { query }, signal: options.signal }));
  }

  get(id: string, options: CallOptions = {}) {
    return unwrap(this.#api.GET('/v1/sites/{id}', { params: { path: { id } }, signal: options.signal }));
  }

  update(id: string, body: RequestBody<'updateSite'>, options: CallOptions = {}) {
    return unwrap(
      this.#api.PATCH('/v1/sites/{id}', { params: { path: { id } }, body, signal: options.signal }),
    );
  }

  archive(id: string, options: CallOptions = {}) {
    return unwrap(this.#api.DELETE('/v1/sites/{id}', { params: { path: { id } }, signal: options.signal }));
  }
}

/** Waste receipts reported to DEFRA's Digital Waste Tracking service. */
export class Receipts {
  readonly #api: Api;

  constructor(api: Api) {
    this.#api = api;
  }

  /** POST /v1/waste-receipts, with an Idempotency-Key (see CreateOptions). */
  create(body: RequestBody<'createWasteReceipt'>, options: CreateOptions = {}) {
    return unwrap(
      this.#api.POST('/v1/waste-receipts', {
        body,
        params: { header: { 'idempotency-key': idempotencyKey(options) } },
        signal: options.signal,
      }),
    );
  }

  list(query: Query<'listWasteReceipts'> = {}, options: CallOptions = {}) {
    return unwrap(this.#api.GET('/v1/waste-receipts', { params: { query }, signal: options.signal }));
  }

  iterate(query: Query<'listWasteReceipts'> = {}, options: CallOptions = {}): AsyncGenerator<WasteReceipt> {
    return paginate((q) => this.list(q, options), query);
  }

  get(id: string, options: CallOptions = {}) {
    return unwrap(
      this.#api.GET('/v1/waste-receipts/{id}', { params: { path: { id } }, signal: options.signal }),
    );
  }

  /** PUT /v1/waste-receipts/{id}: the corrected receipt, sent to DWT again. */
  correct(id: string, body: RequestBody<'correctWasteReceipt'>, options: CallOptions = {}) {
    return unwrap(
      this.#api.PUT('/v1/waste-receipts/{id}', { params: { path: { id } }, body, signal: options.signal }),
    );
  }

  /** POST /v1/waste-receipts/{id}/resolve: settle a receipt in `needs_review`. */
  resolve(id: string, body: RequestBody<'resolveWasteReceipt'>, options: CallOptions = {}) {
    return unwrap(
      this.#api.POST('/v1/waste-receipts/{id}/resolve', {
        params: { path: { id } },
        body,
        signal: options.signal,
      }),
    );
  }
}
