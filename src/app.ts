import { TypeBoxValidatorCompiler } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { accountRoutes } from './accounts/account-routes.ts';
import { installAuthentication } from './accounts/auth-hook.ts';
import { carrierRoutes } from './carriers/carrier-routes.ts';
import { classificationRoutes } from './classification/routes.ts';
import { type Config, trustProxyOption } from './config.ts';
import { consignmentRoutes } from './consignments/consignment-routes.ts';
import { consignmentSigningPagePlugin } from './consignments/signing-page.ts';
import { docsPlugin } from './docs/docs-plugin.ts';
import { installLimits } from './limits/limit-hooks.ts';
import { usageRoutes } from './limits/usage-routes.ts';
import { mcpRoutes } from './mcp/mcp-routes.ts';
import { watchRoutes } from './monitoring/watch-routes.ts';
import { OneLinePerRequest } from './platform/access-log.ts';
import { setApiHeaders } from './platform/api-headers.ts';
import { type Clock, systemClock } from './platform/clock.ts';
import { installCreatedLocation } from './platform/created-location.ts';
import { createDb, type Db } from './platform/db/database.ts';
import { migrateToLatest } from './platform/db/migrate.ts';
import { installErrorHandling } from './platform/error-handler.ts';
import { ApiError } from './platform/errors.ts';
import { registerFavicon } from './platform/favicon.ts';
import { installIdempotency } from './platform/idempotency.ts';
import { newRequestId } from './platform/ids.ts';
import { createLogger } from './platform/logger.ts';
import { documentAuthenticatedRoute, registerOpenApi } from './platform/openapi.ts';
import { createRedis } from './platform/redis.ts';
import { cachedSerializers } from './platform/serializer-cache.ts';
import { installTextGuard } from './platform/text-guard.ts';
import { clientErrorHandler, frameworkErrors } from './platform/transport-errors.ts';
import { cachedValidators } from './platform/validator-cache.ts';
import { portalPlugin } from './portal/portal-plugin.ts';
import { receiptRoutes } from './receipts/receipt-routes.ts';
import { siteRoutes } from './receipts/site-routes.ts';
import { installRequestLog } from './requests/request-log-hook.ts';
import { requestRoutes } from './requests/request-routes.ts';
import { createServices, type Services } from './services.ts';
import { webhookRoutes } from './webhooks/webhook-routes.ts';
import { signingPagePlugin } from './wtn/signing-page.ts';
import { wtnRoutes } from './wtn/wtn-routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

export interface AppDeps {
  db?: Db;
  clock?: Clock;
  logger?: Logger;
  redis?: Redis;
}

/**
 * Builds the whole service as a Fastify instance without listening (tests use app.inject). Whatever
 * it creates itself (database, Redis connection) it closes on app.close().
 */
