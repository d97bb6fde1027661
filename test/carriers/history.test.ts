import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/platform/clock.ts';
import { type CarrierApp, carrierApp } from './carrier-app.ts';
import { feedCsv } from './export-fixture.ts';
import { FakeRegister } from './fake-register.ts';

// Numbers 9400xx belong to this file.
const clock = new ManualClock('2026-01-15T10:00:00Z');
let register: FakeRegister;
let t: CarrierApp;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'wcs-history-'));
  register = await new FakeRegister().start();
  register.add(
    { number: 'CBDU940001', name: 'Soon Gone Haulage Ltd', tier: 'Upper', expiry: '2026-02-01' },
    { number: 'CBDU940002', name: 'Revoked Skips Ltd', tier: 'Upper', expiry: '2027-05-01' },
  );
  // The memory cache: these tests move the pinned clock past the 24-hour cache, which Redis's own TTL
  // (real time) would not notice.
  t = await carrierApp({ register, clock, env: { REDIS_URL: '' } });
});
afterAll(async () => {
  await t.close();
  await register.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('history lets the service say expired after the register drops a number', () => {
  it('answers expired with the last record seen through the API', async () => {
    expect((await t.result({ registration_number: 'CBDU940001' })).status).toBe('expiring_soon');
    register.items.delete('CBDU940001');
    clock.set('2026-02-10T10:00:00Z');

    const body = await t.result({ registration_number: 'CBDU940001' });
    expect(body.status).toBe('expired');
    expect(body.verification.origin).toBe('history');
    expect(body.verification.retrieved_at).toBe('2026-01-15T10:00:00.000Z');
    expect(body.registrations[0]).toMatchObject({
      registration_number: 'CBDU940001',
      business_name: 'Soon Gone Haulage Ltd',
      expiry_date: '2026-02-01',
      days_until_expiry: -9,
    });
    expect(body.compliance).toMatchObject({ is_compliant: false, flags: ['REGISTRATION_EXPIRED'] });
    expect(body.compliance.recommendation).toMatch(/no longer lists it/);
  });

  it('says not_found, with a note, for a number dropped before its expiry (revoked or deregistered)', async () => {
    clock.set('2026-02-11T10:00:00Z');
    expect((await t.result({ registration_number: 'CBDU940002' })).status).toBe('valid');
    register.items.delete('CBDU940002');
    clock.set('2026-02-13T10:00:00Z');

    const body = await t.result({ registration_number: 'CBDU940002' });
    expect(body.status).toBe('not_found');
    expect(body.registrations).toEqual([]);
    expect(body.verification.last_listed_on).toBe('2026-02-11');
    expect(body.compliance.recommendation).toMatch(/no longer on .* last checked on 2026-02-11/);
  });

  it('uses registrations seen in an imported export too', async () => {
    const file = join(dir, 'export.csv');
    await writeFile(
      file,
      feedCsv([{ number: 'CBDU940003', name: 'Imported Only Ltd', tier: 'UPPER', expiry: '2026-02-12' }]),
    );
    await t.app.services.carriers.importExport(file, { publishedOn: '2026-02-01' });

    const body = await t.result({ registration_number: 'CBDU940003' });
    expect(body.status).toBe('expired');
    expect(body.verification.origin).toBe('history');
    expect(body.registrations[0].business_name).toBe('Imported Only Ltd');
  });

  it('still answers not_found for a number never seen anywhere', async () => {
    expect((await t.result({ registration_number: 'CBDU940004' })).status).toBe('not_found');
  });
});
