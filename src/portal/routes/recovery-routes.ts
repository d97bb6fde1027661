import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { clientNetwork } from '../client-address.ts';
import { readEmail } from '../forms.ts';
import type { PortalRouteOptions } from '../portal-plugin.ts';
import { pageContext } from '../portal-request.ts';
import { expiredLinkPage, forgotPage, linkSentPage, newPasswordPage } from '../views/recovery-pages.ts';
import { FormBodySchema, sendPage, waitWords } from './page-reply.ts';
import { signIn } from './sign-in.ts';

const ResetParams = Type.Object({ token: Type.String({ maxLength: 100 }) });

// The reset link carries its token in the path: the access log shows it redacted (access-log.ts), and
// the page sends no Referer, so the token is written nowhere but the email that carried it.

/** "Forgot your password?" and the reset link it sends (OWASP Forgot Password Cheat Sheet). */
export const recoveryRoutes: FastifyPluginAsyncTypebox<PortalRouteOptions> = async (app, options) => {
  const { assets } = options;
  const recovery = options.portal.recovery;
  const ctx = (request: FastifyRequest, reply: FastifyReply) => pageContext(request, reply, assets);

  app.get('/forgot', async (request, reply) =>
    sendPage(reply, forgotPage({ ctx: ctx(request, reply), available: recovery.byEmail })),
  );

  app.post(
    '/forgot',
    { schema: { body: FormBodySchema }, preHandler: app.csrfProtection },
    async (request, reply) => {
      const available = recovery.byEmail;
      if (!available) return sendPage(reply, forgotPage({ ctx: ctx(request, reply), available }), 503);
      const values = { email: request.body.email };
      const form = readEmail(request.body);
      if (!form.ok)
        return sendPage(
          reply,
          forgotPage({ ctx: ctx(request, reply), available, values, errors: form.errors }),
          400,
        );
      const result = await recovery.request(form.value, clientNetwork(request.ip));
      if (!result.ok && result.reason === 'THROTTLED') {
        const seconds = Math.ceil(result.retryAfterMs / 1000);
        reply.header('retry-after', String(seconds));
        const errors = {
          form: `Too many reset requests from your network. Try again in ${waitWords(seconds)}.`,
        };
        return sendPage(reply, forgotPage({ ctx: ctx(request, reply), available, values, errors }), 429);
      }
      return sendPage(reply, linkSentPage({ ctx: ctx(request, reply), email: form.value }));
    },
  );

  app.get('/reset/:token', { schema: { params: ResetParams } }, async (request, reply) => {
    reply.header('referrer-policy', 'no-referrer');
    const target = await recovery.target(request.params.token);
    if (!target) return sendPage(reply, expiredLinkPage({ ctx: ctx(request, reply) }), 404);
    const page = newPasswordPage({
      ctx: ctx(request, reply),
      token: request.params.token,
      email: target.user.email,
    });
    return sendPage(reply, page);
  });

  app.post(
    '/reset/:token',
    {
      schema: { params: ResetParams, body: FormBodySchema },
      preHandler: app.csrfProtection,
    },
    async (request, reply) => {
      reply.header('referrer-policy', 'no-referrer');
      const { token } = request.params;
      const result = await recovery.complete(token, request.body.password ?? '');
      if (!result.ok && result.reason === 'WEAK') {
        const errors = { password: result.message };
        const page = newPasswordPage({ ctx: ctx(request, reply), token, email: result.email, errors });
        return sendPage(reply, page, 400);
      }
      if (!result.ok) return sendPage(reply, expiredLinkPage({ ctx: ctx(request, reply) }), 404);
      await signIn(options.portal, request, reply, result.user, options);
      return reply.redirect('/portal/dashboard?done=password-changed', 303);
    },
  );
};
