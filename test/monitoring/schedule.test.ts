import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ManualClock } from '../../src/platform/clock.ts';
import { fromToday, upper, type WatchApp, watchApp } from './watch-app.ts';

const HOUR_MS = 3_600_000;
const clock = new ManualClock(`${fromToday(0)}T06:00:00Z`);
let t: WatchApp;
beforeAll(async () => {
  t = await watchApp({ clock, env: { WATCH_INTERVAL: '12h' } });
  t.register.add(upper('CBDU500001', 300));
});
afterAll(() => t.close());

describe('when watches are checked', () => {
  it('every WATCH_INTERVAL, and within 15 minutes again after the register did not answer', async () => {
    const id = await t.watched('CBDU500001');
    const due = () => t.app.services.monitoring.checkDue();
    expect(await due()).toMatchObject({ checked: 0, unavailable: 0 });

    clock.advance(12 * HOUR_MS);
    expect(await due()).toMatchObject({ checked: 1 });
    const watch = (await t.request('GET', `/v1/carrier-watches/${id}`)).json();
    expect(Date.parse(watch.next_check_at)).toBe(clock.now().getTime() + 12 * HOUR_MS);

    clock.advance(12 * HOUR_MS);
    t.register.fail('http503');
    expect(await due()).toMatchObject({ checked: 0, unavailable: 1 });
    t.register.fail('none');
    clock.advance(10 * 60_000);
    expect(await due()).toMatchObject({ checked: 0, unavailable: 0 });
    clock.advance(6 * 60_000);
    expect(await due()).toMatchObject({ checked: 1, events: 0 });
  });
});

describe('the scheduled checker', () => {
  it('runs in an instance whose workers are on, and checks what is due', async () => {
    // Created while the register was down: due at once. An instance started later checks it by itself.
    t.register.fail('http500');
    const res = await t.watch({ registration_number: 'CBDU500002' });
    t.register.fail('none');
    t.register.add(upper('CBDU500002', 300));
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json();
    const worker = await watchApp({
      db: t.db,
      clock,
      env: { WEBHOOK_WORKER: 'on', WATCH_INTERVAL: '1d', EA_REGISTER_URL: t.register.url },
    });
    try {
      await vi.waitFor(
        async () => {
          const watch = (await t.request('GET', `/v1/carrier-watches/${id}`)).json();
          expect(watch.status).toBe('valid');
        },
        { timeout: 10_000, interval: 50 },
      );
    } finally {
      await worker.close();
    }
  });
});
