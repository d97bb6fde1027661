import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../../src/cli/main.ts';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { ManualClock } from '../../src/platform/clock.ts';
import { createDb, type Db } from '../../src/platform/db/database.ts';
import type { NewEvent } from '../../src/platform/events.ts';
import { recordEvents } from '../../src/webhooks/event-outbox.ts';
import { EventRetention } from '../../src/webhooks/retention.ts';
import { createTestApp } from '../helpers/app.ts';
import { migratedDatabase, usingPostgres } from '../helpers/database.ts';
import { sharedDatabaseUrl } from '../helpers/server-process.ts';
import { WebhookReceiver } from '../helpers/webhook-receiver.ts';
import { type WebhookApp, webhookApp } from './webhook-app.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const T0 = Date.parse('2026-03-02T09:00:00Z');
const dialect = usingPostgres() ? 'PostgreSQL' : 'SQLite';

/** Stores `count` events for an organisation at `at`, as the services' sink would, 500 to a transaction. */
async function oldEvents(db: Db, organisationId: string, count: number, at: Date): Promise<string[]> {
  const ids: string[] = [];
  for (let done = 0; done < count; done += 500) {
    const events: NewEvent[] = Array.from({ length: Math.min(500, count - done) }, (_, i) => ({
      organisationId,
      mode: 'test',
      type: 'wtn.created',
      data: { n: done + i },
    }));
    const rows = await db.kysely.transaction().execute((trx) => recordEvents(trx, events, at));
    ids.push(...rows.map((r) => r.id));
  }
  return ids;
}

