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
/** The watches shown per mode; the API pages through more. */
const RECENT_WATCHES = 100;

/**
 * Webhook endpoints, the same ones /v1/webhook-endpoints manages, through WebhookService (so a URL is
 * judged safe in one place): listed per mode with their recent deliveries, and added or rotated with
 * the signing secret shown once. Actions on one endpoint are in webhook-action-routes.ts.
 */
export const webhookRoutes: FastifyPluginAsyncTypebox<PortalRouteOptions> = async (
  app,
  { assets, webhooks, monitoring },
) => {
  async function render(
    request: FastifyRequest,
    reply: FastifyReply,
    page: Omit<WebhooksView, 'ctx' | 'live' | 'test' | 'watches'> & {
      watchForm?: Pick<WebhooksView['watches'], 'values' | 'errors'>;
    },
    status = 200,
  ) {
    const organisationId = accountOf(request).organisation.id;
    const watchesOf = async (mode: 'live' | 'test') =>
      (await monitoring.list({ organisationId, mode }, { limit: RECENT_WATCHES })).data;
    const [live, test, liveWatches, testWatches] = await Promise.all([
      endpointsWithDeliveries(webhooks, { organisationId, mode: 'live' }),
      endpointsWithDeliveries(webhooks, { organisationId, mode: 'test' }),
      watchesOf('live'),
      watchesOf('test'),
    ]);
    const ctx = pageContext(request, reply, assets);
    const { watchForm, ...rest } = page;
    const watches = { live: liveWatches, test: testWatches, ...watchForm };
    return sendPage(reply, webhooksPage({ ctx, live, test, watches, ...rest }), status);
  }

  app.post(
    '/webhooks/watches',
    { schema: { body: FormBodySchema }, preHandler: [requireAccount, app.csrfProtection] },
    async (request, reply) => {
      const body = request.body as Record<string, string | string[] | undefined>;
      const text = (name: string) => (typeof body[name] === 'string' ? (body[name] as string).trim() : '');
      const mode = text('watch_mode');
      const values = {
        mode: mode === 'live' || mode === 'test' ? mode : undefined,
        registration_number: text('registration_number'),
        label: text('label'),
      } as const;
      const refuse = (errors: FieldErrors) => render(request, reply, { watchForm: { values, errors } }, 400);
      const errors: FieldErrors = {};
      if (!values.mode) errors.watch_mode = 'Choose live or test.';
      if (!values.registration_number) errors.registration_number = 'Enter the registration number.';
      if (values.label.length > 200) errors.label = 'Keep the label to 200 characters.';
      if (!values.mode || Object.keys(errors).length > 0) return refuse(errors);
      const scope = { organisationId: accountOf(request).organisation.id, mode: values.mode };
      try {
        await monitoring.create(scope, {
          registration_number: values.registration_number,
          ...(values.label ? { label: values.label } : {}),
        });
      } catch (err) {
        if (isCode(err, 'INVALID_REGISTRATION_NUMBER') || isCode(err, 'CARRIER_WATCH_EXISTS')) {
          return refuse({ registration_number: err.message });
        }
        if (isCode(err, 'INVALID_REQUEST')) return refuse({ form: err.message });
        throw err;
      }
      return reply.redirect('/portal/webhooks?done=watch-added#watches', 303);
    },
  );

  app.post(
    '/webhooks/watches/:id/delete',
    {
      schema: { params: EndpointParams, body: FormBodySchema },
      preHandler: [requireAccount, app.csrfProtection],
    },
    async (request, reply) => {
      const organisationId = accountOf(request).organisation.id;
      for (const mode of ['live', 'test'] as const) {
        try {
          await monitoring.remove({ organisationId, mode }, request.params.id);
          return reply.redirect('/portal/webhooks?done=watch-removed#watches', 303);
        } catch (err) {
          if (!isCode(err, 'CARRIER_WATCH_NOT_FOUND')) throw err;
        }
      }
      return notFoundPage(request, reply, assets, 'watch');
    },
  );

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
