import { errorResponse } from '../platform/openapi.ts';

/** Examples and error responses for the webhooks reference (OpenAPI). */

const endpoint = {
  id: 'we_2Xc4Vb6Nm8Qw0Er2Ty4U',
  object: 'webhook_endpoint',
  url: 'https://hooks.example.com/wcs',
  description: 'Compliance dashboard',
  events: ['carrier.expiring_soon', 'carrier.expired', 'carrier.removed', 'wtn.signed'],
  status: 'enabled',
  disabled_reason: null,
  livemode: true,
  failing_since: null,
  previous_secret_expires_at: null,
  created_at: '2026-11-23T09:00:00.000Z',
  updated_at: '2026-11-23T09:00:00.000Z',
};
const secret = 'whsec_q3Yt0b9LxV2m8Kp4Rz6Nw1Ac5Hd7Fj0Gs2Ue4Io6Pa';

export const ENDPOINT_REQUEST_EXAMPLES = {
  carriers: {
    summary: 'Carrier warnings and signatures',
    value: { url: endpoint.url, events: endpoint.events, description: endpoint.description },
  },
  everything: { summary: 'Every event', value: { url: 'https://erp.example.com/hooks/wcs', events: ['*'] } },
};
export const ENDPOINT_UPDATE_EXAMPLES = {
  disable: { summary: 'Pause deliveries', value: { disabled: true } },
  events: { summary: 'Change the events', value: { events: ['*'] } },
};
export const ENDPOINT_CREATED_EXAMPLES = {
  created: { summary: 'Created, with its secret', value: { ...endpoint, secret } },
};
export const ENDPOINT_EXAMPLES = { endpoint: { summary: 'An endpoint', value: endpoint } };
export const ROTATED_EXAMPLES = {
  rotated: {
    summary: 'A new secret; the old one signs too for 24 h',
    value: {
      ...endpoint,
      secret,
      previous_secret_expires_at: '2026-11-24T10:00:00.000Z',
      updated_at: '2026-11-23T10:00:00.000Z',
    },
  },
};
export const ENDPOINT_LIST_EXAMPLES = { list: { summary: 'Endpoints', value: { data: [endpoint] } } };
export const DELETED_EXAMPLES = {
  deleted: { summary: 'Deleted', value: { id: endpoint.id, object: 'webhook_endpoint', deleted: true } },
};

const event = {
  id: 'evt_4fQ0b8m2ZxW1yT7kP9sR3vN5',
  object: 'event',
  type: 'carrier.expiring_soon',
  created: 1795424400,
  livemode: true,
  data: {
    days_until_expiry: 30,
    threshold_days: 30,
    before: { registration_number: 'CBDU123456', status: 'valid', expiry_date: '2026-12-23' },
    after: { registration_number: 'CBDU123456', status: 'expiring_soon', expiry_date: '2026-12-23' },
  },
};
export const EVENT_EXAMPLES = { event: { summary: 'A carrier nearing expiry', value: event } };
export const EVENT_LIST_EXAMPLES = {
  list: {
    summary: 'Events, newest first',
    value: { data: [event], has_more: false, next_starting_after: null },
  },
};

const delivery = {
  id: 'whd_8Jk3mN5pQ7rS9tU1vW3xY5zA',
  object: 'webhook_delivery',
  endpoint_id: endpoint.id,
  event_id: event.id,
  event_type: event.type,
  status: 'succeeded',
  next_attempt_at: null,
  delivered_at: '2026-11-23T09:01:31.204Z',
  created_at: '2026-11-23T09:00:00.000Z',
  attempts: [
    {
      number: 1,
      started_at: '2026-11-23T09:00:00.120Z',
      finished_at: '2026-11-23T09:00:10.121Z',
      http_status: null,
      error: 'No answer within 10000 ms',
      response_excerpt: null,
      duration_ms: 10001,
    },
    {
      number: 2,
      started_at: '2026-11-23T09:01:31.100Z',
      finished_at: '2026-11-23T09:01:31.204Z',
      http_status: 200,
      error: null,
      response_excerpt: '{"received":true}',
      duration_ms: 104,
    },
  ],
};
export const DELIVERY_EXAMPLES = {
  delivery: { summary: 'Delivered on the second attempt', value: delivery },
};
export const DELIVERY_LIST_EXAMPLES = {
  list: {
    summary: 'Deliveries, newest first',
    value: { data: [delivery], has_more: false, next_starting_after: null },
  },
};
export const TEST_SENT_EXAMPLES = {
  queued: {
    summary: 'A ping, queued',
    value: {
      event: {
        ...event,
        type: 'ping',
        data: {
          endpoint: { id: endpoint.id, url: endpoint.url },
          message: 'A test event from the Waste Compliance Service.',
        },
      },
      delivery: { ...delivery, event_type: 'ping', status: 'pending', delivered_at: null, attempts: [] },
    },
  },
};

export const ENDPOINT_NOT_FOUND = errorResponse(
  'No endpoint with that id for this organisation in this mode.',
  [{ summary: 'No such endpoint', code: 'WEBHOOK_ENDPOINT_NOT_FOUND' }],
);
export const EVENT_NOT_FOUND = errorResponse('No event with that id for this organisation in this mode.', [
  { summary: 'No such event', code: 'EVENT_NOT_FOUND' },
]);
export const ENDPOINT_DISABLED = errorResponse('The endpoint is disabled.', [
  { summary: 'Endpoint disabled', code: 'WEBHOOK_ENDPOINT_DISABLED' },
]);
export const DELIVERY_NOT_FOUND = errorResponse('No such endpoint, or no such delivery to it.', [
  { summary: 'No such endpoint', code: 'WEBHOOK_ENDPOINT_NOT_FOUND' },
  { summary: 'No such delivery', code: 'WEBHOOK_DELIVERY_NOT_FOUND' },
]);
export const ENDPOINT_INVALID = errorResponse('A field missing or not valid (every problem in `details`).', [
  {
    summary: 'Unknown event type',
    code: 'INVALID_REQUEST',
    message: 'The body is not valid: see details.',
    details: [{ field: '/events/0', issue: 'must be one of the event types, or *' }],
  },
]);
export const URL_NOT_ALLOWED = errorResponse(
  'The URL is not https or does not resolve to a public address.',
  [
    {
      summary: 'Private address',
      code: 'WEBHOOK_URL_NOT_ALLOWED',
      message: 'url points at 10.0.0.5, which is not a public internet address.',
      details: [{ field: '/url', issue: 'points at 10.0.0.5, which is not a public internet address' }],
    },
  ],
);
export const PAGE_INVALID = errorResponse('A query parameter is not valid.', [
  {
    summary: 'Unknown cursor',
    code: 'INVALID_REQUEST',
    message: 'starting_after is not an id from this list.',
    details: [{ field: 'starting_after', issue: 'is not in this list' }],
  },
]);
