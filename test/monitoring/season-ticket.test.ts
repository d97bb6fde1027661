import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/platform/clock.ts';
import { bodyWith, validBody, type WtnApp, wtnApp } from '../wtn/wtn-app.ts';

// Test keys: the carrier is checked against the sandbox register, dated from the clock's today.
const clock = new ManualClock('2026-03-20T10:00:00Z');
const ticket = { valid_from: '2026-04-01', valid_until: '2026-09-30' };
let t: WtnApp;
beforeAll(async () => {
  t = await wtnApp({ clock, env: { WEBHOOK_WORKER: 'off', WATCH_CHECKS_PER_MINUTE: '6000' } });
});
afterAll(() => t.close());

const watches = async () => (await t.get('/v1/carrier-watches?limit=100')).json().data;
const post = (url: string, payload: object) => t.call(t.testKey, { method: 'POST', url, payload });

describe('notes issued under a season ticket', () => {
  it("watch their carrier until the ticket's last day, once per number", async () => {
    const note = await t.note(validBody({ season_ticket: ticket }));
    const [watch] = await watches();
    expect(watch).toMatchObject({
      registration_number: 'CBDU100001',
      source: 'season_ticket',
      label: `Season ticket ${note.reference}`,
      note_reference: note.reference,
      watch_until: '2026-09-30',
      // The baseline is the register's answer the note was made with.
      status: 'valid',
      registration: { business_name: 'Sandbox Haulage Limited' },
      last_check_error: null,
    });

    await t.note(validBody({ season_ticket: ticket }));
    await t.note(validBody());
    expect(await watches()).toHaveLength(1);
  });

  it('leave a watch the organisation already has as it is', async () => {
    const mine = await post('/v1/carrier-watches', { registration_number: 'CBDU100002', label: 'Ours' });
    expect(mine.statusCode).toBe(201);
    await t.note(bodyWith('carrier', { registration_number: 'CBDU100002' }));
    await t.note({ ...bodyWith('carrier', { registration_number: 'CBDU100002' }), season_ticket: ticket });
    const same = (await watches()).filter(
      (w: { registration_number: string }) => w.registration_number === 'CBDU100002',
    );
    expect(same).toEqual([expect.objectContaining({ id: mine.json().id, source: 'api', label: 'Ours' })]);
  });

  it('without a register check still watch, unchecked until the next pass', async () => {
    await t.note({
      ...bodyWith('carrier', { registration_number: 'CBDL100004', auto_verify: false }),
      season_ticket: ticket,
    });
    const watch = (await watches()).find(
      (w: { registration_number: string }) => w.registration_number === 'CBDL100004',
    );
    expect(watch).toMatchObject({ source: 'season_ticket', status: 'unchecked' });
    const pass = await t.app.services.monitoring.checkDue();
    expect(pass).toMatchObject({ checked: 1, events: 0 });
    expect((await t.get(`/v1/carrier-watches/${watch.id}`)).json().status).toBe('lower_tier');
  });

  it('end with the first pass after the last day of the ticket', async () => {
    clock.set('2026-09-30T22:00:00Z'); // 23:00 in London: still the last day
    let pass = await t.app.services.monitoring.checkAll();
    expect(pass.ended).toBe(0);
    clock.set('2026-10-01T00:30:00Z');
    pass = await t.app.services.monitoring.checkAll();
    expect(pass.ended).toBe(2);
    expect((await watches()).map((w: { source: string }) => w.source)).toEqual(['api']);
  });
});
