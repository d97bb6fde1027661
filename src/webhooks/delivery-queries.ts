import type { Compilable } from 'kysely';
import { CompiledOnce } from '../platform/compiled-once.ts';
import { MultiRowInsert } from '../platform/db/multi-row-insert.ts';
import type {
  EventRow,
  WebhookDeliveryAttemptRow,
  WebhookDeliveryRow,
  WebhookEndpointRow,
} from './tables.ts';

// The worker's queries, built once (platform/compiled-once.ts): each delivery runs a claim and a finish,
// and building them afresh cost Kysely more than SQLite spent running them.

/** What a worker needs of an endpoint to send to it. */
export const CLAIMED_ENDPOINT = [
  'id',
  'organisation_id',
  'mode',
  'url',
  'secret',
  'previous_secret',
  'previous_secret_expires_at',
] as const;
export type ClaimedEndpoint = Pick<WebhookEndpointRow, (typeof CLAIMED_ENDPOINT)[number]>;
/** An endpoint with deliveries due, and the requests open to it (a string from PostgreSQL's count). */
export type DueEndpoint = ClaimedEndpoint & { in_flight: number | string };

/** Enabled endpoints with a delivery due and room for another request, oldest due delivery first. */
export const dueEndpoints = new CompiledOnce({
  shape: (a: { at: string; full: string[]; only?: string[]; perEndpoint: number; slots: number }) =>
    `${a.full.length}:${a.only?.length ?? '-'}`,
  parameters: (a) => [a.at, 1, a.at, 'enabled', ...a.full, ...(a.only ?? []), a.perEndpoint, a.slots],
  build: (db, a) =>
    db
      .selectFrom((qb) =>
        qb
          .selectFrom('webhook_endpoints as e')
          .where('e.status', '=', 'enabled')
          .$if(a.full.length > 0, (q) => q.where('e.organisation_id', 'not in', a.full))
          .$if(a.only !== undefined, (q) => q.where('e.id', 'in', a.only!))
          .select((eb) => [
            ...CLAIMED_ENDPOINT.map((column) => `e.${column}` as const),
            eb
              .selectFrom('webhook_deliveries as d')
              .select('d.next_attempt_at')
              .whereRef('d.endpoint_id', '=', 'e.id')
              .where('d.next_attempt_at', '<=', a.at)
              .where('d.lease_until', 'is', null)
              .orderBy('d.next_attempt_at')
              .limit(1)
              .as('oldest_due'),
            eb
              .selectFrom('webhook_deliveries as d')
              .select((ib) => ib.fn.countAll<number | string>().as('n'))
              .whereRef('d.endpoint_id', '=', 'e.id')
              .where('d.lease_until', '>=', a.at)
              .as('in_flight'),
          ])
          .as('c'),
      )
      .select([...CLAIMED_ENDPOINT.map((column) => `c.${column}` as const), 'c.in_flight'])
      .where('c.oldest_due', 'is not', null)
      .where('c.in_flight', '<', a.perEndpoint)
      .orderBy('c.oldest_due')
      .orderBy('c.id')
      .limit(a.slots) as unknown as Compilable<DueEndpoint>,
});

/** An endpoint's oldest due deliveries; on PostgreSQL locked, skipping those another claim holds. */
export const oldestDue = new CompiledOnce({
  shape: (a: { endpointId: string; at: string; limit: number; lock: boolean }) => String(a.lock),
  parameters: (a) => [a.endpointId, a.at, a.limit],
  build: (db, a) => {
    const due = db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('endpoint_id', '=', a.endpointId)
      .where('next_attempt_at', '<=', a.at)
      .where('lease_until', 'is', null)
      .orderBy('next_attempt_at')
      .limit(a.limit);
    return a.lock ? due.forUpdate().skipLocked() : due;
  },
});

export const insertAttempts = new MultiRowInsert<
  Pick<WebhookDeliveryAttemptRow, 'delivery_id' | 'number' | 'started_at'>
>(['delivery_id', 'number', 'started_at'], (db, rows) =>
  db.insertInto('webhook_delivery_attempts').values(rows),
);

export const eventsById = new CompiledOnce({
  shape: (ids: string[]) => ids.length,
  parameters: (ids) => ids,
  build: (db, ids) => db.selectFrom('events').selectAll().where('id', 'in', ids) as never,
}) as CompiledOnce<string[], EventRow>;

export interface AttemptEnd {
  deliveryId: string;
  attempt: number;
  at: string;
  httpStatus: number | null;
  error: string | null;
  excerpt: string | null;
  durationMs: number | null;
}

export const finishAttempt = new CompiledOnce({
  parameters: (f: AttemptEnd) => [
    f.at,
    f.httpStatus,
    f.error,
    f.excerpt,
    f.durationMs,
    f.deliveryId,
    f.attempt,
  ],
  build: (db, f) =>
    db
      .updateTable('webhook_delivery_attempts')
      .set({
        finished_at: f.at,
        http_status: f.httpStatus,
        error: f.error,
        response_excerpt: f.excerpt,
        duration_ms: f.durationMs,
      })
      .where('delivery_id', '=', f.deliveryId)
      .where('number', '=', f.attempt),
});

export const finishDelivery = new CompiledOnce({
  shape: (f: AttemptEnd & { status: WebhookDeliveryRow['status']; nextAttemptAt: string | null }) =>
    String(f.error === null),
  parameters: (f) => [
    f.status,
    f.nextAttemptAt,
    null,
    f.at,
    f.httpStatus,
    f.error,
    ...(f.error === null ? [f.at] : []),
    f.deliveryId,
    f.attempt,
  ],
  build: (db, f) =>
    db
      .updateTable('webhook_deliveries')
      .set({
        status: f.status,
        next_attempt_at: f.nextAttemptAt,
        lease_until: null,
        updated_at: f.at,
        last_http_status: f.httpStatus,
        last_error: f.error,
        ...(f.error === null ? { delivered_at: f.at } : {}),
      })
      .where('id', '=', f.deliveryId)
      .where('attempts', '=', f.attempt),
});

/** A success clears the endpoint's failing clock (a no-op for a healthy endpoint). */
export const endpointRecovered = new CompiledOnce({
  parameters: (endpointId: string) => [null, endpointId],
  build: (db, endpointId) =>
    db
      .updateTable('webhook_endpoints')
      .set({ failing_since: null })
      .where('id', '=', endpointId)
      .where('failing_since', 'is not', null),
});

/** Deliveries whose lease ran out: their instance stopped mid-request. */
export const leaseExpired = new CompiledOnce({
  parameters: (at: string) => ['delivering', at],
  build: (db, at) =>
    db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('status', '=', 'delivering')
      .where('lease_until', '<', at),
});