describe(`event retention (${dialect})`, () => {
  const clock = new ManualClock(T0);
  let t: WebhookApp;
  let failing: WebhookReceiver;
  beforeAll(async () => {
    // The worker is off: these tests run its rounds, and the prunes, by hand.
    t = await webhookApp({ clock, env: { WEBHOOK_WORKER: 'off' } });
    failing = await new WebhookReceiver().start();
  });
  afterAll(async () => {
    await t.close();
    await failing.stop();
  });
  const round = () => t.app.services.webhooks.worker.runOnce();
  const retention = () => t.app.services.webhooks.retention;
  const ping = async (endpointId: string) => {
    const response = await t.post(`/v1/webhook-endpoints/${endpointId}/test`);
    expect(response.statusCode).toBe(202);
    return response.json() as { event: { id: string }; delivery: { id: string } };
  };
  const listedEvents = async () =>
    ((await t.get('/v1/events?limit=100')).json().data as { id: string }[]).map((e) => e.id);

  it('removes events older than 30 days once every delivery has finished, with their deliveries and attempts', async () => {
    const good = await t.endpoint(['webhook_endpoint.disabled']);
    const bad = await t.endpoint(['wtn.created'], t.testKey, failing.url);
    const paused = await t.endpoint(['wtn.created']);
    failing.answer(...Array(20).fill(500));

    const delivered = await ping(good.id);
    const failed = await ping(bad.id);
    const queued = await ping(paused.id);
    // A paused endpoint's deliveries wait, pending, for as long as it stays paused.
    await t.app.inject({
      method: 'PATCH',
      url: `/v1/webhook-endpoints/${paused.id}`,
      headers: { authorization: `Bearer ${t.testKey}` },
      payload: { disabled: true },
    });
    await round();
    clock.set(T0 + 3 * DAY + HOUR);
    // The failing delivery's 3 days are over: it fails, and its endpoint is disabled with an event.
    await round();
    await round();
    const failedDelivery = (
      await t.get(`/v1/webhook-endpoints/${bad.id}/deliveries/${failed.delivery.id}`)
    ).json();
    expect(failedDelivery.status).toBe('failed');
    const [disabledNotice] = (await t.get('/v1/events?type=webhook_endpoint.disabled')).json().data;

    clock.set(T0 + 31 * DAY);
    const young = await ping(good.id);
    // Redelivered by hand after a fix: retrying again, on a fresh 3-day window.
    await t.app.inject({
      method: 'PATCH',
      url: `/v1/webhook-endpoints/${bad.id}`,
      headers: { authorization: `Bearer ${t.testKey}` },
      payload: { disabled: false },
    });
    const again = await t.post(`/v1/webhook-endpoints/${bad.id}/deliveries/${failed.delivery.id}/redeliver`);
    expect(again.statusCode).toBe(202);
    await round();
    expect(
      (await t.get(`/v1/webhook-endpoints/${bad.id}/deliveries/${failed.delivery.id}`)).json().status,
    ).toBe('retrying');

    const first = await retention().prune();
    expect(first).toEqual({
      before: new Date(T0 + DAY).toISOString(),
      events: 1,
      deliveries: 1,
      attempts: 1,
      batches: [1],
    });
    // Only the delivered 31-day-old event went; the retrying and the queued ones stay, however old.
    const listed = await listedEvents();
    expect(listed).not.toContain(delivered.event.id);
    expect(listed).toEqual(
      expect.arrayContaining([failed.event.id, queued.event.id, disabledNotice.id, young.event.id]),
    );
    expect((await t.get(`/v1/events/${delivered.event.id}`)).statusCode).toBe(404);
    expect(
      (await t.get(`/v1/webhook-endpoints/${good.id}/deliveries/${delivered.delivery.id}`)).statusCode,
    ).toBe(404);
    const goodDeliveries = (await t.get(`/v1/webhook-endpoints/${good.id}/deliveries`)).json().data;
    expect(goodDeliveries.map((d: { event_id: string }) => d.event_id)).toEqual([
      young.event.id,
      disabledNotice.id,
    ]);

    // Once the retried delivery has failed for good and the paused endpoint is deleted, they go too,
    // with the disabling notice, now 31 days old itself.
    clock.set(T0 + 34 * DAY + HOUR);
    await round();
    expect(
      (await t.get(`/v1/webhook-endpoints/${bad.id}/deliveries/${failed.delivery.id}`)).json().status,
    ).toBe('failed');
    await t.app.inject({
      method: 'DELETE',
      url: `/v1/webhook-endpoints/${paused.id}`,
      headers: { authorization: `Bearer ${t.testKey}` },
    });
    const second = await retention().prune();
    expect(second).toMatchObject({ events: 3, deliveries: 2, attempts: failing.received.length + 1 });
    const left = await listedEvents();
    expect(left).toContain(young.event.id);
    for (const gone of [failed.event.id, queued.event.id, disabledNotice.id])
      expect(left).not.toContain(gone);

    // Pruning again, as another instance might, removes nothing more.
    expect(await retention().prune()).toMatchObject({ events: 0, deliveries: 0, attempts: 0, batches: [] });
  });

  it('removes 2,500 old events in three batches of at most 1,000, with their deliveries and attempts', async () => {
    const other = await t.newKey({ mode: 'test' });
    await t.endpoint(['wtn.created'], other.key);
    const now = clock.now();
    const ids = await oldEvents(t.db, other.orgId, 2_500, new Date(now.getTime() - 40 * DAY));
    // Each was sent once, successfully.
    const deliveries: { id: string }[] = [];
    for (let i = 0; i < ids.length; i += 500) {
      const sent = await t.db.kysely
        .updateTable('webhook_deliveries')
        .set({ status: 'succeeded', next_attempt_at: null, attempts: 1, delivered_at: now.toISOString() })
        .where('event_id', 'in', ids.slice(i, i + 500))
        .returning('id')
        .execute();
      deliveries.push(...sent);
    }
    for (let i = 0; i < deliveries.length; i += 500) {
      await t.db.kysely
        .insertInto('webhook_delivery_attempts')
        .values(
          deliveries.slice(i, i + 500).map((d) => ({
            delivery_id: d.id,
            number: 1,
            started_at: now.toISOString(),
            finished_at: now.toISOString(),
            http_status: 200,
          })),
        )
        .execute();
    }
    expect(deliveries).toHaveLength(2_500);

    const result = await retention().prune();
    expect(result.batches).toEqual([1_000, 1_000, 500]);
    expect(result).toMatchObject({ events: 2_500, deliveries: 2_500, attempts: 2_500 });
    expect((await t.get('/v1/events', other.key)).json().data).toEqual([]);
  });

  it('lets several instances prune at once: each event is removed once, in batches of at most 1,000', async () => {
    const other = await t.newKey({ mode: 'test' });
    await oldEvents(t.db, other.orgId, 2_500, new Date(clock.now().getTime() - 45 * DAY));
    const elsewhere = new EventRetention({ db: t.db, clock, logger: pino({ level: 'silent' }), days: 30 });
    const results = await Promise.all([retention().prune(), elsewhere.prune(), retention().prune()]);
    expect(results.reduce((sum, r) => sum + r.events, 0)).toBe(2_500);
    for (const r of results) for (const batch of r.batches) expect(batch).toBeLessThanOrEqual(1_000);
    expect((await t.get('/v1/events', other.key)).json().data).toEqual([]);
  });
});

