import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { readKey } from '../forms.ts';
import { html } from '../html.ts';
import type { PortalRouteOptions } from '../portal-plugin.ts';
import { accountOf, apiBase, noticeFor, pageContext, requireAccount } from '../portal-request.ts';
import { keyCreatedPage, keysPage, revokePage } from '../views/keys-pages.ts';
import { messagePage } from '../views/layout.ts';
import { FormBodySchema, NoticeQuery, sendPage } from './page-reply.ts';

const KeyParams = Type.Object({ id: Type.String({ maxLength: 64 }) });

/** Listing, creating (the key shown once) and revoking (after a confirmation) API keys. */
export const keyRoutes: FastifyPluginAsyncTypebox<PortalRouteOptions> = async (
  app,
  { assets, portal, accounts, config },
) => {
  const ctx = (request: FastifyRequest, reply: FastifyReply) => pageContext(request, reply, assets);
  const notFound = (request: FastifyRequest, reply: FastifyReply) =>
    sendPage(
      reply,
      messagePage({
        title: 'Key not found',
        ctx: ctx(request, reply),
        signedIn: true,
        message: html`<p>Your organisation has no key with that id. <a href="/portal/keys">See your keys</a>.</p>`,
      }),
      404,
    );

  app.get(
    '/keys',
    { schema: { querystring: NoticeQuery }, preHandler: requireAccount },
    async (request, reply) => {
      const { organisation } = accountOf(request);
      const keys = await portal.keys(organisation.id);
      return sendPage(
        reply,
        keysPage({ ctx: ctx(request, reply), keys, message: noticeFor(request.query.done) }),
      );
    },
  );

  app.post(
    '/keys',
    { schema: { body: FormBodySchema }, preHandler: [requireAccount, app.csrfProtection] },
    async (request, reply) => {
      const { organisation } = accountOf(request);
      const form = readKey(request.body);
      if (!form.ok) {
        const keys = await portal.keys(organisation.id);
        const values = { name: request.body.name, mode: request.body.mode };
        return sendPage(
          reply,
          keysPage({ ctx: ctx(request, reply), keys, values, errors: form.errors }),
          400,
        );
      }
      const created = await accounts.createKey(organisation.id, form.value.mode, form.value.name);
      // The key is in this response only: never cached, never stored (we keep its hash).
      const page = keyCreatedPage({
        ctx: ctx(request, reply),
        key: created.row,
        secret: created.key,
        apiBase: apiBase(config, request),
      });
      return sendPage(reply, page, 201);
    },
  );

  app.get(
    '/keys/:id/revoke',
    { schema: { params: KeyParams }, preHandler: requireAccount },
    async (request, reply) => {
      const key = await portal.key(accountOf(request).organisation.id, request.params.id);
      if (!key) return notFound(request, reply);
      if (key.revoked_at) return reply.redirect('/portal/keys', 303);
      return sendPage(reply, revokePage({ ctx: ctx(request, reply), key }));
    },
  );

  app.post(
    '/keys/:id/revoke',
    { schema: { params: KeyParams, body: FormBodySchema }, preHandler: [requireAccount, app.csrfProtection] },
    async (request, reply) => {
      const key = await portal.key(accountOf(request).organisation.id, request.params.id);
      if (!key) return notFound(request, reply);
      // AccountService.revokeKey also clears the auth cache here and, through Redis, on every instance.
      await accounts.revokeKey(key.id);
      return reply.redirect('/portal/keys?done=revoked', 303);
    },
  );
};
