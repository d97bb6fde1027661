import type { Transaction } from 'kysely';
import { CompiledOnce, inList } from '../platform/compiled-once.ts';
import { MultiRowInsert } from '../platform/db/multi-row-insert.ts';
import type { Database } from '../platform/db/schema.ts';
import type { NewEvent } from '../platform/events.ts';
import { newTimeOrderedId } from '../platform/ids.ts';
import type { EventRow, WebhookDeliveryRow } from './tables.ts';

/** Events and deliveries are written in batches: their INSERTs are built once per row count. */
const insertEvents = new MultiRowInsert<EventRow>(
  ['id', 'organisation_id', 'mode', 'type', 'created_at', 'data'],
  (db, rows) => db.insertInto('events').values(rows),
);
const insertDeliveries = new MultiRowInsert<WebhookDeliveryRow>(
  [
    'id',
    'endpoint_id',
    'event_id',
    'status',
    'attempts',
    'next_attempt_at',
    'lease_until',
    'window_started_at',
    'created_at',
    'updated_at',
    'delivered_at',
    'last_http_status',
    'last_error',
  ],
  (db, rows) => db.insertInto('webhook_deliveries').values(rows),
);

/** The enabled endpoints of these organisations (or only the one named), built once per shape. */
const enabledEndpoints = new CompiledOnce({
  shape: (a: { organisations: string[]; only?: string }) =>
    `${a.organisations.length}:${a.only !== undefined}`,
  parameters: (a) => [...a.organisations, 'enabled', ...(a.only === undefined ? [] : [a.only])],
  build: (db, a) =>
    db
      .selectFrom('webhook_endpoints')
      .select(['id', 'organisation_id', 'mode', 'events'])
      .where('organisation_id', 'in', a.organisations)
      .where('status', '=', 'enabled')
      .$if(a.only !== undefined, (q) => q.where('id', '=', a.only!)),
});

/** Whether an endpoint's subscription (its stored `events` JSON) covers this event type. */
export function subscribes(events: string, type: string): boolean {
  const list = JSON.parse(events) as string[];
  return list.includes('*') || list.includes(type);
}

/**
 * Stores events and, for each, one delivery per enabled endpoint of the same organisation and mode that
 * subscribes to its type, all in the caller's transaction. `onlyEndpoint` confines the deliveries to one
 * endpoint (a test ping, an endpoint's own disabling notice goes to the others).
 */
export async function recordEvents(
  trx: Transaction<Database>,
  events: NewEvent[],
  now: Date,
  onlyEndpoint?: string,
): Promise<EventRow[]> {
  return (await recordEventsAndDeliveries(trx, events, now, onlyEndpoint)).events;
}

/** As recordEvents, also saying which endpoints deliveries were queued for (none: no worker need look). */
export async function recordEventsAndDeliveries(
  trx: Transaction<Database>,
  events: NewEvent[],
  now: Date,
  onlyEndpoint?: string,
): Promise<{ events: EventRow[]; endpoints: string[] }> {
  if (events.length === 0) return { events: [], endpoints: [] };
  const at = now.toISOString();
  const rows: EventRow[] = events.map((e) => ({
    id: newTimeOrderedId('evt'),
    organisation_id: e.organisationId,
    mode: e.mode,
    type: e.type,
    created_at: at,
    data: 'dataJson' in e ? e.dataJson : JSON.stringify(e.data),
  }));
  await insertEvents.insert(trx, rows);

  const organisations = [...new Set(rows.map((r) => r.organisation_id))];
  const subscribed = await enabledEndpoints.rows(trx, {
    organisations: inList(organisations),
    only: onlyEndpoint || undefined,
  });
  const deliveries: WebhookDeliveryRow[] = [];
  for (const event of rows) {
    for (const endpoint of subscribed) {
      if (endpoint.organisation_id !== event.organisation_id || endpoint.mode !== event.mode) continue;
      if (!onlyEndpoint && !subscribes(endpoint.events, event.type)) continue;
      deliveries.push(newDelivery(endpoint.id, event.id, at));
    }
  }
  if (deliveries.length > 0) await insertDeliveries.insert(trx, deliveries);
  return { events: rows, endpoints: [...new Set(deliveries.map((d) => d.endpoint_id))] };
}

export function newDelivery(endpointId: string, eventId: string, at: string): WebhookDeliveryRow {
  return {
    id: newTimeOrderedId('whd'),
    endpoint_id: endpointId,
    event_id: eventId,
    status: 'pending',
    attempts: 0,
    next_attempt_at: at,
    lease_until: null,
    window_started_at: at,
    created_at: at,
    updated_at: at,
    delivered_at: null,
    last_http_status: null,
    last_error: null,
  };
}
