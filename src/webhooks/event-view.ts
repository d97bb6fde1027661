import type { EventRow } from './tables.ts';

/** An event as delivered and as GET /v1/events returns it (Stripe's shape, `created` in Unix seconds). */
export interface EventView {
  id: string;
  object: 'event';
  type: string;
  created: number;
  livemode: boolean;
  data: Record<string, unknown>;
}

export function eventView(row: EventRow): EventView {
  return {
    id: row.id,
    object: 'event',
    type: row.type,
    created: Math.floor(Date.parse(row.created_at) / 1000),
    livemode: row.mode === 'live',
    data: JSON.parse(row.data) as Record<string, unknown>,
  };
}

/**
 * The event as JSON text, what JSON.stringify(eventView(row)) gives, with its stored `data` put in as
 * stored (written by JSON.stringify, src/webhooks/event-outbox.ts) rather than parsed and written again:
 * a transfer note's event carries the whole note.
 */
export function eventJson(row: EventRow): string {
  const created = Math.floor(Date.parse(row.created_at) / 1000);
  return `{"id":${JSON.stringify(row.id)},"object":"event","type":${JSON.stringify(row.type)},"created":${created},"livemode":${row.mode === 'live'},"data":${row.data}}`;
}
