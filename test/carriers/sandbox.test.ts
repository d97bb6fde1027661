import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, ManualClock } from '../../src/platform/clock.ts';
import { type CarrierApp, carrierApp } from './carrier-app.ts';
import { FakeRegister } from './fake-register.ts';

// Pinned to a London date, but the sandbox is relative to whatever today is.
const clock = new ManualClock('2026-07-01T23:30:00Z'); // 00:30 on 2 July in London (BST)
const today = '2026-07-02';
let register: FakeRegister;
let t: CarrierApp;

beforeAll(async () => {
  register = await new FakeRegister().start();
  t = await carrierApp({ register, clock });
});
afterAll(async () => {
  expect(register.requests).toEqual([]); // a test key never reaches the EA
  await t.close();
  await register.stop();
});

const sandbox = (body: Record<string, unknown>) => t.result(body, t.testKey);

describe('the sandbox answers test keys, dated relative to today', () => {
  it('CBDU100001 is valid for 400 days', async () => {
    const body = await sandbox({ registration_number: 'CBDU100001' });
    expect(body).toMatchObject({ status: 'valid', compliance: { is_compliant: true } });
    expect(body.registrations[0]).toMatchObject({ expiry_date: addDays(today, 400), days_until_expiry: 400 });
    expect(body.verification.origin).toBe('sandbox');
  });

  it('CBDU100002 is expiring_soon in 45 days', async () => {
    const body = await sandbox({ registration_number: 'cbdu 100002' });
    expect(body.status).toBe('expiring_soon');
    expect(body.registrations[0]).toMatchObject({ days_until_expiry: 45, expiry_warning: true });
    expect(body.compliance.flags).toEqual(['EXPIRING_WITHIN_90_DAYS']);
  });

  it('CBDU100003 expired 30 days ago', async () => {
    const body = await sandbox({ registration_number: 'CBDU100003' });
    expect(body.status).toBe('expired');
    expect(body.registrations[0]).toMatchObject({ expiry_date: addDays(today, -30), days_until_expiry: -30 });
    expect(body.compliance.is_compliant).toBe(false);
  });

  it('CBDL100004 is lower tier', async () => {
    const body = await sandbox({ registration_number: 'CBDL100004' });
    expect(body.status).toBe('lower_tier');
    expect(body.compliance.flags).toEqual(['LOWER_TIER_ONLY']);
  });

  it('CBDU100503 is a 503 EA_REGISTER_UNAVAILABLE', async () => {
    const response = await t.verify({ registration_number: 'CBDU100503' }, t.testKey);
    expect(response.statusCode).toBe(503);
    expect(response.json().error.code).toBe('EA_REGISTER_UNAVAILABLE');
  });

  it('any other well-formed number is not_found; a malformed one is still a 400', async () => {
    expect((await sandbox({ registration_number: 'CBDU424242' })).status).toBe('not_found');
    const bad = await t.verify({ registration_number: 'SCO/123456' }, t.testKey);
    expect(bad.json().error.code).toBe('INVALID_REGISTRATION_NUMBER');
  });

  it('a business name containing "sandbox" finds three registrations', async () => {
    const body = await sandbox({ business_name: 'My Sandbox Test' });
    expect(body.registrations.map((r) => r.registration_number)).toEqual([
      'CBDU100001',
      'CBDU100002',
      'CBDL100004',
    ]);
    expect(body.status).toBe('multiple_matches');
    expect(body.registrations.map((r) => r.status)).toEqual(['valid', 'expiring_soon', 'lower_tier']);
    expect(body.compliance).toMatchObject({ is_compliant: false });
    expect(body.compliance.flags).toContain('MULTIPLE_REGISTRATIONS_FOUND');
    expect((await sandbox({ business_name: 'Real Business Ltd' })).status).toBe('not_found');
  });

  it('postcode TE1 1AA finds two registrations', async () => {
    const body = await sandbox({ postcode: 'te1 1aa' });
    expect(body.registrations.map((r) => r.registration_number)).toEqual(['CBDU100001', 'CBDU100002']);
    expect(body.status).toBe('multiple_matches');
    expect(body.compliance.flags).toContain('MULTIPLE_REGISTRATIONS_FOUND');
  });

  it('keeps its dates relative when the day changes', async () => {
    clock.advance(86_400_000 * 10);
    const body = await sandbox({ registration_number: 'CBDU100002' });
    expect(body.registrations[0]).toMatchObject({ expiry_date: addDays(today, 55), days_until_expiry: 45 });
  });
});
