import { TypeBoxValidatorCompiler } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance, type InjectOptions, type LightMyRequestResponse } from 'fastify';
import pino from 'pino';
import { Type } from 'typebox';
import { installAuthentication } from '../../src/accounts/auth-hook.ts';
import type { PlanName } from '../../src/accounts/plans.ts';
import { loadConfig } from '../../src/config.ts';
import { installLimits } from '../../src/limits/limit-hooks.ts';
import type { Clock } from '../../src/platform/clock.ts';
import type { Db } from '../../src/platform/db/database.ts';
import { migrateToLatest } from '../../src/platform/db/migrate.ts';
import { installErrorHandling } from '../../src/platform/error-handler.ts';
import { ApiError } from '../../src/platform/errors.ts';
import { bodyHash, installIdempotency, sendReplay } from '../../src/platform/idempotency.ts';
import { createRedis } from '../../src/platform/redis.ts';
import { createServices, type Services } from '../../src/services.ts';

export interface LimitedApp {
  app: FastifyInstance;
  services: Services;
  call(key: string, options: InjectOptions): Promise<LightMyRequestResponse>;
  /** A key on `plan`; for enterprise, with the given limits. */
  newKey(
    plan: PlanName,
    options?: { mode?: 'live' | 'test'; monthly?: number; perMinute?: number },
  ): Promise<TestKey>;
  close(): Promise<void>;
}

export interface TestKey {
  key: string;
  keyId: string;
  orgId: string;
}

/**
 * The /v1 scope as app.ts builds it (authentication, then the limits), with routes that end the ways a
 * real route can: 200, 400 from the schema, a 404 from the handler, a 5xx, and an idempotent replay.
 * The services are the real ones, on the given database and the environment's REDIS_URL.
 */
export async function limitedApp(
  db: Db,
  clock?: Clock,
  options: { redisUrl?: string; log?: { write(line: string): void } } = {},
): Promise<LimitedApp> {
  await migrateToLatest(db);
  const config = loadConfig({
    REDIS_URL: options.redisUrl ?? process.env.REDIS_URL,
    LOG_LEVEL: options.log ? 'warn' : (process.env.TEST_LOG_LEVEL ?? 'silent'),
  });
  const logger = options.log
    ? pino({ level: config.LOG_LEVEL }, options.log)
    : pino({ level: config.LOG_LEVEL });
  const redis = config.REDIS_URL ? createRedis(config.REDIS_URL, logger) : undefined;
  const services = createServices({ config, db, clock: clock ?? { now: () => new Date() }, logger, redis });
  await services.start();
  const app = Fastify({ logger: false }).setValidatorCompiler(TypeBoxValidatorCompiler);
  installErrorHandling(app);
  await app.register(
    async (v1) => {
      installAuthentication(v1, services.accounts);
      installIdempotency(v1);
      installLimits(v1, services.limits);
      v1.get('/billable', async () => ({ ok: true }));
      v1.get('/free', { config: { billable: false } }, async () => ({ ok: true }));
      v1.post('/echo', { schema: { body: Type.Object({ name: Type.String() }) } }, async (req) => req.body);
      v1.get('/missing', async () => {
        throw new ApiError('WTN_NOT_FOUND');
      });
      v1.get('/boom', async () => {
        throw new Error('a fault of ours');
      });
      v1.get('/unavailable', async () => {
        throw new ApiError('EA_REGISTER_UNAVAILABLE');
      });
      // Idempotent creates, as the transfer-note route makes them: a repeated key is replayed (by the
      // plugin, or by the handler when a concurrent request won) and spends nothing.
      const earlier = { requestHash: bodyHash({ name: 'first' }), status: 201, body: '{"replayed":true}' };
      const Name = Type.Object({ name: Type.String() });
      v1.post(
        '/replayed',
        { config: { idempotency: { find: async () => earlier } }, schema: { body: Name } },
        async () => {
          throw new Error('a replay never reaches the handler');
        },
      );
      v1.post('/replayed-late', { schema: { body: Name } }, async (request, reply) =>
        sendReplay(request, reply, earlier.status, earlier.body),
      );
    },
    { prefix: '/v1' },
  );
  await app.ready();
  return {
    app,
    services,
    call: (key, options) =>
      app.inject({ ...options, headers: { authorization: `Bearer ${key}`, ...(options.headers ?? {}) } }),
    async newKey(plan, { mode = 'live', monthly, perMinute } = {}) {
      const org = await services.accounts.createOrganisation('Limits Test Ltd', plan);
      if (plan === 'enterprise')
        await services.accounts.changePlan(org.id, 'enterprise', { monthly, perMinute, changedBy: 'test' });
      const created = await services.accounts.createKey(org.id, mode, 'limits test');
      return { key: created.key, keyId: created.row.id, orgId: org.id };
    },
    async close() {
      await app.close();
      await services.stop();
      redis?.disconnect();
    },
  };
}

/** Records `calls` counted calls of a key on a UTC day, as if they had been made. */
export async function recordUsage(db: Db, keyId: string, day: string, calls: number): Promise<void> {
  await db.kysely.insertInto('api_key_usage').values({ key_id: keyId, day, calls }).execute();
}

export function monthlyRemaining(response: LightMyRequestResponse): number {
  return Number(response.headers['x-monthly-remaining']);
}

/** A create repeated with the key and body of an earlier one. */
export const replayOf = (url: string): InjectOptions => ({
  method: 'POST',
  url,
  headers: { 'idempotency-key': 'seen' },
  payload: { name: 'first' },
});
