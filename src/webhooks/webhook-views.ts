import type { WebhookDeliveryAttemptRow, WebhookEndpointRow } from './tables.ts';
import type { WebhookDelivery, WebhookEndpoint } from './webhook-schemas.ts';
import type { DeliveryWithEvent } from './webhook-store.ts';

export function endpointView(row: WebhookEndpointRow, now: Date, secret?: string): WebhookEndpoint {
  const previousValid =
    row.previous_secret_expires_at !== null && Date.parse(row.previous_secret_expires_at) > now.getTime();
  return {
    id: row.id,
    object: 'webhook_endpoint',
    url: row.url,
    description: row.description,
    events: JSON.parse(row.events) as string[],
    status: row.status,
    disabled_reason: row.disabled_reason,
    livemode: row.mode === 'live',
    failing_since: row.failing_since,
    ...(secret ? { secret } : {}),
    previous_secret_expires_at: previousValid ? row.previous_secret_expires_at : null,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export function deliveryView(row: DeliveryWithEvent, attempts: WebhookDeliveryAttemptRow[]): WebhookDelivery {
  return {
    id: row.id,
    object: 'webhook_delivery',
    endpoint_id: row.endpoint_id,
    event_id: row.event_id,
    event_type: row.event_type,
    status: row.status,
    next_attempt_at: row.next_attempt_at,
    delivered_at: row.delivered_at,
    created_at: row.created_at,
    attempts: attempts
      .filter((a) => a.delivery_id === row.id)
      .map((a) => ({
        number: a.number,
        started_at: a.started_at,
        finished_at: a.finished_at,
        http_status: a.http_status,
        error: a.error,
        response_excerpt: a.response_excerpt,
        duration_ms: a.duration_ms,
      })),
  };
}
