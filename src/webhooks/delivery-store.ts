import type { Kysely, Transaction } from 'kysely';
import type { Db } from '../platform/db/database.ts';
import type { Database } from '../platform/db/schema.ts';
import { recordEvents } from './event-outbox.ts';
import type { EventRow, WebhookDeliveryRow, WebhookEndpointRow } from './tables.ts';

/** A delivery taken by one worker, with what it needs to send it. */
export interface ClaimedDelivery {
  delivery: WebhookDeliveryRow;
  attempt: number;
  endpoint: Pick<
    WebhookEndpointRow,
    'id' | 'url' | 'secret' | 'previous_secret' | 'previous_secret_expires_at'
  >;
  event: EventRow;
}

/** How one attempt ended, to be recorded. */
export interface DeliveryFinish {
  deliveryId: string;
  endpointId: string;
  attempt: number;
  httpStatus: number | null;
  error: string | null;
  excerpt: string | null;
  durationMs: number | null;
  /** When to try again; null when it succeeded or its 3-day window is over. */
  nextAttemptAt: string | null;
  /** False when the attempt failed on our side (an instance stopped): the endpoint's health is untouched. */
  judgesEndpoint?: boolean;
}

/** How long an endpoint may fail without one success before it is disabled (Stripe: 3 days). */
export const DISABLE_AFTER_MS = 3 * 24 * 3_600_000;

/**
 * The delivery outbox: claimed by workers in every instance (FOR UPDATE SKIP LOCKED on PostgreSQL, one
 * transaction on SQLite), each attempt recorded before its request is sent and completed after.
 */
export class DeliveryStore {
  readonly #db: Kysely<Database>;
  readonly #lockRows: boolean;
  constructor(db: Db) {
    this.#db = db.kysely;
    this.#lockRows = db.dialect === 'postgres';
  }

  async claimDue(now: Date, leaseUntil: Date, limit: number): Promise<ClaimedDelivery[]> {
    return this.#db.transaction().execute(async (trx) => {
      const at = now.toISOString();
      let due = trx
        .selectFrom('webhook_deliveries')
        .selectAll()
        .where('next_attempt_at', '<=', at)
        .where('lease_until', 'is', null)
        .where('endpoint_id', 'in', (eb) =>
          eb.selectFrom('webhook_endpoints').select('id').where('status', '=', 'enabled'),
        )
        .orderBy('next_attempt_at')
        .limit(limit);
      if (this.#lockRows) due = due.forUpdate().skipLocked();
      const rows = await due.execute();
      if (rows.length === 0) return [];
      const endpoints = await trx
        .selectFrom('webhook_endpoints')
        .select(['id', 'url', 'secret', 'previous_secret', 'previous_secret_expires_at'])
        .where('id', 'in', [...new Set(rows.map((r) => r.endpoint_id))])
        .execute();
      const events = await trx
        .selectFrom('events')
        .selectAll()
        .where('id', 'in', [...new Set(rows.map((r) => r.event_id))])
        .execute();
      const claimed: ClaimedDelivery[] = [];
      for (const row of rows) {
        const attempt = row.attempts + 1;
        await trx
          .updateTable('webhook_deliveries')
          .set({
            status: 'delivering',
            attempts: attempt,
            next_attempt_at: null,
            lease_until: leaseUntil.toISOString(),
            updated_at: at,
          })
          .where('id', '=', row.id)
          .execute();
        await trx
          .insertInto('webhook_delivery_attempts')
          .values({ delivery_id: row.id, number: attempt, started_at: at })
          .execute();
        claimed.push({
          delivery: { ...row, status: 'delivering', attempts: attempt },
          attempt,
          endpoint: endpoints.find((e) => e.id === row.endpoint_id)!,
          event: events.find((e) => e.id === row.event_id)!,
        });
      }
      return claimed;
    });
  }

  /**
   * Records how attempts ended, in one transaction. The attempt number fences the write (a redelivery
   * asked for meanwhile is not overwritten). A success clears the endpoint's failing clock; a failure
   * starts it, and an endpoint failing for DISABLE_AFTER_MS is disabled with an event saying so.
   */
  async finishBatch(items: DeliveryFinish[], now: Date): Promise<undefined[]> {
    const at = now.toISOString();
    return this.#db.transaction().execute(async (trx) => {
      for (const f of items) {
        const ok = f.error === null;
        await trx
          .updateTable('webhook_delivery_attempts')
          .set({
            finished_at: at,
            http_status: f.httpStatus,
            error: f.error,
            response_excerpt: f.excerpt,
            duration_ms: f.durationMs,
          })
          .where('delivery_id', '=', f.deliveryId)
          .where('number', '=', f.attempt)
          .execute();
        await trx
          .updateTable('webhook_deliveries')
          .set({
            status: ok ? 'succeeded' : f.nextAttemptAt ? 'retrying' : 'failed',
            next_attempt_at: ok ? null : f.nextAttemptAt,
            lease_until: null,
            updated_at: at,
            last_http_status: f.httpStatus,
            last_error: f.error,
            ...(ok ? { delivered_at: at } : {}),
          })
          .where('id', '=', f.deliveryId)
          .where('attempts', '=', f.attempt)
          .execute();
        if (f.judgesEndpoint !== false) await this.#endpointHealth(trx, f.endpointId, ok, now);
      }
      return items.map(() => undefined);
    });
  }

  /** Deliveries whose lease ran out: their instance stopped mid-request. */
  expiredLeases(now: Date): Promise<WebhookDeliveryRow[]> {
    return this.#db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('status', '=', 'delivering')
      .where('lease_until', '<', now.toISOString())
      .execute();
  }

  async #endpointHealth(
    trx: Transaction<Database>,
    endpointId: string,
    ok: boolean,
    now: Date,
  ): Promise<void> {
    const at = now.toISOString();
    if (ok) {
      await trx
        .updateTable('webhook_endpoints')
        .set({ failing_since: null })
        .where('id', '=', endpointId)
        .where('failing_since', 'is not', null)
        .execute();
      return;
    }
    const endpoint = await trx
      .selectFrom('webhook_endpoints')
      .selectAll()
      .where('id', '=', endpointId)
      .executeTakeFirst();
    if (endpoint?.status !== 'enabled') return;
    if (endpoint.failing_since === null) {
      await trx
        .updateTable('webhook_endpoints')
        .set({ failing_since: at })
        .where('id', '=', endpointId)
        .execute();
      return;
    }
    if (now.getTime() - Date.parse(endpoint.failing_since) < DISABLE_AFTER_MS) return;
    const reason = `Every delivery since ${endpoint.failing_since} failed; disabled after 3 days without a success.`;
    await trx
      .updateTable('webhook_endpoints')
      .set({ status: 'disabled', disabled_reason: reason, updated_at: at })
      .where('id', '=', endpointId)
      .execute();
    await recordEvents(
      trx,
      [
        {
          organisationId: endpoint.organisation_id,
          mode: endpoint.mode,
          type: 'webhook_endpoint.disabled',
          data: {
            endpoint: { id: endpoint.id, url: endpoint.url, status: 'disabled', disabled_reason: reason },
          },
        },
      ],
      now,
    );
  }
}
