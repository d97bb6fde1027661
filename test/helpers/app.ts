import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pino from 'pino';
import { buildApp } from '../../src/app.ts';
import { type Config, loadConfig } from '../../src/config.ts';
import type { Clock } from '../../src/platform/clock.ts';
import type { Db } from '../../src/platform/db/database.ts';
import { migratedDatabase } from './database.ts';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: Config;
  /** Creates an organisation on `plan` and a key in `mode`; returns the key and ids. */
  newKey(options?: { mode?: 'live' | 'test'; plan?: string; orgId?: string }): Promise<TestKey>;
  /** app.inject with `Authorization: Bearer <key>` added. */
  call(key: string, options: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export interface TestKey {
  key: string;
  keyId: string;
  orgId: string;
}

/**
 * For tests of request handling alone: the register out of reach (a call to it is a 503), webhooks to
 * loopback allowed, and neither background worker running.
 */
export const REQUESTS_ONLY_ENV: Readonly<Record<string, string>> = {
  EA_REGISTER_URL: 'http://127.0.0.1:9/unused',
  WEBHOOKS_ALLOW_HTTP_LOOPBACK: 'true',
  WEBHOOK_WORKER: 'off',
  DWT_WORKER: 'off',
};

/**
 * The whole service, built as in production but on a fresh (migrated) database, with the environment's
 * DATABASE_URL / REDIS_URL honoured (CI runs the suite on SQLite, then on PostgreSQL + Redis).
 */
export async function createTestApp(
  options: { clock?: Clock; env?: Record<string, string>; db?: Db; logger?: pino.Logger } = {},
): Promise<TestApp> {
  const db = options.db ?? (await migratedDatabase());
  const config = loadConfig({
    REDIS_URL: process.env.REDIS_URL,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    ...options.env,
  });
  const logger = options.logger ?? pino({ level: config.LOG_LEVEL });
  const app = await buildApp(config, { db, clock: options.clock, logger });
  await app.ready();
  const services = app.services;

  return {
    app,
    db,
    config,
    async newKey({ mode = 'live', plan = 'business', orgId } = {}) {
      const org = orgId ?? (await services.accounts.createOrganisation('Test Organisation Ltd', plan)).id;
      const created = await services.accounts.createKey(org, mode, 'test');
      return { key: created.key, keyId: created.row.id, orgId: org };
    },
    call(key, injectOptions) {
      return app.inject({
        ...injectOptions,
        headers: { authorization: `Bearer ${key}`, ...(injectOptions.headers ?? {}) },
      });
    },
    async close() {
      await app.close();
      if (!options.db) await db.close();
    },
  };
}
