import type { LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/platform/clock.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';

const T0 = Date.parse('2026-06-10T09:00:00Z');
let clock: ManualClock;
let t: TestApp;

beforeEach(async () => {
  clock = new ManualClock(T0);
  t = await createTestApp({ clock });
});

afterEach(async () => {
  await t.close();
});

const account = (key: string) => t.call(key, { url: '/v1/account' });
const at = (ms: number) => clock.set(T0 + ms);
const remaining = (r: LightMyRequestResponse) => Number(r.headers['x-ratelimit-remaining']);

describe('rate limit: a sliding 60-second window per key', () => {
  it('refuses the 11th request inside 60 s and admits again once the oldest leaves the window', async () => {
    const { key } = await t.newKey({ plan: 'free' });
    for (let i = 0; i < 10; i++) {
      at(i * 1_000);
      const response = await account(key);
      expect(response.statusCode).toBe(200);
      expect(remaining(response)).toBe(9 - i);
      expect(response.headers['x-ratelimit-reset']).toBe(String((T0 + 60_000) / 1000));
    }

    at(9_500);
    const refused = await account(key);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatchObject({ code: 'RATE_LIMIT_EXCEEDED', status: 429 });
    expect(refused.json().error.message).toContain('10 requests in any 60 seconds');
    expect(refused.headers['retry-after']).toBe('51'); // the first request leaves at T0 + 60 s
    expect(remaining(refused)).toBe(0);

    at(59_999);
    expect((await account(key)).statusCode).toBe(429);

    at(60_000); // the request of T0 has left; the one of T0 + 1 s has not
    const again = await account(key);
    expect(again.statusCode).toBe(200);
    expect(remaining(again)).toBe(0);
    const next = await account(key);
    expect(next.statusCode).toBe(429);
    expect(next.headers['retry-after']).toBe('1');

    at(61_000);
    expect((await account(key)).statusCode).toBe(200);
  });

  it('is not a fixed minute: a burst at :59 and another at :01 of the next minute cannot both pass', async () => {
    const { key } = await t.newKey({ plan: 'free' });
    at(59_000);
    for (let i = 0; i < 10; i++) expect((await account(key)).statusCode).toBe(200);
    at(61_000);
    const refused = await account(key);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('58');
  });

  it('holds each key to its own limit, and each plan to its own figure', async () => {
    const free = await t.newKey({ plan: 'free' });
    const starter = await t.newKey({ plan: 'starter' });
    for (let i = 0; i < 10; i++) await account(free.key);
    expect((await account(free.key)).statusCode).toBe(429);
    const other = await t.call(starter.key, { url: '/v1/account' });
    expect(other.statusCode).toBe(200);
    expect(other.headers['x-ratelimit-limit']).toBe('30');
    expect(other.headers['x-monthly-limit']).toBe('200');
  });

  it('counts requests to non-billable routes in the window too', async () => {
    const { key } = await t.newKey({ plan: 'free' });
    for (let i = 0; i < 10; i++) await t.call(key, { url: '/v1/usage' });
    expect((await account(key)).statusCode).toBe(429);
  });

  it('applies a plan change within a second', async () => {
    const { key, orgId } = await t.newKey({ plan: 'free' });
    for (let i = 0; i < 10; i++) await account(key);
    expect((await account(key)).statusCode).toBe(429);
    await t.app.services.accounts.changePlan(orgId, 'enterprise', {
      monthly: 500,
      perMinute: 12,
      changedBy: 'test',
    });
    at(1_000); // past the auth cache (AUTH_CACHE_TTL_MS <= 1 s)
    const response = await account(key);
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-ratelimit-limit']).toBe('12');
    expect(response.headers['x-monthly-limit']).toBe('500');
  });
});

describe('limit headers', () => {
  it('are on every authenticated response with the IETF draft fields, and not on a 401', async () => {
    const { key } = await t.newKey({ plan: 'free' });
    at(30_000);
    const ok = await account(key);
    expect(ok.headers).toMatchObject({
      'x-ratelimit-limit': '10',
      'x-ratelimit-remaining': '9',
      'x-ratelimit-reset': String((T0 + 90_000) / 1000),
      'x-monthly-limit': '50',
      'x-monthly-remaining': '50',
    });
    // June has 30 days; from 2026-06-10T09:00:30Z to 2026-07-01T00:00:00Z is 1,781,970 s.
    expect(ok.headers['ratelimit-policy']).toBe('"per-minute";q=10;w=60, "monthly";q=50;w=2592000');
    expect(ok.headers.ratelimit).toBe('"per-minute";r=9;t=60, "monthly";r=50;t=1781970');

    const unauthenticated = await t.app.inject({ url: '/v1/account' });
    expect(unauthenticated.statusCode).toBe(401);
    expect(unauthenticated.headers['x-ratelimit-limit']).toBeUndefined();
    expect(unauthenticated.headers.ratelimit).toBeUndefined();
  });
});

describe('GET /v1/usage', () => {
  it("reports the key's cycle, costs no quota, and shows the rate-limit window", async () => {
    const { key } = await t.newKey({ plan: 'starter' });
    const first = await t.call(key, { url: '/v1/usage' });
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body).toMatchObject({
      key: { mode: 'live', counted: true },
      plan: 'starter',
      used: 0,
      limit: 200,
      remaining: 200,
      cycle_start: '2026-06-01T00:00:00.000Z',
      resets_at: '2026-07-01T00:00:00.000Z',
      rate_limit: { per_minute: 30, remaining: 29, reset_at: '2026-06-10T09:01:00.000Z' },
    });
    expect(body.daily).toHaveLength(10);
    expect(body.daily[0]).toEqual({ date: '2026-06-01', calls: 0 });
    expect(body.daily[9]).toEqual({ date: '2026-06-10', calls: 0 });
    const second = await t.call(key, { url: '/v1/usage' });
    expect(second.json().used).toBe(0);
    expect(second.headers['x-monthly-remaining']).toBe('200');
  });

  it('says a test key is not counted', async () => {
    const { key } = await t.newKey({ plan: 'free', mode: 'test' });
    const body = (await t.call(key, { url: '/v1/usage' })).json();
    expect(body.key).toMatchObject({ mode: 'test', counted: false });
    expect(body.used).toBe(0);
  });
});
