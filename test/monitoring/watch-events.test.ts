import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/platform/clock.ts';
import { createDb, type Db } from '../../src/platform/db/database.ts';
import { runCli, sharedDatabaseUrl } from '../helpers/server-process.ts';
import { eventsFor, fromToday, type StoredEvent, upper, type WatchApp, watchApp } from './watch-app.ts';

// Watches are created by the service with its clock 175 days back, so a registration the stand-in register
// dates 25 days from today had 200 days left at the baseline: the passes, run by `wcs carriers
// check-watched` on the real today, see time pass without the register's record changing.
let t: WatchApp;
let db: Db;
let shared: Awaited<ReturnType<typeof sharedDatabaseUrl>>;
let env: Record<string, string>;

beforeAll(async () => {
  shared = await sharedDatabaseUrl();
  db = createDb(shared.url);
  // Noon, so that London's summer time cannot move the day.
  t = await watchApp({ db, clock: new ManualClock(`${fromToday(-175)}T12:00:00Z`) });
  env = {
    DATABASE_URL: shared.url,
    REDIS_URL: '',
    EA_REGISTER_URL: t.register.url,
    EA_REGISTER_TIMEOUT_MS: '5000',
    WATCH_CHECKS_PER_MINUTE: '6000',
    LOG_LEVEL: 'silent',
  };
});
afterAll(async () => {
  await t?.close();
  await db?.close();
  await shared?.dispose();
});

const pass = () => runCli(['carriers', 'check-watched'], env);
const types = (events: StoredEvent[]) => events.map((e) => e.type);

async function watchedAtBaseline(number: string, expiresInDays: number, name?: string): Promise<string> {
  t.register.add(upper(number, expiresInDays, name ? { name } : {}));
  const id = await t.watched(number);
  const watch = (await t.request('GET', `/v1/carrier-watches/${id}`)).json();
  expect(watch.registration.days_until_expiry).toBe(expiresInDays + 175);
  return id;
}

describe('wcs carriers check-watched', () => {
  it('tells of a registration nearing expiry, then of its removal, once each', async () => {
    const id = await watchedAtBaseline('CBDU300001', 25);
    const out = await pass();
    expect(out).toMatch(/^checked \d+ watch(es)?, \d+ events?, 0 unavailable\n$/);
    let events = await eventsFor(db, id);
    expect(types(events)).toEqual(['carrier.expiring_soon']);
    const [soon] = events;
    // One event for the nearest threshold reached; 90 days passed unannounced with it.
    expect(soon.data.threshold_days).toBe(30);
    expect(soon).toMatchObject({ mode: 'live', organisation_id: expect.stringMatching(/^org_/) });
    expect(soon.data.before).toMatchObject({ id, status: 'valid', registration: { days_until_expiry: 200 } });
    expect(soon.data.after).toMatchObject({
      id,
      object: 'carrier_watch',
      status: 'expiring_soon',
      registration: { days_until_expiry: 25, expiry_warning: true },
    });

    await pass();
    expect(types(await eventsFor(db, id))).toEqual(['carrier.expiring_soon']);

    t.register.items.delete('CBDU300001');
    await pass();
    events = await eventsFor(db, id);
    expect(types(events)).toEqual(['carrier.expiring_soon', 'carrier.removed']);
    expect(events[1].data.before).toMatchObject({ status: 'expiring_soon' });
    expect(events[1].data.after).toMatchObject({ status: 'not_found', registration: null });
    await pass();
    expect(await eventsFor(db, id)).toHaveLength(2);
    const watch = (await t.request('GET', `/v1/carrier-watches/${id}`)).json();
    expect(watch).toMatchObject({ status: 'not_found', last_check_error: null });
  });

  it('reports nothing during a register outage, keeps the state, and the next pass catches up', async () => {
    const id = await watchedAtBaseline('CBDU300002', 20);
    t.register.fail('http500');
    try {
      expect(await pass()).toMatch(/, 0 events, [1-9]\d* unavailable\n$/);
    } finally {
      t.register.fail('none');
    }
    expect(await eventsFor(db, id)).toEqual([]);
    const during = (await t.request('GET', `/v1/carrier-watches/${id}`)).json();
    expect(during.status).toBe('valid');
    expect(during.last_check_error.message).toContain('could not be reached');
    expect(Date.parse(during.next_check_at)).toBeLessThan(Date.now() + 16 * 60_000);

    await pass();
    const events = await eventsFor(db, id);
    expect(types(events)).toEqual(['carrier.expiring_soon']);
    expect(events[0].data.threshold_days).toBe(30);
    expect((await t.request('GET', `/v1/carrier-watches/${id}`)).json().last_check_error).toBeNull();
  });

  it('tells of a name change with the registration before and after', async () => {
    const id = await watchedAtBaseline('CBDU300003', 300, 'Old Name Skips Ltd');
    t.register.add(upper('CBDU300003', 300, { name: 'New Name Skips Ltd' }));
    await pass();
    const events = await eventsFor(db, id);
    expect(types(events)).toEqual(['carrier.changed']);
    expect(events[0].data.changed_fields).toEqual(['business_name']);
    expect(events[0].data.before.registration).toMatchObject({ business_name: 'Old Name Skips Ltd' });
    expect(events[0].data.after.registration).toMatchObject({ business_name: 'New Name Skips Ltd' });
  });

  it('starts the warnings afresh when the registration is renewed', async () => {
    const id = await watchedAtBaseline('CBDU300004', 25);
    await pass();
    t.register.add(upper('CBDU300004', 400));
    await pass();
    let events = await eventsFor(db, id);
    expect(types(events)).toEqual(['carrier.expiring_soon', 'carrier.changed']);
    expect(events[1].data.changed_fields).toEqual(['expiry_date']);
    expect(events[1].data.after).toMatchObject({ status: 'valid' });

    // A new expiry date within 30 days is warned of again: the earlier warning was for the old date.
    t.register.add(upper('CBDU300004', 20));
    await pass();
    events = await eventsFor(db, id);
    expect(types(events).slice(0, 2)).toEqual(['carrier.expiring_soon', 'carrier.changed']);
    // One pass's events share their time, so their order is not significant.
    const latest = events.slice(2).sort((a, b) => a.type.localeCompare(b.type));
    expect(types(latest)).toEqual(['carrier.changed', 'carrier.expiring_soon']);
    expect(latest[1].data.threshold_days).toBe(30);
  });

  it('tells of an expiry once, whether the register still lists it or has dropped it', async () => {
    const id = await watchedAtBaseline('CBDU300005', 0);
    await pass();
    expect(types(await eventsFor(db, id))).toEqual(['carrier.expired']);
    // The register drops expired registrations; our history still knows it expired, so it is not "removed".
    t.register.items.delete('CBDU300005');
    await pass();
    const events = await eventsFor(db, id);
    expect(types(events)).toEqual(['carrier.expired']);
    expect(events[0].data.after).toMatchObject({ status: 'expired', registration: { days_until_expiry: 0 } });
  });

  it('prints its counts as JSON on request, and exits 1 only for an operator mistake', async () => {
    const counts = JSON.parse(await runCli(['carriers', 'check-watched', '--json'], env));
    expect(counts).toMatchObject({ events: 0, unavailable: 0, ended: 0, skipped: 0 });
    expect(counts.checked).toBeGreaterThan(0);
    await expect(
      runCli(['carriers', 'check-watched'], { ...env, WATCH_CHECKS_PER_MINUTE: '0' }),
    ).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('WATCH_CHECKS_PER_MINUTE') });
  });
});
