import type { Logger } from 'pino';
import type { KeyMode } from '../accounts/api-key-format.ts';
import type { Clock } from '../platform/clock.ts';
import { afterCommit } from '../platform/db/after-commit.ts';
import type { Db } from '../platform/db/database.ts';
import { ApiError } from '../platform/errors.ts';
import type { EventSink } from '../platform/events.ts';
import { newId } from '../platform/ids.ts';
import { DeliveryStore } from './delivery-store.ts';
import { DeliveryWorker } from './delivery-worker.ts';
import { recordEventsAndDeliveries } from './event-outbox.ts';
import { PING } from './event-types.ts';
import { type EventView, eventJson, eventView } from './event-view.ts';
import { type LoopbackSettings, urlPolicyFor } from './loopback-rule.ts';
import { EventRetention } from './retention.ts';
import { newSigningSecret } from './signature.ts';
import { assertResolvesPublicly, checkUrlShape, UnsafeUrlError } from './url-safety.ts';
import type {
  CreateEndpointBody,
  ListDeliveriesQuery,
  ListEventsQuery,
  UpdateEndpointBody,
  WebhookDelivery,
  WebhookEndpoint,
} from './webhook-schemas.ts';
import { type Page, type WebhookScope, WebhookStore } from './webhook-store.ts';
import { deliveryView, endpointView } from './webhook-views.ts';

/** Endpoints per organisation and mode: enough for every system that listens, few enough to deliver fast. */
export const MAX_ENDPOINTS = 16;
/** After a rotation the old secret keeps signing for a day, so receivers can switch without a gap. */
const PREVIOUS_SECRET_MS = 24 * 3_600_000;

export interface WebhookServiceOptions {
  db: Db;
  clock: Clock;
  logger: Logger;
  /** When endpoints may use http on loopback (src/webhooks/loopback-rule.ts). */
  loopback: LoopbackSettings;
  worker: { enabled: boolean; pollMs: number; timeoutMs: number; retryBaseMs: number };
  /** EVENT_RETENTION_DAYS: older events, with their deliveries and attempts, are removed on the worker's instances. */
  retentionDays: number;
}

/** Webhook endpoints, events and deliveries; owns the delivery worker and the event sink. */
export class WebhookService {
  readonly #store: WebhookStore;
  readonly #clock: Clock;
  readonly #loopback: LoopbackSettings;
  readonly worker: DeliveryWorker;
  /** Removes old events; scheduled with the worker, run by hand with `wcs events prune`. */
  readonly retention: EventRetention;
  readonly #workerEnabled: boolean;

  constructor(o: WebhookServiceOptions) {
    this.#store = new WebhookStore(o.db);
    this.#clock = o.clock;
    this.#loopback = o.loopback;
    this.#workerEnabled = o.worker.enabled;
    this.worker = new DeliveryWorker({
      store: new DeliveryStore(o.db),
      clock: o.clock,
      logger: o.logger,
      policyFor: (mode) => urlPolicyFor(mode, o.loopback),
      ...o.worker,
    });
    this.retention = new EventRetention({
      db: o.db,
      clock: o.clock,
      logger: o.logger,
      days: o.retentionDays,
    });
  }

  /** What other capabilities record their events through, in their own transactions. */
  readonly sink: EventSink = async (trx, events, now) => {
    const { endpoints } = await recordEventsAndDeliveries(trx, events, now);
    // Told once the caller's transaction commits, so its claim finds what was queued. No endpoint
    // subscribed: nothing to send, so no claim (it is a transaction of its own).
    if (endpoints.length > 0) await afterCommit(trx, () => this.worker.queued(endpoints));
  };

