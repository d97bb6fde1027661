import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/platform/clock.ts';
import { type CarrierApp, carrierApp, forgetCached } from './carrier-app.ts';
import { FakeRegister } from './fake-register.ts';

const HOUR = 3_600_000;
const lookups = (register: FakeRegister, number: string) =>
  register.requests.filter((r) => r.includes(number)).length;

describe('in-memory cache with a pinned clock', () => {
  const clock = new ManualClock('2026-01-15T10:00:00Z');
  let register: FakeRegister;
  let t: CarrierApp;

  beforeAll(async () => {
    register = await new FakeRegister().start();
    register.add(
      {
        number: 'CBDU930001',
        name: 'Cached Haulage Ltd',
        tier: 'Upper',
        expiry: '2026-01-16',
        postcode: 'TE3 0AA',
      },
      {
        number: 'CBDU930002',
        name: 'Cached Skips Ltd',
        tier: 'Upper',
        expiry: '2027-01-01',
        postcode: 'TE3 0AA',
      },
    );
    // REDIS_URL blank: this test is about the memory cache judged by the injected clock.
    t = await carrierApp({ register, clock, env: { REDIS_URL: '' } });
  });
  afterAll(async () => {
    await t.close();
    await register.stop();
  });

  it('answers a repeat number look-up from the cache without calling the register', async () => {
    const first = await t.result({ registration_number: 'CBDU930001' });
    clock.advance(HOUR);
    const second = await t.result({ registration_number: 'CBDU930001' });
    expect(first.verification.cached).toBe(false);
    expect(second.verification.cached).toBe(true);
    expect(second.verification.retrieved_at).toBe('2026-01-15T10:00:00.000Z');
    expect(second.verification.checked_at).toBe('2026-01-15T11:00:00.000Z');
    expect(lookups(register, 'CBDU930001')).toBe(1);
  });

  it('recomputes the status from the cached record after midnight', async () => {
    expect((await t.result({ registration_number: 'CBDU930001' })).registrations[0]).toMatchObject({
      status: 'expiring_soon',
      days_until_expiry: 1,
    });
    clock.set('2026-01-16T00:30:00Z');
    const next = await t.result({ registration_number: 'CBDU930001' });
    expect(next.verification.cached).toBe(true);
    expect(next.status).toBe('expired');
    expect(lookups(register, 'CBDU930001')).toBe(1);
  });

  it('asks the register again once 24 hours have passed', async () => {
    clock.set('2026-01-16T10:00:01Z');
    const fresh = await t.result({ registration_number: 'CBDU930001' });
    expect(fresh.verification.cached).toBe(false);
    expect(lookups(register, 'CBDU930001')).toBe(2);
  });

  it('keeps a name search for an hour, then searches again', async () => {
    clock.set('2026-02-01T09:00:00Z');
    const count = () => register.requests.filter((r) => r.includes('name-search=Cached')).length;
    await t.result({ business_name: 'Cached Skips' });
    clock.advance(HOUR - 1000);
    expect((await t.result({ business_name: 'cached   skips' })).verification.cached).toBe(true);
    expect(count()).toBe(1);
    clock.advance(2000);
    expect((await t.result({ business_name: 'Cached Skips' })).verification.cached).toBe(false);
    expect(count()).toBe(2);
  });

  it('keeps a postcode search for an hour', async () => {
    clock.set('2026-02-02T09:00:00Z');
    await t.result({ postcode: 'TE3 0AA' });
    clock.advance(HOUR / 2);
    const again = await t.result({ postcode: 'te3 0aa' });
    expect(again.verification.cached).toBe(true);
    expect(again.registrations).toHaveLength(2);
  });

  it('remembers "not listed" for an hour only, so a new registration shows up soon', async () => {
    clock.set('2026-03-01T09:00:00Z');
    expect((await t.result({ registration_number: 'CBDU930009' })).status).toBe('not_found');
    register.add({ number: 'CBDU930009', name: 'Newly Registered Ltd', tier: 'Upper', expiry: '2029-02-28' });
    clock.advance(HOUR / 2);
    expect((await t.result({ registration_number: 'CBDU930009' })).status).toBe('not_found');
    clock.advance(HOUR);
    expect((await t.result({ registration_number: 'CBDU930009' })).status).toBe('valid');
  });
});

describe.runIf(process.env.REDIS_URL)('Redis cache', () => {
  let register: FakeRegister;
  let t: CarrierApp;

  beforeAll(async () => {
    register = await new FakeRegister().start();
    register.add({ number: 'CBDU930101', name: 'Shared Cache Ltd', tier: 'Upper', expiry: '2027-01-01' });
    await forgetCached(['number:CBDU930101']);
    t = await carrierApp({ register });
  });
  afterAll(async () => {
    await t.close();
    await register.stop();
  });

  it('shares a number look-up through Redis for 24 hours', async () => {
    expect((await t.result({ registration_number: 'CBDU930101' })).verification.cached).toBe(false);
    expect((await t.result({ registration_number: 'CBDU930101' })).verification.cached).toBe(true);
    expect(lookups(register, 'CBDU930101')).toBe(1);
    const redis = new Redis(process.env.REDIS_URL as string);
    try {
      const ttl = await redis.pttl('wcs:cache:carriers:number:CBDU930101');
      expect(ttl).toBeGreaterThan(23 * HOUR);
      expect(ttl).toBeLessThanOrEqual(24 * HOUR);
    } finally {
      redis.disconnect();
    }
  });
});
