import { type Static, type TSchema, Type } from 'typebox';
import { EVENT_TYPE_NAMES, EVENT_TYPES, type EventType } from './event-types.ts';
import { DELIVERY_STATUSES, type DeliveryStatus } from './tables.ts';

const Strict = { additionalProperties: false } as const;
const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const Id = (prefix: string, example: string) =>
  Type.String({ maxLength: 60, description: `\`${prefix}_…\``, examples: [example] });

const EventTypeField = Type.Unsafe<EventType | '*'>(
  Type.Union(
    [...EVENT_TYPE_NAMES.map((t) => Type.Literal(t, { description: EVENT_TYPES[t] })), Type.Literal('*')],
    { description: 'An event type, or `*` for every type (including types added later).' },
  ),
);

const Url = Type.String({
  minLength: 8,
  maxLength: 2048,
  description:
    'Where events are POSTed: `https` only, and only to public internet addresses (checked now and before every delivery).',
  examples: ['https://hooks.example.com/wcs'],
});
const Events = Type.Array(EventTypeField, {
  minItems: 1,
  maxItems: EVENT_TYPE_NAMES.length + 1,
  uniqueItems: true,
  description: 'The event types sent to this endpoint.',
});
const Description = Type.String({ maxLength: 500, description: 'Your note about the endpoint.' });

export const CreateEndpointBody = Type.Object(
  { url: Url, events: Events, description: Type.Optional(Description) },
  Strict,
);
export type CreateEndpointBody = Static<typeof CreateEndpointBody>;

export const UpdateEndpointBody = Type.Object(
  {
    url: Type.Optional(Url),
    events: Type.Optional(Events),
    description: Type.Optional(Nullable(Description)),
    disabled: Type.Optional(
      Type.Boolean({
        description:
          '`true` stops deliveries (queued ones wait; new events are not queued for it); `false` enables it again.',
      }),
    ),
  },
  Strict,
);
export type UpdateEndpointBody = Static<typeof UpdateEndpointBody>;

export const WebhookEndpoint = Type.Object(
  {
    id: Type.String({ description: '`we_…`' }),
    object: Type.Literal('webhook_endpoint'),
    url: Type.String(),
    description: Nullable(Type.String()),
    events: Type.Array(Type.String()),
    status: Type.Union([Type.Literal('enabled'), Type.Literal('disabled')]),
    disabled_reason: Nullable(Type.String({ description: 'Why it was disabled, when the service did it.' })),
    livemode: Type.Boolean({
      description: 'Live endpoints receive live events; test endpoints, test events.',
    }),
    failing_since: Nullable(
      Type.String({
        description: 'Deliveries have failed since then, with no success; disabled after 3 days.',
      }),
    ),
    secret: Type.Optional(
      Type.String({
        description:
          'The signing secret, `whsec_…`: returned only when the endpoint is created and when the secret is rotated. Keep it.',
      }),
    ),
    previous_secret_expires_at: Nullable(
      Type.String({
        description: 'After a rotation, the old secret also signs deliveries until then (24 h).',
      }),
    ),
    created_at: Type.String(),
    updated_at: Type.String(),
  },
  { $id: 'WebhookEndpoint' },
);
export type WebhookEndpoint = Static<typeof WebhookEndpoint>;
export const WebhookEndpointRef = Type.Unsafe<WebhookEndpoint>({ $ref: 'WebhookEndpoint#' });

export const EndpointList = Type.Object({ data: Type.Array(WebhookEndpointRef) });

export const DeletedEndpoint = Type.Object({
  id: Type.String(),
  object: Type.Literal('webhook_endpoint'),
  deleted: Type.Literal(true),
});

