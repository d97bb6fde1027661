import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { AccountService } from './accounts/account-service.ts';
import { AccountStore } from './accounts/account-store.ts';
import { CarrierService } from './carriers/carrier-service.ts';
import { CarrierRegisterStore } from './carriers/register-store.ts';
import { type Catalogue, getCatalogue } from './classification/catalogue.ts';
import { createLocalEngine, warmUp } from './classification/engine/index.ts';
import { createEngineThreads, type EngineThreads } from './classification/engine-threads.ts';
import { llmEngineFromConfig } from './classification/llm/from-config.ts';
import { type ClassificationService, createClassificationService } from './classification/service.ts';
import type { LocalEngine } from './classification/types.ts';
import type { Config } from './config.ts';
import { ConsignmentService } from './consignments/consignment-service.ts';
import { LimitService } from './limits/limit-service.ts';
import { MonitoringService, watchIntervalMs } from './monitoring/monitoring-service.ts';
import { type Cache, createCache } from './platform/cache.ts';
import type { Clock } from './platform/clock.ts';
import type { Db } from './platform/db/database.ts';
import { ServiceAddress } from './platform/service-address.ts';
import { PortalService } from './portal/portal-service.ts';
import { DwtClient } from './receipts/dwt-client.ts';
import { ReceiptService } from './receipts/receipt-service.ts';
import { SiteService } from './receipts/site-service.ts';
import { RequestLogService } from './requests/request-log-service.ts';
import { serviceIsLocal } from './webhooks/loopback-rule.ts';
import { WebhookService } from './webhooks/webhook-service.ts';
import { WtnService } from './wtn/wtn-service.ts';

/** What the services are built from; tests pass their own clock and database. */
export interface Infrastructure {
  config: Config;
  db: Db;
  clock: Clock;
  logger: Logger;
  redis?: Redis;
}

