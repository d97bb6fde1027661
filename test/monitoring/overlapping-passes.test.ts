import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WatchStore } from '../../src/monitoring/watch-store.ts';
import { ManualClock, systemClock } from '../../src/platform/clock.ts';
import { createServices, type Services } from '../../src/services.ts';
import { recordEvents } from '../../src/webhooks/event-outbox.ts';
import { eventsFor, fromToday, upper, type WatchApp, watchApp } from './watch-app.ts';

// On SQLite or, with DATABASE_URL set, PostgreSQL (CI runs both): several checkers share one database as
// instances do, each with its own services and the real clock; the watches were created 175 days back.
let t: WatchApp;
let instances: Services[];
const numbers = Array.from({ length: 8 }, (_, i) => `CBDU40000${i}`);
let ids: string[];

beforeAll(async () => {
  t = await watchApp({ clock: new ManualClock(`${fromToday(-175)}T12:00:00Z`) });
  ids = [];
  for (const number of numbers) {
    t.register.add(upper(number, 25));
    ids.push(await t.watched(number));
  }
  const another = () =>
    createServices({ config: t.config, db: t.db, clock: systemClock, logger: pino({ level: 'silent' }) });
  instances = [another(), another()];
});
afterAll(() => t.close());

describe('checkers side by side', () => {
  it('never record the same event twice, however their passes overlap', async () => {
    const [a, b] = instances;
    const passes = await Promise.all([
      a.monitoring.checkAll(),
      b.monitoring.checkAll(),
      b.monitoring.checkDue(),
      a.monitoring.checkDue(),
    ]);
    for (const id of ids) {
      const events = await eventsFor(t.db, id);
      expect(
        events.map((e) => e.type),
        id,
      ).toEqual(['carrier.expiring_soon']);
    }
    expect(passes.reduce((sum, p) => sum + p.events, 0)).toBe(ids.length);
    // Every watch was checked at least once; none was written by two checkers at the same time.
    expect(passes.reduce((sum, p) => sum + p.checked, 0)).toBeGreaterThanOrEqual(ids.length);
    expect(passes.every((p) => p.unavailable === 0)).toBe(true);
  });

  it('a checker whose lease was taken over writes nothing and emits nothing', async () => {
    t.register.items.delete(numbers[0]);
    const stalled = new WatchStore(t.db, async (trx, events, at) => {
      await recordEvents(trx, events, at);
    });
    const now = new Date();
    // It claimed the watch, then stalled past its lease.
    const expiredLease = new Date(now.getTime() - 1000).toISOString();
    expect(await stalled.claim(ids[0], now, expiredLease)).toBeDefined();

    const pass = await instances[0].monitoring.checkAll();
    expect(pass.skipped).toBe(0);
    const events = await eventsFor(t.db, ids[0]);
    expect(events.map((e) => e.type)).toEqual(['carrier.expiring_soon', 'carrier.removed']);

    // When it wakes, its answer is refused: the lease is no longer its own.
    const late = {
      organisationId: events[0].organisation_id,
      mode: 'live' as const,
      type: 'carrier.removed',
    };
    const written = await stalled.recordCheck(
      ids[0],
      expiredLease,
      { state: null, warned: null, last_checked_at: now.toISOString(), next_check_at: now.toISOString() },
      [{ ...late, data: events[1].data }],
      now,
    );
    expect(written).toBe(false);
    expect(await eventsFor(t.db, ids[0])).toHaveLength(2);
    const watch = (await t.request('GET', `/v1/carrier-watches/${ids[0]}`)).json();
    expect(watch.status).toBe('not_found');
  });
});
