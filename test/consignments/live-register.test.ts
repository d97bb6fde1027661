import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/platform/clock.ts';
import { forgetCached } from '../carriers/carrier-app.ts';
import { FakeRegister } from '../carriers/fake-register.ts';
import { type ConsignmentApp, consignmentApp, garageBody, PART_C, PART_D, partE } from './consignment-app.ts';

// Numbers of this file only: with Redis the carrier cache is shared by every test process.
const VALID = 'CBDU750001';
const EXPIRED = 'CBDU750002';
const ABSENT = 'CBDU750003';

let register: FakeRegister;
let t: ConsignmentApp;
beforeAll(async () => {
  await forgetCached([VALID, EXPIRED, ABSENT].map((n) => `number:${n}`));
  register = await new FakeRegister().start();
  register.add(
    { number: VALID, name: 'Hazchem Haulage Limited', tier: 'Upper', expiry: '2099-01-31' },
    { number: EXPIRED, name: 'Lapsed Carriers Limited', tier: 'Upper', expiry: '2020-01-31' },
  );
  t = await consignmentApp({ env: { EA_REGISTER_URL: register.url } });
});
afterAll(async () => {
  await t.close();
  await register.stop();
});

describe('live keys: Part C asks the EA register there and then', () => {
  it("records the register's answer for a valid carrier and goes on to E", async () => {
    const note = await t.create(garageBody({ carrier: { registration_number: VALID } }), t.liveKey);
    expect(note.mode).toBe('live');
    const c = await t.sign(note.id, PART_C, t.liveKey);
    expect(c.parts.C).toMatchObject({
      registration_number: VALID,
      carrier_name: 'Hazchem Haulage Limited',
      register_status: 'valid',
      register_checked_by: 'ea_api',
      registration_expiry_date: '2099-01-31',
    });
    await t.sign(note.id, PART_D, t.liveKey);
    expect((await t.sign(note.id, partE(), t.liveKey)).status).toBe('received');
  });

  it('refuses an expired registration and one the register does not hold, signing nothing', async () => {
    for (const [number, code] of [
      [EXPIRED, 'CARRIER_REGISTRATION_EXPIRED'],
      [ABSENT, 'CARRIER_NOT_REGISTERED'],
    ]) {
      const note = await t.create(garageBody({ carrier: { registration_number: number } }), t.liveKey);
      const response = await t.post(`/v1/consignment-notes/${note.id}/signatures`, PART_C, t.liveKey);
      expect(response.statusCode).toBe(422);
      expect(response.json().error.code).toBe(code);
      expect((await t.get(`/v1/consignment-notes/${note.id}`, t.liveKey)).json().parts.C).toBeNull();
    }
  });

  it('answers 503 when the register cannot be reached, never a silent pass', async () => {
    const note = await t.create(garageBody({ carrier: { registration_number: 'CBDU750004' } }), t.liveKey);
    register.failure = 'http503';
    try {
      const response = await t.post(`/v1/consignment-notes/${note.id}/signatures`, PART_C, t.liveKey);
      expect(response.statusCode).toBe(503);
      expect(response.json().error.code).toBe('EA_REGISTER_UNAVAILABLE');
    } finally {
      register.failure = 'none';
    }
    expect((await t.get(`/v1/consignment-notes/${note.id}`, t.liveKey)).json().status).toBe(
      'awaiting_collection',
    );
  });
});

describe('a registration the EA register has dropped before its expiry', () => {
  it('is refused at Part C whatever the signer declares: it was an EA registration', async () => {
    const clock = new ManualClock('2026-03-02T10:00:00Z');
    const own = await new FakeRegister().start();
    own.add({ number: 'CBDU750009', name: 'Revoked Haulage Limited', tier: 'Upper', expiry: '2099-01-31' });
    // The memory cache: the pinned clock moves past its 24 hours, which Redis's own TTL would not notice.
    const app = await consignmentApp({ clock, env: { EA_REGISTER_URL: own.url, REDIS_URL: '' } });
    try {
      const first = await app.create(
        garageBody({ carrier: { registration_number: 'CBDU750009' } }),
        app.liveKey,
      );
      expect((await app.sign(first.id, PART_C, app.liveKey)).parts.C?.register_status).toBe('valid');
      own.items.delete('CBDU750009');
      clock.set('2026-03-05T10:00:00Z');

      const note = await app.create(
        garageBody({ carrier: { registration_number: 'CBDU750009' } }),
        app.liveKey,
      );
      const refused = await app.post(
        `/v1/consignment-notes/${note.id}/signatures`,
        { ...PART_C, declared_registration: { register: 'nrw', carrier_name: 'Revoked Haulage Limited' } },
        app.liveKey,
      );
      expect(refused.statusCode).toBe(422);
      expect(refused.json().error).toMatchObject({
        code: 'CARRIER_NOT_REGISTERED',
        message: expect.stringContaining('when last checked on 2026-03-02 and no longer is'),
      });
      expect((await app.get(`/v1/consignment-notes/${note.id}`, app.liveKey)).json().parts.C).toBeNull();
    } finally {
      await app.close();
      await own.stop();
    }
  });
});
