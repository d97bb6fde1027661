import { Redis } from 'ioredis';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TEST_MODE_PER_MINUTE } from '../../src/accounts/plans.ts';
import { ManualClock } from '../../src/platform/clock.ts';
import type { Db } from '../../src/platform/db/database.ts';
import { migratedDatabase } from '../helpers/database.ts';
import { type LimitedApp, limitedApp, monthlyRemaining, recordUsage, replayOf } from './limited-app.ts';

let db: Db;
let t: LimitedApp;
const clock = new ManualClock('2026-03-14T10:00:00Z');

beforeEach(async () => {
  clock.set('2026-03-14T10:00:00Z');
  db = await migratedDatabase();
  t = await limitedApp(db, clock);
});

afterEach(async () => {
  await t.close();
  await db.close();
});

async function auth(key: string) {
  const result = await t.services.accounts.verify(`Bearer ${key}`);
  if (!result.valid) throw new Error('key not valid');
  return result.auth;
}

describe('monthly quota', () => {
  it('counts billable live calls, refuses the one over the limit with 429 and a Retry-After until the 1st', async () => {
    const { key } = await t.newKey('enterprise', { monthly: 3, perMinute: 100 });
    for (const expected of [2, 1, 0]) {
      const ok = await t.call(key, { url: '/v1/billable' });
      expect(ok.statusCode).toBe(200);
      expect(monthlyRemaining(ok)).toBe(expected);
    }
    const refused = await t.call(key, { url: '/v1/billable' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('MONTHLY_QUOTA_EXCEEDED');
    expect(refused.json().error.message).toMatch(/^Monthly limit reached/);
    expect(refused.json().error.message).toContain('2026-04-01T00:00:00.000Z');
    // 2026-03-14T10:00Z to 2026-04-01T00:00Z
    expect(Number(refused.headers['retry-after'])).toBe(17 * 86_400 + 14 * 3_600);
    expect(monthlyRemaining(refused)).toBe(0);
    expect((await t.services.limits.usage(await auth(key))).used).toBe(3);
    // A replay is answered before the quota check, so it is served even now, and costs nothing.
    const replay = await t.call(key, replayOf('/v1/replayed'));
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect((await t.services.limits.usage(await auth(key))).used).toBe(3);
  });

  it("counts a HEAD as its GET, whose handler answers it, and refuses it once the month's calls are spent", async () => {
    const { key } = await t.newKey('enterprise', { monthly: 2, perMinute: 100 });
    for (const remaining of [1, 0]) {
      const head = await t.call(key, { method: 'HEAD', url: '/v1/billable' });
      expect(head.statusCode).toBe(200);
      expect(monthlyRemaining(head)).toBe(remaining);
    }
    expect((await t.call(key, { method: 'HEAD', url: '/v1/billable' })).statusCode).toBe(429);
    expect((await t.services.limits.usage(await auth(key))).used).toBe(2);
  });

  it('gives a fresh quota at 00:00 UTC on the 1st, and not a second earlier', async () => {
    clock.set('2026-03-31T23:59:00Z');
    const { key } = await t.newKey('enterprise', { monthly: 2, perMinute: 100 });
    expect((await t.call(key, { url: '/v1/billable' })).statusCode).toBe(200);
    expect((await t.call(key, { url: '/v1/billable' })).statusCode).toBe(200);
    clock.set('2026-03-31T23:59:59.999Z');
    const last = await t.call(key, { url: '/v1/billable' });
    expect(last.statusCode).toBe(429);
    expect(last.headers['retry-after']).toBe('1');

    clock.set('2026-04-01T00:00:00Z');
    const fresh = await t.call(key, { url: '/v1/billable' });
    expect(fresh.statusCode).toBe(200);
    expect(monthlyRemaining(fresh)).toBe(1);
    const usage = await t.services.limits.usage(await auth(key));
    expect(usage).toMatchObject({ used: 1, remaining: 1, cycle_start: '2026-04-01T00:00:00.000Z' });
    expect(usage.resets_at).toBe('2026-05-01T00:00:00.000Z');
    expect(usage.daily).toEqual([{ date: '2026-04-01', calls: 1 }]);
  });

  it('never counts test keys, and gives them their own generous rate: 120 a minute on the free plan', async () => {
    const { key } = await t.newKey('free', { mode: 'test' });
    for (let i = 0; i < TEST_MODE_PER_MINUTE; i++) {
      const response = await t.call(key, { url: '/v1/billable' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-monthly-counted']).toBe('false');
      expect(response.headers['x-monthly-remaining']).toBeUndefined();
      expect(response.headers['x-ratelimit-limit']).toBe(String(TEST_MODE_PER_MINUTE));
    }
    const refused = await t.call(key, { url: '/v1/billable' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toContain(`${TEST_MODE_PER_MINUTE} requests in any 60 seconds`);
    expect((await t.services.limits.usage(await auth(key))).used).toBe(0);
    // The organisation's live key keeps the plan's own rate.
    const { key: live } = await t.newKey('free');
    expect((await t.call(live, { url: '/v1/billable' })).headers['x-ratelimit-limit']).toBe('10');
  });

  it('does not count a 5xx, a 429 from a route, a non-billable route, a replay or a schema-invalid request', async () => {
    const { key } = await t.newKey('enterprise', { monthly: 5, perMinute: 100 });
    const outcomes = [
      ['/v1/boom', 500],
      ['/v1/unavailable', 503],
      ['/v1/free', 200],
    ] as const;
    for (const [url, status] of outcomes) {
      const response = await t.call(key, { url });
      expect(response.statusCode, url).toBe(status);
      expect(monthlyRemaining(response), url).toBe(5);
    }
    for (const url of ['/v1/replayed', '/v1/replayed-late']) {
      const response = await t.call(key, replayOf(url));
      expect(response.headers['idempotent-replayed'], url).toBe('true');
      expect(response.statusCode, url).toBe(201);
      expect(monthlyRemaining(response), url).toBe(5);
    }
    const invalid = await t.call(key, { method: 'POST', url: '/v1/echo', payload: { name: 7 } });
    expect(invalid.statusCode).toBe(400);
    expect(monthlyRemaining(invalid)).toBe(5);
    expect((await t.services.limits.usage(await auth(key))).used).toBe(0);
  });

  it('counts a 4xx the handler answers (the lookup was made)', async () => {
    const { key } = await t.newKey('enterprise', { monthly: 5, perMinute: 100 });
    const response = await t.call(key, { url: '/v1/missing' });
    expect(response.statusCode).toBe(404);
    expect(monthlyRemaining(response)).toBe(4);
    expect((await t.services.limits.usage(await auth(key))).used).toBe(1);
  });

  it('gives exactly one success to 50 concurrent calls on a free key with 49 used', async () => {
    const { key, keyId } = await t.newKey('free');
    await recordUsage(db, keyId, '2026-03-02', 49);
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => t.call(key, { url: '/v1/billable' })),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 429)).toHaveLength(49);
    const codes = responses.filter((r) => r.statusCode === 429).map((r) => r.json().error.code);
    // The other 40 were over the 10-a-minute window: each refusal names the limit that made it.
    expect(codes.filter((c) => c === 'MONTHLY_QUOTA_EXCEEDED')).toHaveLength(9);
    expect(codes.filter((c) => c === 'RATE_LIMIT_EXCEEDED')).toHaveLength(40);
    const monthly = responses.filter((r) => r.statusCode === 429 && /^Monthly/.test(r.json().error.message));
    expect(monthly).toHaveLength(9);
    expect((await t.services.limits.usage(await auth(key))).used).toBe(50);
  });

  it('gives exactly the remaining calls to concurrent calls that the window does not limit', async () => {
    const { key, keyId } = await t.newKey('enterprise', { monthly: 60, perMinute: 1_000 });
    await recordUsage(db, keyId, '2026-03-13', 35);
    const responses = await Promise.all(
      Array.from({ length: 100 }, () => t.call(key, { url: '/v1/billable' })),
    );
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(25);
    expect((await t.services.limits.usage(await auth(key))).used).toBe(60);
  });

  it('keeps the count across a restart: the database is the record', async () => {
    const { key, keyId } = await t.newKey('enterprise', { monthly: 3, perMinute: 100 });
    for (let i = 0; i < 3; i++) expect((await t.call(key, { url: '/v1/billable' })).statusCode).toBe(200);
    await t.close();
    if (process.env.REDIS_URL) {
      // Redis held the shared counter; even if it loses it, the next instance seeds it from the database.
      const redis = new Redis(process.env.REDIS_URL);
      const counter = `wcs:limits:{${keyId}}:month:2026-03`;
      expect(await redis.get(counter)).toBe('3');
      await redis.del(counter);
      redis.disconnect();
    }
    t = await limitedApp(db, clock);
    const after = await t.call(key, { url: '/v1/billable' });
    expect(after.statusCode).toBe(429);
    expect(monthlyRemaining(after)).toBe(0);
  });
});
