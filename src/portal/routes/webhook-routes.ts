import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { WebhookEndpoint } from '../../webhooks/webhook-schemas.ts';
import type { WebhookService } from '../../webhooks/webhook-service.ts';
import type { WebhookScope } from '../../webhooks/webhook-store.ts';
import type { PortalRouteOptions } from '../portal-plugin.ts';
import { accountOf, noticeFor, pageContext, requireAccount } from '../portal-request.ts';
import type { FieldErrors } from '../views/components.ts';
import type { EndpointWithDeliveries } from '../views/webhook-endpoint.ts';
import { webhookSecretPage } from '../views/webhook-secret-pages.ts';
import { type WebhooksView, webhooksPage } from '../views/webhooks-page.ts';
import { readWebhook, urlProblem, webhookFormValues } from '../webhook-form.ts';
import { FormBodySchema, NoticeQuery, sendPage } from './page-reply.ts';
import { EndpointParams, findEndpoint, isCode, notFoundPage } from './webhook-lookup.ts';

/** Enough to see whether a receiver is healthy; the API pages through the rest. */
const RECENT_DELIVERIES = 10;

/**
 * Webhook endpoints, the same ones /v1/webhook-endpoints manages, through WebhookService (so a URL is
 * judged safe in one place): listed per mode with their recent deliveries, and added or rotated with
 * the signing secret shown once. Actions on one endpoint are in webhook-action-routes.ts.
 */
export const webhookRoutes: FastifyPluginAsyncTypebox<PortalRouteOptions> = async (
  app,
  { assets, webhooks },
) => {
  async function render(
    request: FastifyRequest,
    reply: FastifyReply,
    page: Omit<WebhooksView, 'ctx' | 'live' | 'test'>,
    status = 200,
  ) {
    const organisationId = accountOf(request).organisation.id;
    const [live, test] = await Promise.all([
      endpointsWithDeliveries(webhooks, { organisationId, mode: 'live' }),
      endpointsWithDeliveries(webhooks, { organisationId, mode: 'test' }),
    ]);
    const ctx = pageContext(request, reply, assets);
    return sendPage(reply, webhooksPage({ ctx, live, test, ...page }), status);
  }

  app.get(
    '/webhooks',
    { schema: { querystring: NoticeQuery }, preHandler: requireAccount },
    async (request, reply) => render(request, reply, { message: noticeFor(request.query.done) }),
  );

  app.post(
    '/webhooks',
    { schema: { body: FormBodySchema }, preHandler: [requireAccount, app.csrfProtection] },
    async (request, reply) => {
      const values = webhookFormValues(request.body);
      const refuse = (errors: FieldErrors) => render(request, reply, { values, errors }, 400);
      const form = readWebhook(request.body);
      if (!form.ok) return refuse(form.errors);
      const scope = { organisationId: accountOf(request).organisation.id, mode: form.value.mode };
      let created: WebhookEndpoint;
      try {
        created = await webhooks.create(scope, form.value.body);
      } catch (err) {
        if (isCode(err, 'WEBHOOK_URL_NOT_ALLOWED')) return refuse(urlProblem(err.details));
        // The one INVALID_REQUEST the form's own checks leave: the mode already has its most endpoints.
        if (isCode(err, 'INVALID_REQUEST')) return refuse({ form: err.message });
        throw err;
      }
      // The secret is in this response only; the page that lists endpoints never has it.
      const ctx = pageContext(request, reply, assets);
      const page = webhookSecretPage({ ctx, endpoint: created, secret: created.secret!, rotated: false });
      return sendPage(reply, page, 201);
    },
  );

  app.post(
    '/webhooks/:id/rotate',
    {
      schema: { params: EndpointParams, body: FormBodySchema },
      preHandler: [requireAccount, app.csrfProtection],
    },
    async (request, reply) => {
      const found = await findEndpoint(webhooks, request, request.params.id);
      if (!found) return notFoundPage(request, reply, assets);
      const rotated = await webhooks.rotateSecret(found.scope, found.endpoint.id);
      const ctx = pageContext(request, reply, assets);
      const page = webhookSecretPage({ ctx, endpoint: rotated, secret: rotated.secret!, rotated: true });
      return sendPage(reply, page);
    },
  );
};

async function endpointsWithDeliveries(
  webhooks: WebhookService,
  scope: WebhookScope,
): Promise<EndpointWithDeliveries[]> {
  const endpoints = await webhooks.list(scope);
  return Promise.all(
    endpoints.map(async (endpoint) => ({
      endpoint,
      deliveries: (await webhooks.deliveries(scope, endpoint.id, { limit: RECENT_DELIVERIES })).data,
    })),
  );
}
