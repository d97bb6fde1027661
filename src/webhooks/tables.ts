export type Mode = 'live' | 'test';

/** One thing that happened, stored once; `data` is JSON. */
export interface EventRow {
  id: string;
  organisation_id: string;
  mode: Mode;
  type: string;
  created_at: string;
  data: string;
}

export const ENDPOINT_STATUSES = ['enabled', 'disabled'] as const;
export type EndpointStatus = (typeof ENDPOINT_STATUSES)[number];

export interface WebhookEndpointRow {
  id: string;
  organisation_id: string;
  mode: Mode;
  url: string;
  description: string | null;
  /** JSON array of event types, or ["*"]. */
  events: string;
  status: EndpointStatus;
  disabled_reason: string | null;
  secret: string;
  /** The secret before the last rotation, still signed with until previous_secret_expires_at. */
  previous_secret: string | null;
  previous_secret_expires_at: string | null;
  /** When deliveries to it began failing without a success since; null while it is healthy. */
  failing_since: string | null;
  created_at: string;
  updated_at: string;
}

export const DELIVERY_STATUSES = ['pending', 'delivering', 'retrying', 'succeeded', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/**
 * One event on its way to one endpoint: the outbox entry. The worker claims rows whose next_attempt_at
 * has come and holds them by lease_until while the request is in flight.
 */
export interface WebhookDeliveryRow {
  id: string;
  endpoint_id: string;
  event_id: string;
  status: DeliveryStatus;
  attempts: number;
  next_attempt_at: string | null;
  lease_until: string | null;
  /** Retries stop 3 days after this: the delivery's creation, or a redelivery asked for by a user. */
  window_started_at: string;
  created_at: string;
  updated_at: string;
  delivered_at: string | null;
  last_http_status: number | null;
  last_error: string | null;
}

export interface WebhookDeliveryAttemptRow {
  delivery_id: string;
  number: number;
  started_at: string;
  finished_at: string | null;
  http_status: number | null;
  /** Why no 2xx came back, in words (timeout, refused address, connection reset, HTTP 500). */
  error: string | null;
  /** The start of the receiver's answer, at most 500 characters; the rest is not kept. */
  response_excerpt: string | null;
  duration_ms: number | null;
}

export interface WebhookTables {
  events: EventRow;
  webhook_endpoints: WebhookEndpointRow;
  webhook_deliveries: WebhookDeliveryRow;
  webhook_delivery_attempts: WebhookDeliveryAttemptRow;
}
