import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { judge } from '../../src/carriers/status-rules.ts';
import { ManualClock } from '../../src/platform/clock.ts';
import { type CarrierApp, carrierApp, forgetCached } from './carrier-app.ts';
import { FakeRegister } from './fake-register.ts';

/**
 * 2026-03-29T23:30Z is 00:30 on 30 March in London (BST began at 01:00 UTC on the 29th), so "today"
 * is 2026-03-30 in London while it is still the 29th in UTC: a UTC-based rule gets every row wrong.
 */
const clock = new ManualClock('2026-03-29T23:30:00Z');
const cases = [
  { number: 'CBDU920001', expiry: '2026-03-30', status: 'expired', days: 0 },
  { number: 'CBDU920002', expiry: '2026-03-31', status: 'expiring_soon', days: 1 },
  { number: 'CBDU920003', expiry: '2026-06-28', status: 'expiring_soon', days: 90 },
  { number: 'CBDU920004', expiry: '2026-06-29', status: 'valid', days: 91 },
] as const;

let register: FakeRegister;
let t: CarrierApp;

beforeAll(async () => {
  register = await new FakeRegister().start();
  for (const c of cases)
    register.add({ number: c.number, name: `Boundary ${c.number}`, tier: 'Upper', expiry: c.expiry });
  await forgetCached(cases.map((c) => `number:${c.number}`));
  t = await carrierApp({ register, clock });
});
afterAll(async () => {
  await t.close();
  await register.stop();
});

describe('status boundaries on the Europe/London date, across the spring BST change', () => {
  it.each(cases)('expiry $expiry -> $status ($days days)', async ({ number, status, days }) => {
    const body = await t.result({ registration_number: number });
    expect(body.status).toBe(status);
    expect(body.registrations[0].days_until_expiry).toBe(days);
    expect(body.registrations[0].expiry_warning).toBe(status === 'expiring_soon');
    expect(body.compliance.is_compliant).toBe(status !== 'expired');
    if (status === 'expired')
      expect(body.compliance.recommendation).toMatch(/expired on 2026-03-30 \(today\)/);
  });
});

describe('the rule itself', () => {
  const record = (expiry: string | null, tier: 'upper' | 'lower' = 'upper') => ({
    registration_number: 'CBDU1',
    business_name: 'x',
    company_number: null,
    tier,
    registration_type: null,
    applicant_type: null,
    registration_date: null,
    expiry_date: expiry,
    postcode: null,
    address: null,
  });

  it('on the autumn change (London 2025-10-26 00:30 BST is still the 25th in UTC)', () => {
    // The service derives today with londonDate(now); here the date is given directly.
    expect(judge(record('2025-10-26'), '2025-10-26').status).toBe('expired');
    expect(judge(record('2025-10-27'), '2025-10-26')).toMatchObject({
      status: 'expiring_soon',
      days_until_expiry: 1,
    });
  });

  it('never expires lower tier, whatever date it carries', () => {
    expect(judge(record('2020-01-01', 'lower'), '2026-01-15')).toMatchObject({
      status: 'lower_tier',
      days_until_expiry: null,
    });
  });

  it('counts an expiry long past as expired with negative days', () => {
    expect(judge(record('2025-11-30'), '2026-01-15')).toMatchObject({
      status: 'expired',
      days_until_expiry: -46,
    });
  });
});

describe('the autumn change through the service', () => {
  it('judges by the London date just after midnight BST', async () => {
    const autumn = new ManualClock('2025-10-25T23:30:00Z');
    const reg = await new FakeRegister().start();
    reg.add(
      { number: 'CBDU920011', name: 'Autumn Today', tier: 'Upper', expiry: '2025-10-26' },
      { number: 'CBDU920012', name: 'Autumn Tomorrow', tier: 'Upper', expiry: '2025-10-27' },
    );
    await forgetCached(['number:CBDU920011', 'number:CBDU920012']);
    const app = await carrierApp({ register: reg, clock: autumn });
    try {
      expect((await app.result({ registration_number: 'CBDU920011' })).status).toBe('expired');
      const tomorrow = await app.result({ registration_number: 'CBDU920012' });
      expect(tomorrow.registrations[0]).toMatchObject({ status: 'expiring_soon', days_until_expiry: 1 });
    } finally {
      await app.close();
      await reg.stop();
    }
  });
});
