import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { PortalRouteOptions } from '../portal-plugin.ts';
import { pageContext, requireAccount } from '../portal-request.ts';
import { deleteWebhookPage } from '../views/webhook-secret-pages.ts';
import { FormBodySchema, sendPage } from './page-reply.ts';
import {
  backToWebhooks,
  EndpointParams,
  type FoundEndpoint,
  findEndpoint,
  isCode,
  notFoundPage,
} from './webhook-lookup.ts';

const DeliveryParams = Type.Object({
  id: Type.String({ maxLength: 64 }),
  delivery_id: Type.String({ maxLength: 64 }),
});

/**
 * What the buttons beside one endpoint do: send a test event, disable, enable, delete (after a
 * confirmation page, as revoking a key is) and redeliver one of its deliveries. Each answers with a
 * redirect back to the list, so reloading the page never repeats the action.
 */
export const webhookActionRoutes: FastifyPluginAsyncTypebox<PortalRouteOptions> = async (
  app,
  { assets, webhooks },
) => {
  const guarded = { preHandler: [requireAccount, app.csrfProtection] };
  /** An action on one endpoint; `run` answers with the notice to show. */
  const action = (path: string, run: (found: FoundEndpoint) => Promise<string>) =>
    app.post(
      `/webhooks/:id/${path}`,
      { schema: { params: EndpointParams, body: FormBodySchema }, ...guarded },
      async (request, reply) => {
        const found = await findEndpoint(webhooks, request, request.params.id);
        if (!found) return notFoundPage(request, reply, assets);
        const done = await run(found);
        return backToWebhooks(reply, done, done === 'webhook-deleted' ? undefined : found.endpoint.id);
      },
    );

  action('test', async ({ scope, endpoint }) => {
    try {
      await webhooks.sendTest(scope, endpoint.id);
    } catch (err) {
      if (isCode(err, 'WEBHOOK_ENDPOINT_DISABLED')) return 'webhook-enable-first';
      throw err;
    }
    return 'webhook-test-sent';
  });
  action('disable', async ({ scope, endpoint }) => {
    await webhooks.update(scope, endpoint.id, { disabled: true });
    return 'webhook-disabled';
  });
  action('enable', async ({ scope, endpoint }) => {
    await webhooks.update(scope, endpoint.id, { disabled: false });
    return 'webhook-enabled';
  });
  action('delete', async ({ scope, endpoint }) => {
    await webhooks.remove(scope, endpoint.id);
    return 'webhook-deleted';
  });

  app.get(
    '/webhooks/:id/delete',
    { schema: { params: EndpointParams }, preHandler: requireAccount },
    async (request, reply) => {
      const found = await findEndpoint(webhooks, request, request.params.id);
      if (!found) return notFoundPage(request, reply, assets);
      const ctx = pageContext(request, reply, assets);
      return sendPage(reply, deleteWebhookPage({ ctx, endpoint: found.endpoint }));
    },
  );

  app.post(
    '/webhooks/:id/deliveries/:delivery_id/redeliver',
    { schema: { params: DeliveryParams, body: FormBodySchema }, ...guarded },
    async (request, reply) => {
      const found = await findEndpoint(webhooks, request, request.params.id);
      if (!found) return notFoundPage(request, reply, assets);
      try {
        await webhooks.redeliver(found.scope, found.endpoint.id, request.params.delivery_id);
      } catch (err) {
        if (isCode(err, 'WEBHOOK_DELIVERY_NOT_FOUND'))
          return notFoundPage(request, reply, assets, 'delivery');
        if (!isCode(err, 'WEBHOOK_ENDPOINT_DISABLED')) throw err;
        return backToWebhooks(reply, 'webhook-enable-first', found.endpoint.id);
      }
      return backToWebhooks(reply, 'webhook-redelivered', found.endpoint.id);
    },
  );
};
