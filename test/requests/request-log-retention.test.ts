import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { ManualClock } from '../../src/platform/clock.ts';
import type { Db } from '../../src/platform/db/database.ts';
import { up as createRequestLog } from '../../src/requests/migrations/0016-request-log.ts';
import { type AnsweredRequest, RequestLogService } from '../../src/requests/request-log-service.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { migratedDatabase, usingPostgres } from '../helpers/database.ts';

const dialect = usingPostgres() ? 'PostgreSQL' : 'SQLite';
const DAY = 86_400_000;
const T0 = Date.parse('2026-11-23T09:00:00Z');

let sequence = 0;
/** A request answered with `key`, as the hook hands it over. */
function answered(organisationId: string, keyId = 'key_1'): AnsweredRequest {
  sequence++;
  return {
    id: `req_retention${String(sequence).padStart(7, '0')}`,
    key: { organisationId, mode: 'test', keyId, displayPrefix: 'wcs_test_AbC1…' },
    method: 'GET',
    route: '/v1/account',
    url: '/v1/account',
    status: 200,
    errorCode: null,
    elapsedMs: 1.5,
  };
}

async function countRows(db: Db, organisationId: string): Promise<number> {
  const rows = await db.kysely
    .selectFrom('api_requests')
    .select('id')
    .where('organisation_id', '=', organisationId)
    .execute();
  return rows.length;
}

describe(`request log retention (${dialect})`, () => {
  const clock = new ManualClock(T0);
  let t: TestApp;
  beforeAll(async () => {
    // The worker is off: these tests prune by hand.
    t = await createTestApp({ clock, env: { WEBHOOK_WORKER: 'off' } });
  });
  afterAll(() => t.close());
  const log = () => t.app.services.requests;

  /** Records `count` requests of an organisation as if made `daysAgo` days before T0. */
  async function requestsAgo(organisationId: string, count: number, daysAgo: number): Promise<void> {
    clock.set(T0 - daysAgo * DAY);
    for (let i = 0; i < count; i++) log().record(answered(organisationId));
    await log().flush();
    clock.set(T0);
  }

  it('removes requests older than 30 days, a batch of at most 1,000 at a time, and keeps the rest', async () => {
    await requestsAgo('org_old', 2_500, 31);
    await requestsAgo('org_old', 3, 29);
    expect(await countRows(t.db, 'org_old')).toBe(2_503);

    const result = await log().retention.prune();
    expect(result).toEqual({
      before: new Date(T0 - 30 * DAY).toISOString(),
      requests: 2_500,
      batches: [1_000, 1_000, 500],
    });
    expect(await countRows(t.db, 'org_old')).toBe(3);
    // Pruning again, as another instance might, removes nothing more.
    expect(await log().retention.prune()).toMatchObject({ requests: 0, batches: [] });
    // A day later the rest are 30 days old, and go too.
    clock.set(T0 + DAY + 1);
    expect(await log().retention.prune()).toMatchObject({ requests: 3 });
    clock.set(T0);
  });

  it('lets several instances prune at once: each row removed once', async () => {
    await requestsAgo('org_busy', 2_500, 45);
    const elsewhere = new RequestLogService({
      db: t.db,
      clock,
      logger: pino({ level: 'silent' }),
      retentionDays: 30,
      prune: false,
    });
    const results = await Promise.all([
      log().retention.prune(),
      elsewhere.retention.prune(),
      log().retention.prune(),
    ]);
    expect(results.reduce((sum, r) => sum + r.requests, 0)).toBe(2_500);
    for (const r of results) for (const batch of r.batches) expect(batch).toBeLessThanOrEqual(1_000);
    expect(await countRows(t.db, 'org_busy')).toBe(0);
  });
});

describe(`REQUEST_LOG_RETENTION_DAYS (${dialect})`, () => {
  it('is 30 days unless set, and at least one day', () => {
    expect(loadConfig({}).REQUEST_LOG_RETENTION_DAYS).toBe(30);
    expect(loadConfig({ REQUEST_LOG_RETENTION_DAYS: '7' }).REQUEST_LOG_RETENTION_DAYS).toBe(7);
    expect(() => loadConfig({ REQUEST_LOG_RETENTION_DAYS: '0' })).toThrow(ConfigError);
    expect(() => loadConfig({ REQUEST_LOG_RETENTION_DAYS: '0' })).toThrow(/REQUEST_LOG_RETENTION_DAYS/);
  });

  it('is what an instance with WEBHOOK_WORKER=on prunes to when it starts; one with it off never prunes', async () => {
    const db = await migratedDatabase();
    const clock = new ManualClock(T0);
    try {
      const off = await createTestApp({
        db,
        clock,
        env: { WEBHOOK_WORKER: 'off', REQUEST_LOG_RETENTION_DAYS: '7' },
      });
      for (const daysAgo of [8, 6]) {
        clock.set(T0 - daysAgo * DAY);
        off.app.services.requests.record(answered('org_kept'));
      }
      clock.set(T0);
      await off.app.services.requests.flush();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await countRows(db, 'org_kept')).toBe(2);
      await off.close();

      const on = await createTestApp({ db, clock, env: { REQUEST_LOG_RETENTION_DAYS: '7' } });
      try {
        for (let i = 0; i < 100 && (await countRows(db, 'org_kept')) > 1; i++) {
          await new Promise((r) => setTimeout(r, 50));
        }
        expect(await countRows(db, 'org_kept')).toBe(1);
      } finally {
        await on.close();
      }
    } finally {
      await db.close();
    }
  });
});

describe(`when the request log cannot be written (${dialect})`, () => {
  it('answers every request as usual, logs the failure once, and records again once it can', async () => {
    const lines: { msg: string; [field: string]: unknown }[] = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => lines.push(JSON.parse(line)) });
    const t = await createTestApp({ logger });
    try {
      const { key } = await t.newKey({ mode: 'test' });
      await t.db.kysely.schema.dropTable('api_requests').execute();
      for (let i = 0; i < 5; i++) {
        const res = await t.call(key, {
          method: 'POST',
          url: '/v1/verify-carrier',
          payload: { registration_number: 'CBDU100001' },
        });
        expect(res.statusCode).toBe(200);
        expect(res.json().status).toBe('valid');
        await t.app.services.requests.flush();
      }
      expect(lines.filter((l) => l.msg === 'request log: rows not recorded')).toHaveLength(1);

      await createRequestLog(t.db.kysely as never);
      const answeredAgain = await t.call(key, { url: '/v1/account' });
      await t.app.services.requests.flush();
      expect(lines.find((l) => l.msg === 'request log: recording again after losing rows')).toMatchObject({
        lost: 5,
      });
      const listed = (await t.call(key, { url: '/v1/requests' })).json();
      expect(listed.data.map((r: { id: string }) => r.id)).toEqual([answeredAgain.headers['request-id']]);
    } finally {
      await t.close();
    }
  });
});
