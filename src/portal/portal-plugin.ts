import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import cookie from '@fastify/cookie';
import csrf from '@fastify/csrf-protection';
import formbody from '@fastify/formbody';
import type {
  FastifyError,
  FastifyInstance,
  FastifyPluginAsync,
  FastifyReply,
  FastifyRequest,
} from 'fastify';
import type { AccountService } from '../accounts/account-service.ts';
import type { Config } from '../config.ts';
import type { ConsignmentService } from '../consignments/consignment-service.ts';
import type { MonitoringService } from '../monitoring/monitoring-service.ts';
import { installFormTextGuard, parseForm } from '../platform/text-guard.ts';
import type { ReceiptService } from '../receipts/receipt-service.ts';
import type { SiteService } from '../receipts/site-service.ts';
import type { RequestLogService } from '../requests/request-log-service.ts';
import type { WebhookService } from '../webhooks/webhook-service.ts';
import type { WtnService } from '../wtn/wtn-service.ts';
import { html } from './html.ts';
import { type Assets, type CookieNames, cookieNames, servedOverHttps } from './portal-request.ts';
import type { PortalService } from './portal-service.ts';
import { authRoutes } from './routes/auth-routes.ts';
import { consignmentRoutes } from './routes/consignment-routes.ts';
import { dashboardRoutes } from './routes/dashboard-routes.ts';
import { keyRoutes } from './routes/key-routes.ts';
import { noteDetailRoutes } from './routes/note-detail-routes.ts';
import { noteRoutes } from './routes/note-routes.ts';
import { planRoutes } from './routes/plan-routes.ts';
import { receiptRoutes } from './routes/receipt-routes.ts';
import { recoveryRoutes } from './routes/recovery-routes.ts';
import { requestLogRoutes } from './routes/request-log-routes.ts';
import { siteRoutes } from './routes/site-routes.ts';
import { webhookActionRoutes } from './routes/webhook-action-routes.ts';
import { webhookRoutes } from './routes/webhook-routes.ts';
import { messagePage } from './views/layout.ts';

/**
 * No inline script or style anywhere, so the policy can forbid both: injected markup could not run
 * (OWASP Content Security Policy Cheat Sheet).
 */
const SECURITY_HEADERS = {
  'content-security-policy':
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'same-origin',
};

/**
 * The developer portal under /portal: server-rendered pages with their own form parser, cookies and
 * CSRF protection, all confined to this scope so /v1 stays JSON-only and cookie-free.
 */
/** The services the portal's pages use. */
export interface PortalDeps {
  portal: PortalService;
  accounts: AccountService;
  /** Receiving sites for DWT receipts: the same service /v1/sites uses. */
  sites: SiteService;
  /** Webhook endpoints and their deliveries: the same service /v1/webhook-endpoints uses. */
  webhooks: WebhookService;
  /** Carrier watches: the same service /v1/carrier-watches uses. */
  monitoring: MonitoringService;
  /** Transfer notes (list, one note, its PDF, signing links, CSV export): the same service /v1/wtn uses. */
  wtn: WtnService;
  /** Waste receipts waiting for a person, and resolving them: the same service /v1/waste-receipts uses. */
  receipts: ReceiptService;
  /** Hazardous waste consignment notes: the same service /v1/consignment-notes uses. */
  consignments: ConsignmentService;
  /** The request log: the same service GET /v1/requests uses. */
  requests: RequestLogService;
  config: Config;
}

