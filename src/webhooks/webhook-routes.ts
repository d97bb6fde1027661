import { type FastifyPluginAsyncTypebox, TypeBoxValidatorCompiler } from '@fastify/type-provider-typebox';
import { withExamples } from '../platform/openapi.ts';
import { scopeOf } from '../receipts/site-routes.ts';
import {
  DELETED_EXAMPLES,
  DELIVERY_EXAMPLES,
  DELIVERY_LIST_EXAMPLES,
  DELIVERY_NOT_FOUND,
  ENDPOINT_CREATED_EXAMPLES,
  ENDPOINT_DISABLED,
  ENDPOINT_EXAMPLES,
  ENDPOINT_INVALID,
  ENDPOINT_LIST_EXAMPLES,
  ENDPOINT_NOT_FOUND,
  ENDPOINT_REQUEST_EXAMPLES,
  ENDPOINT_UPDATE_EXAMPLES,
  EVENT_EXAMPLES,
  EVENT_LIST_EXAMPLES,
  EVENT_NOT_FOUND,
  PAGE_INVALID,
  ROTATED_EXAMPLES,
  TEST_SENT_EXAMPLES,
  URL_NOT_ALLOWED,
} from './webhook-examples.ts';
import {
  CreateEndpointBody,
  DeletedEndpoint,
  DeliveryList,
  DeliveryParams,
  EndpointList,
  EndpointParams,
  Event,
  EventList,
  EventParams,
  EventRef,
  ListDeliveriesQuery,
  ListEventsQuery,
  TestSent,
  UpdateEndpointBody,
  WebhookDelivery,
  WebhookDeliveryRef,
  WebhookEndpoint,
  WebhookEndpointRef,
} from './webhook-schemas.ts';
import type { WebhookService } from './webhook-service.ts';

/** Endpoints, their deliveries and the events are how the work is told: they cost no quota (docs/limits.md). */
const free = { billable: false };
const TAGS = ['Webhooks'];

