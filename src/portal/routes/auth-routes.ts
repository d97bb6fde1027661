import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { clientNetwork } from '../client-address.ts';
import { readLogIn, readSignUp } from '../forms.ts';
import type { PortalRouteOptions } from '../portal-plugin.ts';
import { noticeFor, pageContext } from '../portal-request.ts';
import type { PortalUserRow } from '../tables.ts';
import { logInPage, signUpPage } from '../views/auth-pages.ts';
import { FormBodySchema, NoticeQuery, sendPage, waitWords } from './page-reply.ts';
import { signIn as signInAs } from './sign-in.ts';

/** Sign-up, log-in and log-out; the way back in when the password is lost is in recovery-routes.ts. */
export const authRoutes: FastifyPluginAsyncTypebox<PortalRouteOptions> = async (app, options) => {
  const { assets, secure, cookies } = options;
  const { portal } = options;
  const ctx = (request: FastifyRequest, reply: FastifyReply) => pageContext(request, reply, assets);

  const signIn = (request: FastifyRequest, reply: FastifyReply, user: PortalUserRow) =>
    signInAs(portal, request, reply, user, options);

  app.get('/', async (request, reply) =>
    reply.redirect(request.portalAccount ? '/portal/dashboard' : '/portal/login', 303),
  );

  app.get('/signup', async (request, reply) => {
    if (request.portalAccount) return reply.redirect('/portal/dashboard', 303);
    return sendPage(reply, signUpPage({ ctx: ctx(request, reply) }));
  });

  app.post(
    '/signup',
    { schema: { body: FormBodySchema }, preHandler: app.csrfProtection },
    async (request, reply) => {
      const body = request.body;
      const values = { organisation_name: body.organisation_name, email: body.email };
      const form = readSignUp(body);
      if (!form.ok)
        return sendPage(reply, signUpPage({ ctx: ctx(request, reply), values, errors: form.errors }), 400);
      const result = await portal.signUp(form.value);
      if (!result.ok)
        return sendPage(reply, signUpPage({ ctx: ctx(request, reply), values, errors: result.errors }), 409);
      await signIn(request, reply, result.user);
      return reply.redirect('/portal/keys?done=welcome#create', 303);
    },
  );

  app.get('/login', { schema: { querystring: NoticeQuery } }, async (request, reply) => {
    if (request.portalAccount) return reply.redirect('/portal/dashboard', 303);
    return sendPage(reply, logInPage({ ctx: ctx(request, reply), message: noticeFor(request.query.done) }));
  });

  app.post(
    '/login',
    { schema: { body: FormBodySchema }, preHandler: app.csrfProtection },
    async (request, reply) => {
      const form = readLogIn(request.body);
      const values = { email: request.body.email };
      if (!form.ok)
        return sendPage(reply, logInPage({ ctx: ctx(request, reply), values, errors: form.errors }), 400);
      const result = await portal.logIn(form.value.email, form.value.password, {
        network: clientNetwork(request.ip),
        deviceToken: request.cookies[cookies.device],
      });
      if (!result.ok && result.reason === 'THROTTLED') {
        const seconds = Math.ceil(result.retryAfterMs / 1000);
        reply.header('retry-after', String(seconds));
        const errors = {
          form:
            result.scope === 'network'
              ? `Too many failed attempts to log in from your network. Try again in ${waitWords(seconds)}.`
              : `Too many failed attempts to log in to this account. Try again in ${waitWords(seconds)}.`,
        };
        return sendPage(reply, logInPage({ ctx: ctx(request, reply), values, errors }), 429);
      }
      if (!result.ok) {
        // One message for an unknown email and a wrong password, so the form does not reveal who has an account.
        const errors = { form: 'The email address or password is incorrect.' };
        return sendPage(reply, logInPage({ ctx: ctx(request, reply), values, errors }), 401);
      }
      await signIn(request, reply, result.user);
      return reply.redirect('/portal/dashboard', 303);
    },
  );

  app.post(
    '/logout',
    { schema: { body: FormBodySchema }, preHandler: app.csrfProtection },
    async (request, reply) => {
      await portal.sessions.end(request.cookies[cookies.session]);
      reply.clearCookie(cookies.session, { path: '/', secure });
      reply.clearCookie(cookies.csrf, { path: '/', secure });
      return reply.redirect('/portal/login?done=logged-out', 303);
    },
  );
};