  start(): void {
    if (!this.#workerEnabled) return;
    this.worker.start();
    this.retention.start();
  }

  async stop(): Promise<void> {
    await Promise.all([this.worker.stop(), this.retention.stop()]);
  }

  async create(scope: WebhookScope, body: CreateEndpointBody): Promise<WebhookEndpoint> {
    const url = await this.#checkUrl(body.url, scope.mode);
    if ((await this.#store.endpoints(scope)).length >= MAX_ENDPOINTS) {
      throw new ApiError(
        'INVALID_REQUEST',
        `An organisation may have ${MAX_ENDPOINTS} webhook endpoints in each mode: delete one first.`,
        [{ field: '/', issue: `already ${MAX_ENDPOINTS} endpoints` }],
      );
    }
    const now = this.#clock.now().toISOString();
    const secret = newSigningSecret();
    const row = {
      id: newId('we'),
      organisation_id: scope.organisationId,
      mode: scope.mode,
      url,
      description: body.description ?? null,
      events: JSON.stringify(body.events),
      status: 'enabled' as const,
      disabled_reason: null,
      secret,
      previous_secret: null,
      previous_secret_expires_at: null,
      failing_since: null,
      created_at: now,
      updated_at: now,
    };
    await this.#store.createEndpoint(row);
    return endpointView(row, this.#clock.now(), secret);
  }

  async list(scope: WebhookScope): Promise<WebhookEndpoint[]> {
    const now = this.#clock.now();
    return (await this.#store.endpoints(scope)).map((row) => endpointView(row, now));
  }

  async get(scope: WebhookScope, id: string): Promise<WebhookEndpoint> {
    return endpointView(await this.#endpoint(scope, id), this.#clock.now());
  }

  async update(scope: WebhookScope, id: string, body: UpdateEndpointBody): Promise<WebhookEndpoint> {
    const current = await this.#endpoint(scope, id);
    const url = body.url === undefined ? undefined : await this.#checkUrl(body.url, scope.mode);
    const now = this.#clock.now();
    const status = body.disabled === undefined ? undefined : body.disabled ? 'disabled' : 'enabled';
    const row = await this.#store.updateEndpoint(
      scope,
      id,
      {
        ...(url !== undefined ? { url } : {}),
        ...(body.events !== undefined ? { events: JSON.stringify(body.events) } : {}),
        ...(body.description !== undefined ? { description: body.description } : {}),
        ...(status !== undefined && status !== current.status
          ? { status, disabled_reason: null, failing_since: null }
          : {}),
      },
      now,
    );
    if (!row) throw notFound();
    if (status === 'enabled') this.worker.wake();
    return endpointView(row, now);
  }

  async remove(
    scope: WebhookScope,
    id: string,
  ): Promise<{ id: string; object: 'webhook_endpoint'; deleted: true }> {
    if (!(await this.#store.deleteEndpoint(scope, id))) throw notFound();
    return { id, object: 'webhook_endpoint', deleted: true };
  }

  async rotateSecret(scope: WebhookScope, id: string): Promise<WebhookEndpoint> {
    const current = await this.#endpoint(scope, id);
    const now = this.#clock.now();
    const secret = newSigningSecret();
    const row = await this.#store.updateEndpoint(
      scope,
      id,
      {
        secret,
        previous_secret: current.secret,
        previous_secret_expires_at: new Date(now.getTime() + PREVIOUS_SECRET_MS).toISOString(),
      },
      now,
    );
    if (!row) throw notFound();
    return endpointView(row, now, secret);
  }

  /** Queues a `ping` event for this endpoint alone. */
  async sendTest(scope: WebhookScope, id: string): Promise<{ event: EventView; delivery: WebhookDelivery }> {
    const endpoint = await this.#endpoint(scope, id);
    if (endpoint.status !== 'enabled') throw new ApiError('WEBHOOK_ENDPOINT_DISABLED');
    const data = {
      endpoint: { id: endpoint.id, url: endpoint.url },
      message: 'A test event from the Waste Compliance Service.',
    };
    const { event, delivery } = await this.#store.recordFor(scope, id, PING, data, this.#clock.now());
    this.worker.wake();
    return {
      event: eventView(event),
      delivery: deliveryView({ ...delivery, event_type: PING, event_created_at: event.created_at }, []),
    };
  }

  /** A page of events as JSON text (EventList): each event's stored data is sent as stored. */
  async events(scope: WebhookScope, q: ListEventsQuery): Promise<string> {
    const page = await this.#page(q.limit, q.starting_after, async (id) => {
      const e = await this.#store.event(scope, id);
      return e && { createdAt: e.created_at, id: e.id };
    });
    const rows = await this.#store.events(scope, { ...page, limit: page.limit + 1 }, q.type);
    const { data, has_more, next_starting_after } = paged(rows, page.limit, eventJson);
    return `{"data":[${data.join(',')}],"has_more":${has_more},"next_starting_after":${JSON.stringify(next_starting_after)}}`;
  }

  async event(scope: WebhookScope, id: string): Promise<EventView> {
    const row = await this.#store.event(scope, id);
    if (!row) throw new ApiError('EVENT_NOT_FOUND');
    return eventView(row);
  }

  async deliveries(scope: WebhookScope, id: string, q: ListDeliveriesQuery) {
    await this.#endpoint(scope, id);
    const page = await this.#page(q.limit, q.starting_after, async (deliveryId) => {
      const d = await this.#store.delivery(id, deliveryId);
      return d && { createdAt: d.created_at, id: d.id };
    });
    const rows = await this.#store.deliveries(id, { ...page, limit: page.limit + 1 });
    const attempts = await this.#store.attempts(rows.map((r) => r.id));
    return paged(rows, page.limit, (row) => deliveryView(row, attempts));
  }

  async delivery(scope: WebhookScope, id: string, deliveryId: string): Promise<WebhookDelivery> {
    await this.#endpoint(scope, id);
    const row = await this.#store.delivery(id, deliveryId);
    if (!row) throw new ApiError('WEBHOOK_DELIVERY_NOT_FOUND');
    return deliveryView(row, await this.#store.attempts([row.id]));
  }

  /** Sends a delivery again now (after a fix on the receiver's side), with a fresh 3-day retry window. */
  async redeliver(scope: WebhookScope, id: string, deliveryId: string): Promise<WebhookDelivery> {
    const endpoint = await this.#endpoint(scope, id);
    if (endpoint.status !== 'enabled') throw new ApiError('WEBHOOK_ENDPOINT_DISABLED');
    if (!(await this.#store.delivery(id, deliveryId))) throw new ApiError('WEBHOOK_DELIVERY_NOT_FOUND');
    await this.#store.redeliver(id, deliveryId, this.#clock.now());
    this.worker.wake();
    return this.delivery(scope, id, deliveryId);
  }

  async #endpoint(scope: WebhookScope, id: string) {
    const row = await this.#store.endpoint(scope, id);
    if (!row) throw notFound();
    return row;
  }

  async #checkUrl(raw: string, mode: KeyMode): Promise<string> {
    const policy = urlPolicyFor(mode, this.#loopback);
    try {
      const url = checkUrlShape(raw, policy);
      await assertResolvesPublicly(url, policy);
      return url.href;
    } catch (error) {
      if (!(error instanceof UnsafeUrlError)) throw error;
      throw new ApiError('WEBHOOK_URL_NOT_ALLOWED', `url ${error.message}.`, [
        { field: '/url', issue: error.message },
      ]);
    }
  }

  async #page(
    limit: number | undefined,
    startingAfter: string | undefined,
    find: (id: string) => Promise<{ createdAt: string; id: string } | undefined>,
  ): Promise<Page> {
    const page: Page = { limit: limit ?? 20 };
    if (startingAfter) {
      page.startingAfter = await find(startingAfter);
      if (!page.startingAfter) {
        throw new ApiError('INVALID_REQUEST', 'starting_after is not an id from this list.', [
          { field: 'starting_after', issue: 'is not in this list' },
        ]);
      }
    }
    return page;
  }
}

function notFound(): ApiError {
  return new ApiError('WEBHOOK_ENDPOINT_NOT_FOUND');
}

function paged<R extends { id: string }, V>(rows: R[], limit: number, view: (row: R) => V) {
  const page = rows.slice(0, limit);
  return {
    data: page.map(view),
    has_more: rows.length > limit,
    next_starting_after: rows.length > limit ? page[page.length - 1].id : null,
  };
}