describe(`the schedule (${dialect})`, () => {
  it('prunes when an instance with WEBHOOK_WORKER=on starts, and never on one with it off', async () => {
    const db = await migratedDatabase();
    const left = async () => (await db.kysely.selectFrom('events').select('id').execute()).length;
    try {
      const off = await createTestApp({ db, env: { WEBHOOK_WORKER: 'off' } });
      const { orgId } = await off.newKey({ mode: 'test' });
      await oldEvents(db, orgId, 5, new Date(Date.now() - 40 * DAY));
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await left()).toBe(5);
      await off.close();

      const on = await createTestApp({ db });
      try {
        for (let i = 0; i < 100 && (await left()) > 0; i++) await new Promise((r) => setTimeout(r, 50));
        expect(await left()).toBe(0);
      } finally {
        await on.close();
      }
    } finally {
      await db.close();
    }
  });
});

describe('EVENT_RETENTION_DAYS', () => {
  it('is 30 days unless set, and never shorter than a week, beyond the 3 days deliveries are retried', () => {
    expect(loadConfig({}).EVENT_RETENTION_DAYS).toBe(30);
    expect(loadConfig({ EVENT_RETENTION_DAYS: '90' }).EVENT_RETENTION_DAYS).toBe(90);
    expect(() => loadConfig({ EVENT_RETENTION_DAYS: '3' })).toThrow(ConfigError);
    expect(() => loadConfig({ EVENT_RETENTION_DAYS: '3' })).toThrow(/EVENT_RETENTION_DAYS/);
  });
});

describe(`wcs events prune (${dialect})`, () => {
  it("removes what is older than the retention now, on the server's database, and says how much", async () => {
    const shared = await sharedDatabaseUrl();
    const db = createDb(shared.url);
    try {
      const app = await createTestApp({ db, env: { WEBHOOK_WORKER: 'off' } });
      const { orgId } = await app.newKey({ mode: 'test' });
      await oldEvents(db, orgId, 3, new Date(Date.now() - 31 * DAY));
      const [kept] = await oldEvents(db, orgId, 1, new Date(Date.now() - 29 * DAY));
      await app.close();

      let stdout = '';
      const io = {
        env: { DATABASE_URL: shared.url, LOG_LEVEL: 'silent' },
        stdout: { write: (text: string) => (stdout += text) },
        stderr: { write: () => true },
      };
      expect(await run(['events', 'prune', '--json'], io)).toBe(0);
      expect(JSON.parse(stdout)).toMatchObject({ events: 3, deliveries: 0, attempts: 0, batches: [3] });
      stdout = '';
      expect(await run(['events', 'prune'], io)).toBe(0);
      expect(stdout).toMatch(/^removed 0 events, 0 deliveries and 0 attempts from before \d{4}-/);
      const left = await db.kysely
        .selectFrom('events')
        .select('id')
        .where('organisation_id', '=', orgId)
        .execute();
      expect(left.map((r) => r.id)).toEqual([kept]);
    } finally {
      await db.close();
      await shared.dispose();
    }
  });
});