export const Event = Type.Object(
  {
    id: Type.String({
      description: '`evt_…`: the same on every delivery of this event; use it to ignore repeats.',
    }),
    object: Type.Literal('event'),
    type: Type.String({ description: 'See the [webhooks guide](/docs/guides/webhooks) for every type.' }),
    created: Type.Integer({ description: 'When it happened, Unix seconds.' }),
    livemode: Type.Boolean(),
    data: Type.Record(Type.String(), Type.Unknown(), {
      description: 'The objects concerned as the API returns them; `before` and `after` for changes.',
    }),
  },
  { $id: 'Event' },
);
export const EventRef = Type.Unsafe<Static<typeof Event>>({ $ref: 'Event#' });

const Paging = {
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20, examples: [50] })),
  has_more: Type.Boolean(),
};

export const EventList = Type.Object({
  data: Type.Array(EventRef),
  has_more: Paging.has_more,
  next_starting_after: Nullable(Type.String()),
});

export const ListEventsQuery = Type.Object(
  {
    limit: Paging.limit,
    starting_after: Type.Optional(Id('evt', 'evt_4fQ0b8m2ZxW1yT7kP9sR3vN5')),
    type: Type.Optional(
      Type.String({
        maxLength: 64,
        description: 'Only events of this type.',
        examples: ['carrier.expiring_soon'],
      }),
    ),
  },
  Strict,
);
export type ListEventsQuery = Static<typeof ListEventsQuery>;

export const DeliveryAttempt = Type.Object({
  number: Type.Integer(),
  started_at: Type.String(),
  finished_at: Nullable(Type.String()),
  http_status: Nullable(Type.Integer({ description: "The receiver's status; null when none came back." })),
  error: Nullable(Type.String({ description: 'Why it failed (timeout, refused address, HTTP status).' })),
  response_excerpt: Nullable(
    Type.String({ description: "The first 500 characters of the receiver's answer." }),
  ),
  duration_ms: Nullable(Type.Integer()),
});

export const WebhookDelivery = Type.Object(
  {
    id: Type.String({ description: '`whd_…`' }),
    object: Type.Literal('webhook_delivery'),
    endpoint_id: Type.String(),
    event_id: Type.String(),
    event_type: Type.String(),
    status: Type.Unsafe<DeliveryStatus>({
      type: 'string',
      enum: [...DELIVERY_STATUSES],
      description:
        '`pending`: queued; `delivering`: being sent; `retrying`: failed, tried again at `next_attempt_at`; `succeeded`: a 2xx came back; `failed`: no success in 3 days (redeliver it by hand).',
    }),
    next_attempt_at: Nullable(Type.String()),
    delivered_at: Nullable(Type.String()),
    created_at: Type.String(),
    attempts: Type.Array(DeliveryAttempt),
  },
  { $id: 'WebhookDelivery' },
);
export type WebhookDelivery = Static<typeof WebhookDelivery>;
export const WebhookDeliveryRef = Type.Unsafe<WebhookDelivery>({ $ref: 'WebhookDelivery#' });

export const DeliveryList = Type.Object({
  data: Type.Array(WebhookDeliveryRef),
  has_more: Paging.has_more,
  next_starting_after: Nullable(Type.String()),
});

export const ListDeliveriesQuery = Type.Object(
  { limit: Paging.limit, starting_after: Type.Optional(Id('whd', 'whd_8Jk3mN5pQ7rS9tU1vW3xY5zA')) },
  Strict,
);
export type ListDeliveriesQuery = Static<typeof ListDeliveriesQuery>;

export const EndpointParams = Type.Object({ id: Id('we', 'we_2Xc4Vb6Nm8Qw0Er2Ty4U') });
export const DeliveryParams = Type.Object({
  id: Id('we', 'we_2Xc4Vb6Nm8Qw0Er2Ty4U'),
  delivery_id: Id('whd', 'whd_8Jk3mN5pQ7rS9tU1vW3xY5zA'),
});
export const EventParams = Type.Object({ id: Id('evt', 'evt_4fQ0b8m2ZxW1yT7kP9sR3vN5') });

export const TestSent = Type.Object({ event: EventRef, delivery: WebhookDeliveryRef });