export async function buildApp(config: Config, deps: AppDeps = {}): Promise<FastifyInstance> {
  const logger = deps.logger ?? createLogger(config);
  // The server's SQLite log is checkpointed off the event loop (platform/db/sqlite.ts).
  const db = deps.db ?? createDb(config.DATABASE_URL, { checkpointInBackground: true });
  const redis = deps.redis ?? (config.REDIS_URL ? createRedis(config.REDIS_URL, logger) : undefined);
  await migrateToLatest(db);

  const services = createServices({ config, db, clock: deps.clock ?? systemClock, logger, redis });
  await services.start();

  const app = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    genReqId: () => newRequestId(),
    requestIdHeader: false,
    bodyLimit: 1_048_576,
    // A client has HEADERS_TIMEOUT_MS to send its headers and REQUEST_TIMEOUT_MS for the whole request,
    // checked every second (Node's default check every 30 s would let a trickle hold a socket far longer).
    http: {
      headersTimeout: Math.min(config.HEADERS_TIMEOUT_MS, config.REQUEST_TIMEOUT_MS),
      connectionsCheckingInterval: Math.min(1000, config.HEADERS_TIMEOUT_MS / 2),
    },
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    connectionTimeout: config.REQUEST_TIMEOUT_MS,
    keepAliveTimeout: 72_000,
    clientErrorHandler,
    frameworkErrors,
    return503OnClosing: true,
    // Response serializers compiled once per distinct schema, not once per route and status.
    schemaController: { compilersFactory: { buildSerializer: cachedSerializers() } },
    // request.ip is the client's address only when the proxies in front are trusted to report it.
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    // One access log line per request, info-level: skip building them at all when the level would drop them.
    logController: new OneLinePerRequest({
      requestIdLogLabel: 'request_id',
      disableRequestLogging: !logger.isLevelEnabled('info'),
    }),
  }).setValidatorCompiler(cachedValidators(TypeBoxValidatorCompiler));

  app.decorate('services', services);
  app.addHook('onClose', async () => {
    await services.stop();
    if (!deps.redis) redis?.disconnect();
    if (!deps.db) await db.close();
  });
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('Request-Id', request.id);
    // At the root, so a 404, a 405 or a refusal before a route under /v1 carries them too.
    setApiHeaders(reply, request.url);
    done();
  });
  installConnectionDraining(app);
  installErrorHandling(app);
  await registerOpenApi(app);
  registerProbes(app, db);
  registerFavicon(app);

  await app.register(
    async (v1) => {
      v1.addHook('onRoute', documentAuthenticatedRoute);
      installAuthentication(v1, services.accounts);
      installRequestLog(v1, services.requests);
      installIdempotency(v1);
      installCreatedLocation(v1);
      installLimits(v1, services.limits);
      installTextGuard(v1);
      requireJsonBodies(v1);
      await v1.register(accountRoutes);
      await v1.register(carrierRoutes, { carriers: services.carriers });
      await v1.register(classificationRoutes, {
        service: services.classification,
        catalogue: services.catalogue,
      });
      await v1.register(usageRoutes, { limits: services.limits, clock: services.infra.clock });
      await v1.register(wtnRoutes, { wtn: services.wtn, publicUrl: config.PUBLIC_URL });
      await v1.register(siteRoutes, { sites: services.sites });
      await v1.register(receiptRoutes, { receipts: services.receipts });
      await v1.register(consignmentRoutes, {
        consignments: services.consignments,
        sites: services.sites,
        receipts: services.receipts,
        publicUrl: config.PUBLIC_URL,
      });
      await v1.register(webhookRoutes, { webhooks: services.webhooks });
      await v1.register(watchRoutes, { monitoring: services.monitoring });
      await v1.register(requestRoutes, { requests: services.requests });
    },
    { prefix: '/v1' },
  );
  // The MCP server over Streamable HTTP: the same keys and limits, its tools calling the /v1 routes.
  await app.register(mcpRoutes, { accounts: services.accounts, limits: services.limits });
  // Outside /v1: the portal has its own form parser, cookies and CSRF checks, confined to its scope.
  await app.register(portalPlugin, {
    prefix: '/portal',
    portal: services.portal,
    accounts: services.accounts,
    sites: services.sites,
    webhooks: services.webhooks,
    monitoring: services.monitoring,
    wtn: services.wtn,
    receipts: services.receipts,
    consignments: services.consignments,
    requests: services.requests,
    config,
  });
  // The API reference and the guides, readable without a key.
  await app.register(docsPlugin, { prefix: '/docs' });
  // Where a signing link leads (/sign/<token>): the token is the credential, so no key and no cookie.
  await app.register(signingPagePlugin, { wtn: services.wtn });
  await app.register(consignmentSigningPagePlugin, { consignments: services.consignments });
  return app;
}

/**
 * On shutdown, requests already in flight finish, but their keep-alive connections must not then idle
 * until the keep-alive timeout holds the process open: while closing, idle connections are closed as
 * soon as their last response has gone.
 */
function installConnectionDraining(app: FastifyInstance): void {
  let sweeper: NodeJS.Timeout | undefined;
  app.addHook('preClose', (done) => {
    sweeper = setInterval(() => app.server.closeIdleConnections(), 50).unref();
    done();
  });
  app.addHook('onClose', (_instance, done) => {
    clearInterval(sweeper);
    done();
  });
}

/** POST bodies are JSON: anything else is refused with a message naming the expected type. */
function requireJsonBodies(scope: FastifyInstance): void {
  scope.removeContentTypeParser('text/plain');
  scope.addHook('preValidation', async (request) => {
    if (request.method === 'POST' && request.body === undefined && request.routeOptions.schema?.body) {
      throw new ApiError(
        'INVALID_REQUEST',
        'This endpoint expects a JSON body sent with Content-Type: application/json.',
      );
    }
  });
}

function registerProbes(app: FastifyInstance, db: Db): void {
  const hide = { hide: true };
  // A person who opens the server's address lands in the portal, where keys are made.
  app.get('/', { schema: hide }, async (_request, reply) => reply.redirect('/portal', 302));
  app.get('/health', { schema: hide }, async () => ({ status: 'ok' }));
  app.get('/ready', { schema: hide }, async () => {
    try {
      await db.kysely.selectNoFrom((eb) => eb.lit(1).as('one')).execute();
      return { status: 'ready', database: db.dialect };
    } catch (err) {
      app.log.error({ err }, 'readiness check failed');
      throw new ApiError('SERVICE_UNAVAILABLE', 'The database is not reachable.', undefined, {
        'Retry-After': '5',
      });
    }
  });
}
