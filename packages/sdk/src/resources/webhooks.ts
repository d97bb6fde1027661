import { paginate, unwrap } from '../call.ts';
import type { CallOptions, CarrierWatch, Event, Query, RequestBody, WebhookDelivery } from '../types.ts';
import type { Api } from './api.ts';

/** Endpoints that receive signed events, and their deliveries. */
export class WebhookEndpoints {
  readonly #api: Api;

  constructor(api: Api) {
    this.#api = api;
  }

  /** POST /v1/webhook-endpoints. The answer's `secret` is shown this once: store it. */
  create(body: RequestBody<'createWebhookEndpoint'>, options: CallOptions = {}) {
    return unwrap(this.#api.POST('/v1/webhook-endpoints', { body, signal: options.signal }));
  }

  list(options: CallOptions = {}) {
    return unwrap(this.#api.GET('/v1/webhook-endpoints', { signal: options.signal }));
  }

  get(id: string, options: CallOptions = {}) {
    return unwrap(
      this.#api.GET('/v1/webhook-endpoints/{id}', { params: { path: { id } }, signal: options.signal }),
    );
  }

  update(id: string, body: RequestBody<'updateWebhookEndpoint'>, options: CallOptions = {}) {
    return unwrap(
      this.#api.PATCH('/v1/webhook-endpoints/{id}', {
        params: { path: { id } },
        body,
        signal: options.signal,
      }),
    );
  }

  delete(id: string, options: CallOptions = {}) {
    return unwrap(
      this.#api.DELETE('/v1/webhook-endpoints/{id}', { params: { path: { id } }, signal: options.signal }),
    );
  }

  /** A new secret, shown once; for 24 hours deliveries are signed with both. */
  rotateSecret(id: string, options: CallOptions = {}) {
    return unwrap(
      this.#api.POST('/v1/webhook-endpoints/{id}/rotate-secret', {
        params: { path: { id } },
        signal: options.signal,
      }),
    );
  }

  /** Sends a `ping` event to the endpoint now. */
  test(id: string, options: CallOptions = {}) {
    return unwrap(
      this.#api.POST('/v1/webhook-endpoints/{id}/test', { params: { path: { id } }, signal: options.signal }),
    );
  }

  listDeliveries(id: string, query: Query<'listWebhookDeliveries'> = {}, options: CallOptions = {}) {
    return unwrap(
      this.#api.GET('/v1/webhook-endpoints/{id}/deliveries', {
        params: { path: { id }, query },
        signal: options.signal,
      }),
    );
  }

  iterateDeliveries(
    id: string,
    query: Query<'listWebhookDeliveries'> = {},
    options: CallOptions = {},
  ): AsyncGenerator<WebhookDelivery> {
    return paginate((q) => this.listDeliveries(id, q, options), query);
  }

  getDelivery(id: string, deliveryId: string, options: CallOptions = {}) {
    return unwrap(
      this.#api.GET('/v1/webhook-endpoints/{id}/deliveries/{delivery_id}', {
        params: { path: { id, delivery_id: deliveryId } },
        signal: options.signal,
      }),
    );
  }

  redeliver(id: string, deliveryId: string, options: CallOptions = {}) {
    return unwrap(
      this.#api.POST('/v1/webhook-endpoints/{id}/deliveries/{delivery_id}/redeliver', {
        params: { path: { id, delivery_id: deliveryId } },
        signal: options.signal,
      }),
    );
  }
}

/** Every event, whether or not an endpoint received it. */
export class Events {
  readonly #api: Api;

  constructor(api: Api) {
    this.#api = api;
  }

  list(query: Query<'listEvents'> = {}, options: CallOptions = {}) {
    return unwrap(this.#api.GET('/v1/events', { params: { query }, signal: options.signal }));
  }

  iterate(query: Query<'listEvents'> = {}, options: CallOptions = {}): AsyncGenerator<Event> {
    return paginate((q) => this.list(q, options), query);
  }

  get(id: string, options: CallOptions = {}) {
    return unwrap(this.#api.GET('/v1/events/{id}', { params: { path: { id } }, signal: options.signal }));
  }
}

/** Registration numbers re-checked against the register every day, with events on changes. */
export class CarrierWatches {
  readonly #api: Api;

  constructor(api: Api) {
    this.#api = api;
  }

  create(body: RequestBody<'createCarrierWatch'>, options: CallOptions = {}) {
    return unwrap(this.#api.POST('/v1/carrier-watches', { body, signal: options.signal }));
  }

  list(query: Query<'listCarrierWatches'> = {}, options: CallOptions = {}) {
    return unwrap(this.#api.GET('/v1/carrier-watches', { params: { query }, signal: options.signal }));
  }

  iterate(query: Query<'listCarrierWatches'> = {}, options: CallOptions = {}): AsyncGenerator<CarrierWatch> {
    return paginate((q) => this.list(q, options), query);
  }

  get(id: string, options: CallOptions = {}) {
    return unwrap(
      this.#api.GET('/v1/carrier-watches/{id}', { params: { path: { id } }, signal: options.signal }),
    );
  }

  update(id: string, body: RequestBody<'updateCarrierWatch'>, options: CallOptions = {}) {
    return unwrap(
      this.#api.PATCH('/v1/carrier-watches/{id}', { params: { path: { id } }, body, signal: options.signal }),
    );
  }

  delete(id: string, options: CallOptions = {}) {
    return unwrap(
      this.#api.DELETE('/v1/carrier-watches/{id}', { params: { path: { id } }, signal: options.signal }),
    );
  }
}