/** /v1/webhook-endpoints and /v1/events. */
export const webhookRoutes: FastifyPluginAsyncTypebox<{ webhooks: WebhookService }> = async (
  app,
  { webhooks },
) => {
  app.addSchema(WebhookEndpoint);
  app.addSchema(WebhookDelivery);
  app.addSchema(Event);
  app.setValidatorCompiler(TypeBoxValidatorCompiler);

  app.post(
    '/webhook-endpoints',
    {
      config: {
        billable: false,
        location: {
          of: (endpoint) => `/v1/webhook-endpoints/${endpoint.id}`,
          description: 'Where the endpoint is read: `/v1/webhook-endpoints/{id}`.',
        },
      },
      schema: {
        operationId: 'createWebhookEndpoint',
        tags: TAGS,
        summary: 'Add a webhook endpoint',
        description:
          "Events of the key's mode that match `events` are POSTed to `url`, signed with the `secret` returned here once (keep it). See the [webhooks guide](/docs/guides/webhooks) to verify signatures.",
        body: withExamples(CreateEndpointBody, ENDPOINT_REQUEST_EXAMPLES),
        response: {
          201: withExamples(WebhookEndpointRef, ENDPOINT_CREATED_EXAMPLES),
          400: ENDPOINT_INVALID,
          422: URL_NOT_ALLOWED,
        },
      },
    },
    async (request, reply) => reply.code(201).send(await webhooks.create(scopeOf(request), request.body)),
  );

  app.get(
    '/webhook-endpoints',
    {
      config: free,
      schema: {
        operationId: 'listWebhookEndpoints',
        tags: TAGS,
        summary: 'List webhook endpoints',
        description: "Oldest first, for the key's mode. Secrets are never shown again.",
        response: { 200: withExamples(EndpointList, ENDPOINT_LIST_EXAMPLES) },
      },
    },
    async (request) => ({ data: await webhooks.list(scopeOf(request)) }),
  );

  app.get(
    '/webhook-endpoints/:id',
    {
      config: free,
      schema: {
        operationId: 'getWebhookEndpoint',
        tags: TAGS,
        summary: 'Retrieve a webhook endpoint',
        params: EndpointParams,
        response: { 200: withExamples(WebhookEndpointRef, ENDPOINT_EXAMPLES), 404: ENDPOINT_NOT_FOUND },
      },
    },
    async (request) => webhooks.get(scopeOf(request), request.params.id),
  );

  app.patch(
    '/webhook-endpoints/:id',
    {
      config: free,
      schema: {
        operationId: 'updateWebhookEndpoint',
        tags: TAGS,
        summary: 'Change, disable or enable a webhook endpoint',
        description:
          'Only the fields sent change. `disabled: true` stops deliveries: those already queued wait (their 3-day window keeps running) and events that happen meanwhile are not queued for it (they stay in `GET /v1/events`). `disabled: false` resumes the queued ones and clears a disabling by the service.',
        params: EndpointParams,
        body: withExamples(UpdateEndpointBody, ENDPOINT_UPDATE_EXAMPLES),
        response: {
          200: withExamples(WebhookEndpointRef, ENDPOINT_EXAMPLES),
          400: ENDPOINT_INVALID,
          404: ENDPOINT_NOT_FOUND,
          422: URL_NOT_ALLOWED,
        },
      },
    },
    async (request) => webhooks.update(scopeOf(request), request.params.id, request.body),
  );

  app.delete(
    '/webhook-endpoints/:id',
    {
      config: free,
      schema: {
        operationId: 'deleteWebhookEndpoint',
        tags: TAGS,
        summary: 'Delete a webhook endpoint',
        description:
          'Stops every delivery to it and removes its delivery log. The events themselves are kept.',
        params: EndpointParams,
        response: { 200: withExamples(DeletedEndpoint, DELETED_EXAMPLES), 404: ENDPOINT_NOT_FOUND },
      },
    },
    async (request) => webhooks.remove(scopeOf(request), request.params.id),
  );

  app.post(
    '/webhook-endpoints/:id/rotate-secret',
    {
      config: free,
      schema: {
        operationId: 'rotateWebhookSecret',
        tags: TAGS,
        summary: "Rotate an endpoint's signing secret",
        description:
          'Returns the new secret once. For 24 hours every delivery carries two `v1=` signatures, one with each secret, so the receiver can switch without missing an event.',
        params: EndpointParams,
        response: { 200: withExamples(WebhookEndpointRef, ROTATED_EXAMPLES), 404: ENDPOINT_NOT_FOUND },
      },
    },
    async (request) => webhooks.rotateSecret(scopeOf(request), request.params.id),
  );

  app.post(
    '/webhook-endpoints/:id/test',
    {
      config: free,
      schema: {
        operationId: 'testWebhookEndpoint',
        tags: TAGS,
        summary: 'Send a test event',
        description:
          'Queues a `ping` event for this endpoint alone and sends it at once, signed like every other event. Follow it with the delivery returned.',
        params: EndpointParams,
        response: {
          202: withExamples(TestSent, TEST_SENT_EXAMPLES),
          404: ENDPOINT_NOT_FOUND,
          409: ENDPOINT_DISABLED,
        },
      },
    },
    async (request, reply) =>
      reply.code(202).send(await webhooks.sendTest(scopeOf(request), request.params.id)),
  );

  app.get(
    '/webhook-endpoints/:id/deliveries',
    {
      config: free,
      schema: {
        operationId: 'listWebhookDeliveries',
        tags: TAGS,
        summary: "List an endpoint's deliveries",
        description:
          'Newest first, each with every attempt: when, the status that came back, how long it took, and the start of the answer.',
        params: EndpointParams,
        querystring: ListDeliveriesQuery,
        response: {
          200: withExamples(DeliveryList, DELIVERY_LIST_EXAMPLES),
          400: PAGE_INVALID,
          404: ENDPOINT_NOT_FOUND,
        },
      },
    },
    async (request) => webhooks.deliveries(scopeOf(request), request.params.id, request.query),
  );

  app.get(
    '/webhook-endpoints/:id/deliveries/:delivery_id',
    {
      config: free,
      schema: {
        operationId: 'getWebhookDelivery',
        tags: TAGS,
        summary: 'Retrieve a delivery',
        params: DeliveryParams,
        response: { 200: withExamples(WebhookDeliveryRef, DELIVERY_EXAMPLES), 404: DELIVERY_NOT_FOUND },
      },
    },
    async (request) => webhooks.delivery(scopeOf(request), request.params.id, request.params.delivery_id),
  );

  app.post(
    '/webhook-endpoints/:id/deliveries/:delivery_id/redeliver',
    {
      config: free,
      schema: {
        operationId: 'redeliverWebhook',
        tags: TAGS,
        summary: 'Send a delivery again',
        description:
          'Queues the same event (same id) for this endpoint now, with a fresh 3-day retry window: after fixing a receiver, or for a delivery that `failed`.',
        params: DeliveryParams,
        response: {
          202: withExamples(WebhookDeliveryRef, DELIVERY_EXAMPLES),
          404: DELIVERY_NOT_FOUND,
          409: ENDPOINT_DISABLED,
        },
      },
    },
    async (request, reply) =>
      reply
        .code(202)
        .send(await webhooks.redeliver(scopeOf(request), request.params.id, request.params.delivery_id)),
  );

  app.get(
    '/events',
    {
      config: free,
      schema: {
        operationId: 'listEvents',
        tags: TAGS,
        summary: 'List events',
        description: "Every event of the key's mode, newest first, whether or not any endpoint received it.",
        querystring: ListEventsQuery,
        response: { 200: withExamples(EventList, EVENT_LIST_EXAMPLES), 400: PAGE_INVALID },
      },
    },
    // Sent as built (WebhookService.events): the events' stored data, not parsed and serialised again.
    async (request, reply) =>
      reply
        .type('application/json; charset=utf-8')
        .send(await webhooks.events(scopeOf(request), request.query)),
  );

  app.get(
    '/events/:id',
    {
      config: free,
      schema: {
        operationId: 'getEvent',
        tags: TAGS,
        summary: 'Retrieve an event',
        params: EventParams,
        response: { 200: withExamples(EventRef, EVENT_EXAMPLES), 404: EVENT_NOT_FOUND },
      },
    },
    async (request) => webhooks.event(scopeOf(request), request.params.id),
  );
};
