import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/platform/clock.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';

const T0 = Date.parse('2026-11-03T09:00:00Z');
const clock = new ManualClock(T0);
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock, env: { EA_REGISTER_URL: 'http://127.0.0.1:9/unused' } });
});
afterAll(() => t.close());

const verify = (key: string, number = 'CBDU100001') =>
  t.call(key, { method: 'POST', url: '/v1/verify-carrier', payload: { registration_number: number } });

describe('test-mode usage', () => {
  it('after 80 test calls GET /v1/usage shows 80 calls, never counted against the quota', async () => {
    const { key } = await t.newKey({ mode: 'test', plan: 'free' });
    // Spread over two days and a minute apart, so the per-minute limit never refuses one.
    for (let i = 0; i < 80; i++) {
      clock.set(T0 + (i < 30 ? -86_400_000 : 0) + i * 1_000);
      const res = await verify(key);
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-monthly-counted']).toBe('false');
      expect(res.headers['x-monthly-remaining']).toBeUndefined();
    }
    clock.set(T0 + 120_000);
    const usage = (await t.call(key, { url: '/v1/usage' })).json();
    expect(usage).toMatchObject({
      key: { mode: 'test', counted: false },
      plan: 'free',
      used: 0,
      calls: 80,
      limit: 50,
      remaining: 50,
    });
    expect(usage.daily).toEqual([
      { date: '2026-11-01', calls: 0 },
      { date: '2026-11-02', calls: 30 },
      { date: '2026-11-03', calls: 50 },
    ]);
  });

  it("counts a test key's calls by the live rule: not a schema refusal, a 5xx, a free route or a 429", async () => {
    const { key } = await t.newKey({ mode: 'test', plan: 'free' });
    clock.set(T0 + 3_600_000);
    expect((await verify(key)).statusCode).toBe(200);
    expect((await verify(key, 'CBDU100503')).statusCode).toBe(503);
    const invalid = {
      method: 'POST' as const,
      url: '/v1/verify-carrier',
      payload: { registration_number: 12345 },
    };
    expect((await t.call(key, invalid)).statusCode).toBe(400);
    expect((await t.call(key, { url: '/v1/account' })).statusCode).toBe(200);
    // A 4xx the route answers after doing the work is counted, as a live key's is.
    expect((await t.call(key, { url: '/v1/wtn/WTN-2026-0101-ABCD' })).statusCode).toBe(404);
    let refused = 0;
    for (let i = 0; i < 130 && refused === 0; i++) {
      if ((await t.call(key, { url: '/v1/account' })).statusCode === 429) refused++;
    }
    expect(refused).toBe(1);
    expect((await verify(key)).statusCode).toBe(429);
    clock.set(T0 + 3_700_000);
    expect((await t.call(key, { url: '/v1/usage' })).json()).toMatchObject({ used: 0, calls: 2 });
  });

  it("leaves a live key's figures as they were: used and calls alike, the test calls apart", async () => {
    const live = await t.newKey({ mode: 'live', plan: 'free' });
    const test = await t.app.services.accounts.createKey(live.orgId, 'test', 'sandbox');
    clock.set(T0 + 7_200_000);
    await verify(test.key);
    await t.call(live.key, { method: 'GET', url: '/v1/verify-carrier?registration_number=NOT-A-NUMBER' });
    const usage = (await t.call(live.key, { url: '/v1/usage' })).json();
    expect(usage).toMatchObject({ key: { mode: 'live', counted: true }, used: 1, calls: 1, remaining: 49 });
  });
});
