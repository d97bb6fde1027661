import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forgetCached } from '../carriers/carrier-app.ts';
import { FakeRegister } from '../carriers/fake-register.ts';
import { bodyWith, type WtnApp, wtnApp } from './wtn-app.ts';

// Numbers of this file only: with Redis the carrier cache is shared by every test process.
const VALID = 'CBDU740001';
const LOWER = 'CBDL740002';
const DOWN = 'CBDU740003';
const ABSENT = 'CBDU740004';

let register: FakeRegister;
let t: WtnApp;
beforeAll(async () => {
  await forgetCached([VALID, LOWER, DOWN, ABSENT].map((n) => `number:${n}`));
  register = await new FakeRegister().start();
  register.add(
    { number: VALID, name: 'Live Skips Limited', tier: 'Upper', expiry: '2099-01-31', company: '01234567' },
    { number: LOWER, name: 'Own Waste Farm', tier: 'Lower' },
  );
  // A generous timeout: a retry after a slow first answer would be a second request to the register.
  t = await wtnApp({ env: { EA_REGISTER_URL: register.url, EA_REGISTER_TIMEOUT_MS: '5000' } });
});
afterAll(async () => {
  await t.close();
  await register.stop();
});

const itemRequests = (number: string) =>
  register.requests.filter((r) => r.includes(`/registration/${number}.json`)).length;

describe('live keys: the carrier is checked on the EA register', () => {
  it('records what the register holds, and a second note uses the carrier cache shared with /v1/verify-carrier', async () => {
    const first = await t.note(bodyWith('carrier', { registration_number: VALID }), t.liveKey);
    expect(first.carrier).toEqual({
      registration_number: VALID,
      business_name: 'Live Skips Limited',
      address: expect.any(String),
      address_source: 'register',
      tier: 'upper',
      verified: true,
      register_origin: 'ea_api',
      expiry_date: '2099-01-31',
      status: 'valid',
    });
    expect(first.compliance.is_compliant).toBe(true);
    await t.note(bodyWith('carrier', { registration_number: VALID }), t.liveKey);
    const verified = await t.call(t.liveKey, {
      method: 'POST',
      url: '/v1/verify-carrier',
      payload: { registration_number: VALID },
    });
    expect(verified.json().verification.cached).toBe(true);
    expect(itemRequests(VALID)).toBe(1);
  });

  it('a lower-tier registration is read from the record', async () => {
    const note = await t.note(bodyWith('carrier', { registration_number: LOWER }), t.liveKey);
    expect(note.carrier).toMatchObject({ tier: 'lower', status: 'lower_tier', expiry_date: null });
    expect(note.compliance.flags.map((f) => f.code)).toEqual(['CARRIER_LOWER_TIER_ONLY']);
  });

  it('a number the register does not hold is 404 CARRIER_NOT_FOUND; a register failure is 503; nothing is stored', async () => {
    const before = await t.storedNotes();
    const absent = await t.generate(bodyWith('carrier', { registration_number: ABSENT }), t.liveKey);
    expect(absent.statusCode).toBe(404);
    expect(absent.json().error.code).toBe('CARRIER_NOT_FOUND');
    register.fail('http500');
    try {
      const down = await t.generate(bodyWith('carrier', { registration_number: DOWN }), t.liveKey);
      expect(down.statusCode).toBe(503);
      expect(down.json().error.code).toBe('EA_REGISTER_UNAVAILABLE');
    } finally {
      register.fail('none');
    }
    expect(await t.storedNotes()).toBe(before);
  });

  it('with auto_verify false the register is not asked', async () => {
    const before = register.requests.length;
    const note = await t.note(
      bodyWith('carrier', { registration_number: ABSENT, auto_verify: false }),
      t.liveKey,
    );
    expect(note.carrier.verified).toBe(false);
    expect(register.requests.length).toBe(before);
  });
});