export const portalPlugin: FastifyPluginAsync<PortalDeps> = async (app, deps) => {
  const { config, portal } = deps;
  const secure = servedOverHttps(config);
  const names = cookieNames(secure);

  app.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, hide: true };
  });
  await app.register(formbody, { bodyLimit: 16_384, parser: parseForm });
  await app.register(cookie);
  await app.register(csrf, {
    cookieKey: names.csrf,
    cookieOpts: { path: '/', sameSite: 'strict', httpOnly: true, secure },
    getToken: (request) => (request.body as Record<string, unknown> | undefined)?._csrf as string | undefined,
  });
  // A NUL or a lone surrogate in a form or an address is the "could not read that form" page.
  installFormTextGuard(app);
  app.addHook('onSend', async (_request, reply) => {
    // A page may be stricter (the reset page sends no Referer at all); otherwise these defaults.
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
      if (!reply.hasHeader(name)) reply.header(name, value);
    }
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });

  const assets = registerAssets(app);
  app.decorateRequest('portalAccount', null);
  app.addHook('onRequest', async (request) => {
    if (request.url.startsWith('/portal/assets/')) return;
    const token = request.cookies[names.session];
    const session = await portal.sessions.resume(token);
    if (!session) return;
    const [user, organisation] = await Promise.all([
      portal.users.get(session.user_id),
      portal.organisation(session.organisation_id),
    ]);
    if (!user || !organisation) return;
    // The password was replaced (reset, operator) since this session began: it ends here.
    if (user.credential_version !== (session.credential_version ?? 0)) {
      await portal.sessions.end(token);
      return;
    }
    request.portalAccount = { user, organisation, session };
  });

  app.setErrorHandler((error: FastifyError, request, reply) => renderError(error, request, reply, assets));
  app.setNotFoundHandler((_request, reply) =>
    reply
      .code(404)
      .type('text/html; charset=utf-8')
      .send(
        messagePage({
          title: 'Page not found',
          ctx: { csrfToken: '', assets },
          signedIn: false,
          message: html`<p>There is no page at this address. Check the link, or go to <a href="/portal">the portal</a>.</p>`,
        }).value,
      ),
  );

  // Not `...deps`: Fastify's register options (the prefix) must not reach the routes' own register.
  const options = {
    portal,
    accounts: deps.accounts,
    sites: deps.sites,
    webhooks: deps.webhooks,
    monitoring: deps.monitoring,
    wtn: deps.wtn,
    receipts: deps.receipts,
    consignments: deps.consignments,
    requests: deps.requests,
    config,
    assets,
    secure,
    cookies: names,
  };
  await app.register(authRoutes, options);
  await app.register(dashboardRoutes, options);
  await app.register(keyRoutes, options);
  await app.register(requestLogRoutes, options);
  await app.register(noteRoutes, options);
  await app.register(noteDetailRoutes, options);
  await app.register(consignmentRoutes, options);
  await app.register(receiptRoutes, options);
  await app.register(siteRoutes, options);
  await app.register(webhookRoutes, options);
  await app.register(webhookActionRoutes, options);
  await app.register(planRoutes, options);
  await app.register(recoveryRoutes, options);
};

/** What each portal route plugin is given. */
export interface PortalRouteOptions extends PortalDeps {
  assets: Assets;
  secure: boolean;
  cookies: CookieNames;
}

/** The stylesheet and script, served with a content hash in the URL so browsers may cache them for good. */
function registerAssets(app: FastifyInstance): Assets {
  const urls: Partial<Assets> = {};
  for (const [kind, file, type] of [
    ['css', 'portal.css', 'text/css; charset=utf-8'],
    ['js', 'portal.js', 'text/javascript; charset=utf-8'],
  ] as const) {
    const body = readFileSync(new URL(`./assets/${file}`, import.meta.url));
    const version = createHash('sha256').update(body).digest('hex').slice(0, 12);
    urls[kind] = `/portal/assets/${file}?v=${version}`;
    app.get(`/assets/${file}`, async (_request, reply) =>
      reply.type(type).header('cache-control', 'public, max-age=31536000, immutable').send(body),
    );
  }
  return urls as Assets;
}

function renderError(error: FastifyError, request: FastifyRequest, reply: FastifyReply, assets: Assets) {
  const status =
    error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
  const csrfFailure = error.code === 'FST_CSRF_INVALID_TOKEN' || error.code === 'FST_CSRF_MISSING_SECRET';
  let title = 'Something went wrong';
  let message = html`<p>We could not complete that. Please try again. If it keeps happening, quote reference <code>${request.id}</code> to support.</p>`;
  if (csrfFailure) {
    title = 'This form has expired';
    message = html`<p>For your security, forms can only be sent from the page we gave you. Go back, reload the page and try again.</p><p><a href="/portal">Return to the portal</a></p>`;
  } else if (status === 413) {
    title = 'That was too much to send';
    message = html`<p>The form was larger than we accept. Go back, shorten what you entered and try again.</p>`;
  } else if (status < 500) {
    title = 'We could not read that form';
    message = html`<p>Go back, reload the page and try again.</p>`;
  } else {
    request.log.error({ err: error }, 'portal request failed');
  }
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .send(messagePage({ title, ctx: { csrfToken: '', assets }, signedIn: false, message }).value);
}
