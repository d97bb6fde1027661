import type { Kysely, Transaction } from 'kysely';
import type { Db } from '../platform/db/database.ts';
import type { Database } from '../platform/db/schema.ts';
import { isIdOf } from '../platform/ids.ts';
import { recordEvents } from './event-outbox.ts';
import type {
  EventRow,
  Mode,
  WebhookDeliveryAttemptRow,
  WebhookDeliveryRow,
  WebhookEndpointRow,
} from './tables.ts';

export interface WebhookScope {
  organisationId: string;
  mode: Mode;
}

/** Newest first, strictly after the item at this position (cursor paging). */
export interface Page {
  limit: number;
  startingAfter?: { createdAt: string; id: string };
}

type Q = Kysely<Database> | Transaction<Database>;
type EndpointChange = Partial<
  Pick<
    WebhookEndpointRow,
    | 'url'
    | 'description'
    | 'events'
    | 'status'
    | 'disabled_reason'
    | 'secret'
    | 'previous_secret'
    | 'previous_secret_expires_at'
    | 'failing_since'
  >
>;

/** Webhook endpoints, the events of an organisation, and the deliveries people look at. */
export class WebhookStore {
  readonly #db: Kysely<Database>;
  constructor(db: Db) {
    this.#db = db.kysely;
  }

  async createEndpoint(row: WebhookEndpointRow): Promise<void> {
    await this.#db.insertInto('webhook_endpoints').values(row).execute();
  }

  endpoints(scope: WebhookScope): Promise<WebhookEndpointRow[]> {
    return this.#endpoints(this.#db, scope).orderBy('created_at').orderBy('id').execute();
  }

  async endpoint(scope: WebhookScope, id: string): Promise<WebhookEndpointRow | undefined> {
    if (!isIdOf('we', id)) return undefined;
    return this.#endpoints(this.#db, scope).where('id', '=', id).executeTakeFirst();
  }

  /** Changes an endpoint; undefined when it is not one of this scope's. */
  async updateEndpoint(
    scope: WebhookScope,
    id: string,
    change: EndpointChange,
    now: Date,
  ): Promise<WebhookEndpointRow | undefined> {
    await this.#db
      .updateTable('webhook_endpoints')
      .set({ ...change, updated_at: now.toISOString() })
      .where('id', '=', id)
      .where('organisation_id', '=', scope.organisationId)
      .where('mode', '=', scope.mode)
      .execute();
    return this.endpoint(scope, id);
  }

  /** Deletes an endpoint with its deliveries and their attempts; the events stay. */
  async deleteEndpoint(scope: WebhookScope, id: string): Promise<boolean> {
    if (!isIdOf('we', id)) return false;
    return this.#db.transaction().execute(async (trx) => {
      const found = await this.#endpoints(trx, scope).where('id', '=', id).executeTakeFirst();
      if (!found) return false;
      const deliveries = trx.selectFrom('webhook_deliveries').select('id').where('endpoint_id', '=', id);
      await trx.deleteFrom('webhook_delivery_attempts').where('delivery_id', 'in', deliveries).execute();
      await trx.deleteFrom('webhook_deliveries').where('endpoint_id', '=', id).execute();
      await trx.deleteFrom('webhook_endpoints').where('id', '=', id).execute();
      return true;
    });
  }

  /** Records an event for this scope delivered to one endpoint only (a test ping); returns its delivery. */
  async recordFor(
    scope: WebhookScope,
    endpointId: string,
    type: string,
    data: Record<string, unknown>,
    now: Date,
  ): Promise<{ event: EventRow; delivery: WebhookDeliveryRow }> {
    return this.#db.transaction().execute(async (trx) => {
      const [event] = await recordEvents(trx, [{ ...scope, type, data }], now, endpointId);
      const delivery = await trx
        .selectFrom('webhook_deliveries')
        .selectAll()
        .where('event_id', '=', event.id)
        .executeTakeFirstOrThrow();
      return { event, delivery };
    });
  }

  async events(scope: WebhookScope, page: Page, type?: string): Promise<EventRow[]> {
    let q = this.#db
      .selectFrom('events')
      .selectAll()
      .where('organisation_id', '=', scope.organisationId)
      .where('mode', '=', scope.mode);
    if (type) q = q.where('type', '=', type);
    const from = page.startingAfter;
    if (from)
      q = q.where((eb) => eb(eb.refTuple('created_at', 'id'), '<', eb.tuple(from.createdAt, from.id)));
    return q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(page.limit).execute();
  }

  async event(scope: WebhookScope, id: string): Promise<EventRow | undefined> {
    if (!isIdOf('evt', id)) return undefined;
    return this.#db
      .selectFrom('events')
      .selectAll()
      .where('id', '=', id)
      .where('organisation_id', '=', scope.organisationId)
      .where('mode', '=', scope.mode)
      .executeTakeFirst();
  }

  async deliveries(endpointId: string, page: Page): Promise<DeliveryWithEvent[]> {
    let q = this.#deliveries().where('d.endpoint_id', '=', endpointId);
    const from = page.startingAfter;
    if (from)
      q = q.where((eb) => eb(eb.refTuple('d.created_at', 'd.id'), '<', eb.tuple(from.createdAt, from.id)));
    const rows = await q.orderBy('d.created_at', 'desc').orderBy('d.id', 'desc').limit(page.limit).execute();
    return rows;
  }

  async delivery(endpointId: string, id: string): Promise<DeliveryWithEvent | undefined> {
    if (!isIdOf('whd', id)) return undefined;
    return this.#deliveries()
      .where('d.endpoint_id', '=', endpointId)
      .where('d.id', '=', id)
      .executeTakeFirst();
  }

  async attempts(deliveryIds: string[]): Promise<WebhookDeliveryAttemptRow[]> {
    if (deliveryIds.length === 0) return [];
    return this.#db
      .selectFrom('webhook_delivery_attempts')
      .selectAll()
      .where('delivery_id', 'in', deliveryIds)
      .orderBy('number')
      .execute();
  }

  /**
   * Queues a delivery again at once, with a fresh 3-day retry window; one being sent right now is left
   * to finish (undefined). A delivery that no longer exists is also undefined.
   */
  async redeliver(endpointId: string, id: string, now: Date): Promise<WebhookDeliveryRow | undefined> {
    const at = now.toISOString();
    return this.#db
      .updateTable('webhook_deliveries')
      .set({ status: 'pending', next_attempt_at: at, window_started_at: at, updated_at: at })
      .where('endpoint_id', '=', endpointId)
      .where('id', '=', id)
      .where('lease_until', 'is', null)
      .returningAll()
      .executeTakeFirst();
  }

  #deliveries() {
    return this.#db
      .selectFrom('webhook_deliveries as d')
      .innerJoin('events as e', 'e.id', 'd.event_id')
      .selectAll('d')
      .select(['e.type as event_type', 'e.created_at as event_created_at']);
  }

  #endpoints(q: Q, scope: WebhookScope) {
    return q
      .selectFrom('webhook_endpoints')
      .selectAll()
      .where('organisation_id', '=', scope.organisationId)
      .where('mode', '=', scope.mode);
  }
}

export interface DeliveryWithEvent extends WebhookDeliveryRow {
  event_type: string;
  event_created_at: string;
}