/** Every capability's service, built once per process and shared by routes, the CLI and other services. */
export interface Services {
  infra: Infrastructure;
  /** Where the service is reached (PUBLIC_URL, else where the server listens): every printed URL starts so. */
  address: ServiceAddress;
  accounts: AccountService;
  /** verify-carrier (EA register, mirror, history, sandbox); `carriers.register` is its store. */
  carriers: CarrierService;
  /** classify-waste: List of Wastes codes from a description (local engine, or the LLM over it). */
  classification: ClassificationService;
  /** The List of Wastes, loaded once. */
  catalogue: Catalogue;
  /** Rate limits and monthly quotas per API key; `usage(auth)` for GET /v1/usage and the portal. */
  limits: LimitService;
  /** The developer portal: users, sessions, log-in throttling, plan changes. */
  portal: PortalService;
  /** Waste transfer notes: generate (verify + classify in parallel), retrieve, list, print. */
  wtn: WtnService;
  /** Carrier watches: numbers re-checked against the register on a schedule, with events on change. */
  monitoring: MonitoringService;
  /** Receiving sites: permits and DWT API codes. */
  sites: SiteService;
  /** Waste receipts reported to DEFRA's Digital Waste Tracking service, and the worker that sends them. */
  receipts: ReceiptService;
  /** Hazardous waste consignment notes: Parts A-E, codes, rejected loads, consignee returns. */
  consignments: ConsignmentService;
  /** Webhook endpoints, events and their delivery; `webhooks.sink` records events in a caller's transaction. */
  webhooks: WebhookService;
  /** The request log: every /v1 request made with a key, per organisation and mode (GET /v1/requests). */
  requests: RequestLogService;
  /** A cache for one capability: Redis when configured, else bounded memory. */
  cacheFor(namespace: string, maxEntries: number): Cache;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Compiling the local engine's knowledge takes a good part of a second, and the engine depends on
 * nothing but the catalogue and holds no state between calls: it is compiled once per catalogue and
 * process, not again for every set of services the process builds (the CLI and the tests build many).
 */
const localEngines = new WeakMap<Catalogue, LocalEngine>();

function localEngineFor(catalogue: Catalogue): LocalEngine {
  let engine = localEngines.get(catalogue);
  if (!engine) {
    engine = createLocalEngine({ catalogue });
    warmUp(engine);
    localEngines.set(catalogue, engine);
  }
  return engine;
}

/**
 * The engine's threads (CLASSIFIER_THREADS), likewise one set per process: each thread compiles its own
 * engine once, started by the first classification that misses the cache and idle (never keeping the
 * process alive) between requests.
 */
const engineThreads = new Map<number, EngineThreads>();

function localClassifier(
  local: LocalEngine,
  threads: number,
  logger: Infrastructure['logger'],
): LocalEngine | EngineThreads {
  if (threads === 0) return local;
  let pool = engineThreads.get(threads);
  if (!pool) {
    pool = createEngineThreads({ threads, local, logger });
    engineThreads.set(threads, pool);
  }
  return pool;
}

export function createServices(infra: Infrastructure): Services {
  const { config, db, clock, logger, redis } = infra;
  const accounts = new AccountService({
    store: new AccountStore(db, clock),
    clock,
    logger,
    authCacheTtlMs: config.AUTH_CACHE_TTL_MS,
    redis,
  });
  const limits = new LimitService({ db, clock, logger, redis });
  const cacheFor = (namespace: string, maxEntries: number) =>
    createCache({ namespace, maxEntries, clock, redis, logger });
  const carriers = new CarrierService({
    config,
    store: new CarrierRegisterStore(db, clock),
    cache: cacheFor('carriers', 50_000),
    clock,
    logger,
  });

  const webhooks = new WebhookService({
    db,
    clock,
    logger,
    loopback: {
      allowHttpLoopback: config.WEBHOOKS_ALLOW_HTTP_LOOPBACK,
      serviceIsLocal: serviceIsLocal(config),
    },
    worker: {
      enabled: config.WEBHOOK_WORKER === 'on',
      pollMs: config.WEBHOOK_POLL_MS,
      timeoutMs: config.WEBHOOK_TIMEOUT_MS,
      retryBaseMs: config.WEBHOOK_RETRY_BASE_MS,
    },
    retentionDays: config.EVENT_RETENTION_DAYS,
  });

  const interval = watchIntervalMs(config.WATCH_INTERVAL);
  const monitoring = new MonitoringService({
    db,
    clock,
    logger,
    carriers,
    sink: webhooks.sink,
    intervalMs: interval,
    checksPerMinute: config.WATCH_CHECKS_PER_MINUTE,
    schedule: config.WEBHOOK_WORKER === 'on' && interval !== null,
  });

  const catalogue = getCatalogue();
  // With CLASSIFIER_ENGINE=llm the LLM engine answers live keys and the local engine test keys (a test
  // key never costs a model call); otherwise the local engine answers both.
  // The LLM engine reads the in-process engine's candidates; what the local engine answers alone goes to
  // its threads when there are any.
  const local = localEngineFor(catalogue);
  const localAnswers = localClassifier(local, config.CLASSIFIER_THREADS, logger);
  const classification = createClassificationService({
    cache: cacheFor('classification', 10_000),
    clock,
    catalogue,
    logger,
    engine: llmEngineFromConfig(config, { catalogue, local, logger }) ?? localAnswers,
    testEngine: localAnswers,
  });

  const wtn = new WtnService({
    db,
    clock,
    logger,
    carriers,
    classifier: classification,
    catalogue,
    registerDeadlineMs: config.WTN_REGISTER_DEADLINE_MS,
    events: webhooks.sink,
    watches: monitoring,
  });

  const sites = new SiteService(db, clock);
  const consignments = new ConsignmentService({
    db,
    clock,
    logger,
    carriers,
    classifier: classification,
    catalogue,
    site: (scope, id) => sites.find(scope, id),
    registerDeadlineMs: config.WTN_REGISTER_DEADLINE_MS,
    events: webhooks.sink,
  });
  const dwtConfigured =
    config.DWT_API_URL && config.DWT_TOKEN_URL && config.DWT_CLIENT_ID && config.DWT_CLIENT_SECRET;
  const receipts = new ReceiptService({
    db,
    events: webhooks.sink,
    clock,
    logger,
    sites,
    catalogue,
    note: (scope, reference) => wtn.get(scope, reference),
    consignmentNote: (scope, id) => consignments.find(scope, id),
    dwt: dwtConfigured
      ? new DwtClient({
          apiUrl: config.DWT_API_URL!,
          tokenUrl: config.DWT_TOKEN_URL!,
          clientId: config.DWT_CLIENT_ID!,
          clientSecret: config.DWT_CLIENT_SECRET!,
          timeoutMs: config.DWT_TIMEOUT_MS,
          clock,
          logger,
        })
      : undefined,
    worker: {
      enabled: config.DWT_WORKER === 'on',
      pollMs: config.DWT_POLL_MS,
      retryBaseMs: config.DWT_RETRY_BASE_MS,
      retryMaxMs: config.DWT_RETRY_MAX_MS,
      timeoutMs: config.DWT_TIMEOUT_MS,
    },
  });

  const requests = new RequestLogService({
    db,
    clock,
    logger,
    retentionDays: config.REQUEST_LOG_RETENTION_DAYS,
    // Pruned where events are: by the instances that run the background work.
    prune: config.WEBHOOK_WORKER === 'on',
  });

  const address = new ServiceAddress(db, clock, config);
  const portal = new PortalService({
    config,
    address,
    db,
    clock,
    logger,
    redis,
    accounts,
    usage: limits,
  });

  return {
    infra,
    address,
    accounts,
    carriers,
    classification,
    catalogue,
    limits,
    portal,
    wtn,
    monitoring,
    sites,
    receipts,
    consignments,
    webhooks,
    requests,
    cacheFor,
    start: async () => {
      await limits.start();
      await accounts.start();
      receipts.start();
      webhooks.start();
      monitoring.start();
      requests.start();
    },
    stop: async () => {
      // The worker finishes the attempts it has in flight, so none is left for review by a clean stop.
      await receipts.stop();
      await webhooks.stop();
      await monitoring.stop();
      // Notes accepted before the shutdown are committed before anything closes.
      await wtn.stop();
      await consignments.stop();
      await portal.stop();
      await limits.stop();
      // The last requests' rows are written before the database closes.
      await requests.stop();
      await accounts.stop();
    },
  };
}
