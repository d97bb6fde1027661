import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { ApiError } from '../../platform/errors.ts';
import type { WebhookEndpoint } from '../../webhooks/webhook-schemas.ts';
import type { WebhookService } from '../../webhooks/webhook-service.ts';
import type { WebhookScope } from '../../webhooks/webhook-store.ts';
import { html } from '../html.ts';
import { type Assets, accountOf, pageContext } from '../portal-request.ts';
import { messagePage } from '../views/layout.ts';
import { sendPage } from './page-reply.ts';

export const EndpointParams = Type.Object({ id: Type.String({ maxLength: 64 }) });

export interface FoundEndpoint {
  scope: WebhookScope;
  endpoint: WebhookEndpoint;
}

/**
 * The signed-in organisation's endpoint in either mode: the page shows both, and an id is unique across
 * them. Another organisation's endpoint is not found, exactly as a made-up id is.
 */
export async function findEndpoint(
  webhooks: WebhookService,
  request: FastifyRequest,
  id: string,
): Promise<FoundEndpoint | undefined> {
  const organisationId = accountOf(request).organisation.id;
  for (const mode of ['live', 'test'] as const) {
    const scope = { organisationId, mode };
    try {
      return { scope, endpoint: await webhooks.get(scope, id) };
    } catch (err) {
      if (!isCode(err, 'WEBHOOK_ENDPOINT_NOT_FOUND')) throw err;
    }
  }
  return undefined;
}

export function notFoundPage(
  request: FastifyRequest,
  reply: FastifyReply,
  assets: Assets,
  what: 'endpoint' | 'delivery' | 'watch' = 'endpoint',
) {
  const message = html`<p>Your organisation has no ${what} with that id. <a href="/portal/webhooks">See your webhooks</a>.</p>`;
  const title = { endpoint: 'Endpoint not found', delivery: 'Delivery not found', watch: 'Watch not found' }[
    what
  ];
  const ctx = pageContext(request, reply, assets);
  return sendPage(reply, messagePage({ title, ctx, signedIn: true, message }), 404);
}

/** Back to the list with a confirmation, scrolled to the endpoint acted on. */
export function backToWebhooks(reply: FastifyReply, done: string, endpointId?: string) {
  return reply.redirect(`/portal/webhooks?done=${done}${endpointId ? `#endpoint-${endpointId}` : ''}`, 303);
}

export function isCode(err: unknown, code: string): err is ApiError {
  return err instanceof ApiError && err.code === code;
}
