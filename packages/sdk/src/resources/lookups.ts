import { unwrap } from '../call.ts';
import type {
  CallOptions,
  ClassifyWasteRequest,
  Query,
  RequestBody,
  VerifyCarrierRequest,
} from '../types.ts';
import type { Api } from './api.ts';

/** The calling key, its organisation and plan, and its use of the monthly quota. */
export class Account {
  readonly #api: Api;

  constructor(api: Api) {
    this.#api = api;
  }

  /** GET /v1/account: check the key. */
  get(options: CallOptions = {}) {
    return unwrap(this.#api.GET('/v1/account', { signal: options.signal }));
  }

  /** GET /v1/usage: this cycle's use of the monthly quota. */
  usage(options: CallOptions = {}) {
    return unwrap(this.#api.GET('/v1/usage', { signal: options.signal }));
  }
}

/** Checks against the Environment Agency public register of waste carriers, brokers and dealers. */
export class Carriers {
  readonly #api: Api;

  constructor(api: Api) {
    this.#api = api;
  }

  /** POST /v1/verify-carrier. Not on the register is a result (`status: not_found`), not an error. */
  verify(body: VerifyCarrierRequest, options: CallOptions = {}) {
    return unwrap(this.#api.POST('/v1/verify-carrier', { body, signal: options.signal }));
  }

  /** POST /v1/verify-carrier/batch: many registration numbers in one call. */
  verifyBatch(body: RequestBody<'verifyCarrierBatch'>, options: CallOptions = {}) {
    return unwrap(this.#api.POST('/v1/verify-carrier/batch', { body, signal: options.signal }));
  }
}

/** List of Wastes (EWC) classification and look-ups. */
export class Waste {
  readonly #api: Api;

  constructor(api: Api) {
    this.#api = api;
  }

  /** POST /v1/classify-waste: ranked EWC codes for a plain-English description. */
  classify(body: ClassifyWasteRequest, options: CallOptions = {}) {
    return unwrap(this.#api.POST('/v1/classify-waste', { body, signal: options.signal }));
  }

  /** GET /v1/ewc-codes: search the List of Wastes. */
  listCodes(query: Query<'listEwcCodes'> = {}, options: CallOptions = {}) {
    return unwrap(this.#api.GET('/v1/ewc-codes', { params: { query }, signal: options.signal }));
  }

  /** GET /v1/ewc-codes/{code}: one code, in any form (170504, 17 05 04, 17 05 04*). */
  getCode(code: string, options: CallOptions = {}) {
    return unwrap(
      this.#api.GET('/v1/ewc-codes/{code}', { params: { path: { code } }, signal: options.signal }),
    );
  }
}
