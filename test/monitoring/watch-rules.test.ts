import { describe, expect, it } from 'vitest';
import type { RegistrationFacts } from '../../src/carriers/index.ts';
import { assess, type Warned } from '../../src/monitoring/watch-rules.ts';
import { addDays } from '../../src/platform/clock.ts';

const today = '2026-06-01';
const upper = (days: number, extra: Partial<RegistrationFacts> = {}): RegistrationFacts => ({
  registration_number: 'CBDU123456',
  business_name: 'Rules Skips Ltd',
  company_number: '01234567',
  tier: 'upper',
  expiry_date: addDays(today, days),
  postcode: 'TE1 1AA',
  address: '1 Test Street, Testville, TE1 1AA',
  ...extra,
});

/** One check with `after` on `today`, after a check that saw `before` and sent `warned`. */
const check = (
  before: RegistrationFacts | null,
  after: RegistrationFacts | null,
  warned: Warned | null = null,
) => assess({ before: { registration: before }, warned, after, today, datesMove: false });

describe('what a check finds', () => {
  it('warns at 90, 30 and 7 days, once each, sending only the nearest when several are reached at once', () => {
    const reg = upper(25);
    const first = check(upper(25), reg, { expiry_date: reg.expiry_date, days: [], expired: false });
    expect(first.findings).toEqual([{ type: 'carrier.expiring_soon', threshold_days: 30 }]);
    expect(first.warned.days).toEqual([90, 30]);
    expect(check(reg, reg, first.warned).findings).toEqual([]);
    const week = assess({
      before: { registration: reg },
      warned: first.warned,
      after: reg,
      today: addDays(today, 19),
      datesMove: false,
    });
    expect(week.findings).toEqual([{ type: 'carrier.expiring_soon', threshold_days: 7 }]);
    expect(week.warned.days).toEqual([90, 30, 7]);
  });

  it('takes a baseline without events, passing the warnings already due', () => {
    const baseline = assess({ before: null, warned: null, after: upper(25), today, datesMove: false });
    expect(baseline.findings).toEqual([]);
    expect(baseline.warned).toEqual({ expiry_date: addDays(today, 25), days: [90, 30], expired: false });
    const expired = assess({ before: null, warned: null, after: upper(-3), today, datesMove: false });
    expect(expired).toEqual({ findings: [], warned: expect.objectContaining({ expired: true }) });
  });

  it('starts the warnings afresh for a new expiry date', () => {
    const warned: Warned = { expiry_date: addDays(today, 25), days: [90, 30], expired: false };
    const renewed = check(upper(25), upper(60), warned);
    expect(renewed.findings).toEqual([
      { type: 'carrier.changed', changed_fields: ['expiry_date'] },
      { type: 'carrier.expiring_soon', threshold_days: 90 },
    ]);
    expect(renewed.warned).toEqual({ expiry_date: addDays(today, 60), days: [90], expired: false });
  });

  it('tells removal from expiry when the register stops listing a number', () => {
    expect(check(upper(40), null).findings).toEqual([{ type: 'carrier.removed' }]);
    expect(check(upper(0), null).findings).toEqual([{ type: 'carrier.expired' }]);
    const lower = upper(0, { tier: 'lower', expiry_date: null });
    expect(check(lower, null).findings).toEqual([{ type: 'carrier.removed' }]);
    // Not listed before, not listed now: nothing new.
    expect(check(null, null).findings).toEqual([]);
  });

  it('tells of an expiry once, listed or not', () => {
    const first = check(upper(0), upper(0));
    expect(first.findings).toEqual([{ type: 'carrier.expired' }]);
    expect(check(upper(0), upper(0), first.warned).findings).toEqual([]);
    expect(check(upper(0), null, first.warned).findings).toEqual([]);
  });

  it('names the changed fields: name, tier, address, postcode, expiry date', () => {
    const moved = upper(200, {
      business_name: 'Renamed Ltd',
      postcode: 'TE2 2BB',
      address: '2 New Road, TE2 2BB',
    });
    expect(check(upper(200), moved).findings).toEqual([
      { type: 'carrier.changed', changed_fields: ['business_name', 'address', 'postcode'] },
    ]);
    expect(check(upper(200), upper(200, { company_number: '07654321' })).findings).toEqual([]);
  });

  it('does not count a sandbox date moving with today as a change or a renewal', () => {
    const warned: Warned = { expiry_date: addDays(today, 44), days: [90], expired: false };
    const found = assess({
      before: { registration: upper(44) },
      warned,
      after: upper(45),
      today,
      datesMove: true,
    });
    expect(found).toEqual({ findings: [], warned });
  });
});
