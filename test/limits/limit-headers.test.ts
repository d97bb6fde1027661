import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/platform/clock.ts';
import type { Db } from '../../src/platform/db/database.ts';
import { migratedDatabase } from '../helpers/database.ts';
import { type LimitedApp, limitedApp } from './limited-app.ts';

let db: Db;
let t: LimitedApp;
const clock = new ManualClock('2026-02-20T12:00:00Z');

beforeAll(async () => {
  db = await migratedDatabase();
  t = await limitedApp(db, clock);
});

afterAll(async () => {
  await t.close();
  await db.close();
});

const LIMIT_HEADERS = [
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
  'x-monthly-limit',
  'x-monthly-remaining',
  'ratelimit-policy',
  'ratelimit',
];

function expectLimitHeaders(response: LightMyRequestResponse, monthlyRemaining: number): void {
  for (const name of LIMIT_HEADERS) expect(response.headers[name], name).toBeDefined();
  expect(response.headers['x-monthly-remaining']).toBe(String(monthlyRemaining));
  expect(response.headers.ratelimit).toMatch(new RegExp(`"monthly";r=${monthlyRemaining};t=\\d+$`));
}

describe('limit headers on every authenticated response', () => {
  it('on 200, 400, 500, 404 and both kinds of 429, each with the monthly count after the call', async () => {
    const { key } = await t.newKey('enterprise', { monthly: 2, perMinute: 6 });

    const ok = await t.call(key, { url: '/v1/billable' });
    expect(ok.statusCode).toBe(200);
    expectLimitHeaders(ok, 1);

    const invalid = await t.call(key, { method: 'POST', url: '/v1/echo', payload: { name: 1 } });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.code).toBe('INVALID_REQUEST');
    expectLimitHeaders(invalid, 1);

    const fault = await t.call(key, { url: '/v1/boom' });
    expect(fault.statusCode).toBe(500);
    expectLimitHeaders(fault, 1);

    const missing = await t.call(key, { url: '/v1/missing' });
    expect(missing.statusCode).toBe(404);
    expectLimitHeaders(missing, 0);

    const monthly = await t.call(key, { url: '/v1/billable' });
    expect(monthly.statusCode).toBe(429);
    expect(monthly.json().error.code).toBe('MONTHLY_QUOTA_EXCEEDED');
    expect(monthly.json().error.message).toMatch(/^Monthly limit reached/);
    expectLimitHeaders(monthly, 0);
    expect(monthly.headers['x-ratelimit-remaining']).toBe('1');

    await t.call(key, { url: '/v1/free' });
    const window = await t.call(key, { url: '/v1/free' });
    expect(window.statusCode).toBe(429);
    expect(window.json().error.code).toBe('RATE_LIMIT_EXCEEDED');
    expect(window.json().error.message).toMatch(/^Rate limit exceeded/);
    expect(window.headers['retry-after']).toBe('60');
    expectLimitHeaders(window, 0);
    expect(window.headers['x-ratelimit-remaining']).toBe('0');
  });
});
