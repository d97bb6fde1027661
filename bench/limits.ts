// The limiter's cost: a billable route called with a live enterprise key whose limits the load cannot
// reach, so every request is admitted, counted in the window, reserves a monthly call and records it
// in the database before its response leaves. Once on the in-process store, once on Redis.
//
// The route: POST /v1/classify-waste with one repeated description (cached) when that route is
// registered and answers 200; otherwise GET /v1/verify-carrier for one number the service has cached
// (the EA register faked on loopback). The line printed at prepare says which was measured.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { loadConfig } from '../src/config.ts';
import { systemClock } from '../src/platform/clock.ts';
import { createDb } from '../src/platform/db/database.ts';
import { migrateToLatest } from '../src/platform/db/migrate.ts';
import { createRedis } from '../src/platform/redis.ts';
import { createServices } from '../src/services.ts';
import { FakeRegister } from '../test/carriers/fake-register.ts';
import type { BenchMeasurement, BenchRequest, BenchScenario, BenchTarget } from './scenario.ts';

const register = (await new FakeRegister().start()).unref();
register.add({
  number: 'CBDU970002',
  name: 'Limits Bench Haulage Limited',
  tier: 'Upper',
  expiry: '2099-01-01',
});

async function unlimitedKey(target: BenchTarget): Promise<Record<string, string>> {
  return { authorization: `Bearer ${await target.newKey()}` };
}

const classify = (headers: Record<string, string>): BenchRequest => ({
  method: 'POST',
  path: '/v1/classify-waste',
  headers: { ...headers, 'content-type': 'application/json' },
  body: JSON.stringify({ description: 'mixed plastic and cardboard packaging from a retail unit' }),
});

const verify = (headers: Record<string, string>): BenchRequest => ({
  method: 'GET',
  path: '/v1/verify-carrier?registration_number=CBDU970002',
  headers,
});

async function billableRoute(target: BenchTarget): Promise<BenchRequest> {
  const headers = await unlimitedKey(target);
  const candidates = target.app.hasRoute({ method: 'POST', url: '/v1/classify-waste' })
    ? [classify(headers), verify(headers)]
    : [verify(headers)];
  for (const request of candidates) {
    const warm = await fetch(target.url + request.path, {
      method: request.method,
      headers: request.headers,
      body: request.body,
    });
    if (warm.status !== 200) continue;
    if (!warm.headers.get('x-monthly-remaining')) throw new Error(`${request.path} carries no limit headers`);
    console.log(`  (limits bench measures ${request.method} ${request.path.split('?')[0]})`);
    return request;
  }
  throw new Error('no billable route answered 200 to warm up');
}

export const scenarios: BenchScenario[] = [
  {
    name: 'limits: billable route, memory',
    env: { EA_REGISTER_URL: register.url, REGISTER_SOURCE: 'api' },
    prepare: billableRoute,
  },
  {
    name: 'limits: billable route, Redis',
    env: { EA_REGISTER_URL: register.url, REGISTER_SOURCE: 'api', REDIS_URL: 'redis://127.0.0.1:6379' },
    prepare: billableRoute,
  },
];

/**
 * The limiter alone, without HTTP: a billable call's admit (window), reserve (quota) and settle (the
 * durable count) on a SQLite file, 20 calls at a time. CPU per call and calls per second.
 */
async function limiterAlone(redisUrl?: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'wcs-bench-limits-'));
  const db = createDb(`sqlite:${join(dir, 'limits.sqlite')}`);
  const logger = pino({ level: 'silent' });
  const redis = redisUrl ? createRedis(redisUrl, logger) : undefined;
  try {
    await migrateToLatest(db);
    const services = createServices({
      config: loadConfig({ LOG_LEVEL: 'silent' }),
      db,
      clock: systemClock,
      logger,
      redis,
    });
    await services.start();
    const org = await services.accounts.createOrganisation('Limiter Bench Ltd', 'enterprise');
    await services.accounts.changePlan(org.id, 'enterprise', {
      monthly: 1_000_000_000,
      perMinute: 100_000_000,
      changedBy: 'bench',
    });
    const { key } = await services.accounts.createKey(org.id, 'live', 'bench');
    const verified = await services.accounts.verify(`Bearer ${key}`);
    if (!verified.valid) throw new Error('bench key did not verify');
    const call = async () => {
      const state = await services.limits.admit(verified.auth, true);
      if (!(await services.limits.reserve(state))) throw new Error('quota tripped');
      await services.limits.settle(state, true);
    };
    const rounds = 1_000;
    for (let i = 0; i < 100; i++) await Promise.all(Array.from({ length: 20 }, call));
    const cpu = process.cpuUsage();
    const started = performance.now();
    for (let i = 0; i < rounds; i++) await Promise.all(Array.from({ length: 20 }, call));
    const used = process.cpuUsage(cpu);
    const seconds = (performance.now() - started) / 1000;
    await services.stop();
    const calls = rounds * 20;
    return `${((used.user + used.system) / calls).toFixed(0)} us CPU per billable call, ${Math.round(calls / seconds).toLocaleString('en-GB')} calls/s`;
  } finally {
    redis?.disconnect();
    await db.close();
    await rm(dir, { recursive: true, force: true });
  }
}

export const measurements: BenchMeasurement[] = [
  { name: 'limits alone (memory + SQLite)', run: () => limiterAlone() },
  { name: 'limits alone (Redis + SQLite)', run: () => limiterAlone('redis://127.0.0.1:6379') },
];
