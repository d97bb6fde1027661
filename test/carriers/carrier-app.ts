import type { LightMyRequestResponse } from 'fastify';
import { Redis } from 'ioredis';
import type { VerifyCarrierResult } from '../../src/carriers/index.ts';
import type { Clock } from '../../src/platform/clock.ts';
import type { Db } from '../../src/platform/db/database.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import type { FakeRegister } from './fake-register.ts';

export interface CarrierApp extends TestApp {
  liveKey: string;
  testKey: string;
  /** POST /v1/verify-carrier with a live key (or the key given). */
  verify(body: Record<string, unknown>, key?: string): Promise<LightMyRequestResponse>;
  /** The 200 body of a POST, failing the test on any other status. */
  result(body: Record<string, unknown>, key?: string): Promise<VerifyCarrierResult>;
}

/** The whole service on a fresh database, reading the EA register from `register`. */
export async function carrierApp(options: {
  register?: FakeRegister;
  clock?: Clock;
  env?: Record<string, string>;
  /** A database the caller owns (and closes); a fresh one by default. */
  db?: Db;
}): Promise<CarrierApp> {
  const t = await createTestApp({
    clock: options.clock,
    db: options.db,
    env: {
      EA_REGISTER_URL: options.register?.url ?? 'http://127.0.0.1:9/unused',
      EA_REGISTER_TIMEOUT_MS: '5000',
      ...options.env,
    },
  });
  const live = await t.newKey({ mode: 'live' });
  const test = await t.newKey({ mode: 'test', orgId: live.orgId });
  const verify = (body: Record<string, unknown>, key = live.key) =>
    t.call(key, { method: 'POST', url: '/v1/verify-carrier', payload: body });
  return {
    ...t,
    liveKey: live.key,
    testKey: test.key,
    verify,
    async result(body, key) {
      const response = await verify(body, key);
      if (response.statusCode !== 200)
        throw new Error(`expected 200, got ${response.statusCode}: ${response.body}`);
      return response.json() as VerifyCarrierResult;
    },
  };
}

/**
 * With REDIS_URL set the carrier cache is shared by every test process: forget the given keys first so
 * one file's cached answers cannot leak into another's.
 */
export async function forgetCached(keys: string[]): Promise<void> {
  if (!process.env.REDIS_URL) return;
  const redis = new Redis(process.env.REDIS_URL);
  try {
    await redis.del(...keys.map((k) => `wcs:cache:carriers:${k}`));
  } finally {
    redis.disconnect();
  }
}
