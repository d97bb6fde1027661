import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ImportError } from '../../src/carriers/register-import.ts';
import { ManualClock } from '../../src/platform/clock.ts';
import { type CarrierApp, carrierApp, forgetCached } from './carrier-app.ts';
import { type FeedRow, feedCsv, generateExport, writeZip } from './export-fixture.ts';
import { FakeRegister } from './fake-register.ts';

// Today is 2026-01-15; numbers 9500xx belong to this file (fixture rows from the register research, §5).
const clock = new ManualClock('2026-01-15T10:00:00Z');
const SAMPLE: FeedRow[] = [
  {
    number: 'CBDU950101',
    name: 'Example Haulage Limited',
    tier: 'UPPER',
    expiry: '2027-06-01',
    company: '09990101',
    postcode: 'TE1 1AA',
  },
  {
    number: 'CBDU950102',
    name: 'Example Skips Limited',
    tier: 'UPPER',
    expiry: '2026-03-01',
    postcode: 'te11aa',
  },
  { number: 'CBDL950107', name: 'Example Gardener', tier: 'LOWER', postcode: 'TE7 7GG' },
  {
    number: 'CBDU950109',
    name: 'Example Legal Ltd trading as Example Skips',
    tier: 'UPPER',
    expiry: '2026-04-16',
    company: '00000000',
  },
  {
    number: 'CBDU950111',
    name: 'Example Twin, Ltd',
    tier: 'UPPER',
    expiry: '2026-01-20',
    postcode: 'TE2 2BB',
  },
  {
    number: 'CBDU950112',
    name: 'Example Twin, Ltd',
    tier: 'UPPER',
    expiry: '2028-01-20',
    postcode: 'TE3 3CC',
  },
  { number: 'NOT-A-NUMBER', name: 'Broken Row', tier: 'UPPER', expiry: '2027-01-01' },
  { number: 'CBDU950113', name: 'No Date Ltd', tier: 'UPPER' },
  { number: 'CBDU950114', name: 'Odd Tier Ltd', tier: 'MIDDLE', expiry: '2027-01-01' },
];

let dir: string;
let t: CarrierApp;
let register: FakeRegister;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'wcs-import-'));
  register = await new FakeRegister().start();
  await forgetCached(['number:CBDU950199', 'number:CBDU950200']);
  t = await carrierApp({ register, clock, env: { REGISTER_SOURCE: 'mirror' } });
});
afterAll(async () => {
  await t.close();
  await register.stop();
  await rm(dir, { recursive: true, force: true });
});

const file = async (name: string, content: string) => {
  const path = join(dir, name);
  await writeFile(path, content);
  return path;
};
const carriers = () => t.app.services.carriers;

describe('before any import', () => {
  it('a mirror-only service answers 503, not not_found', async () => {
    const response = await t.verify({ registration_number: 'CBDU950101' });
    expect(response.statusCode).toBe(503);
    expect(response.json().error.message).toMatch(/no export has been imported/);
  });

  it('refuses a file that is not an export and writes nothing', async () => {
    const path = await file('wrong.csv', 'name,colour\nfoo,red\n');
    await expect(carriers().importExport(path)).rejects.toThrow(/missing columns Registration number/);
    expect(await carriers().register.currentImport()).toBeUndefined();
    expect(await carriers().register.find('CBDU950101')).toBeUndefined();
  });

  it('reports a broken CSV and leaves no mirror behind', async () => {
    const path = await file(
      'broken.csv',
      `${feedCsv(SAMPLE.slice(0, 2))}CBDU950150,"Unclosed quote,UPPER,2027-01-01\n`,
    );
    await expect(carriers().importExport(path)).rejects.toThrow(/broken\.csv: .*quote/i);
    expect(await carriers().register.currentImport()).toBeUndefined();
  });

  it('refuses a missing file', async () => {
    await expect(carriers().importExport(join(dir, 'nope.csv'))).rejects.toBeInstanceOf(ImportError);
  });
});

describe('importing a sample export', () => {
  it('loads the good rows, reports the rejected ones by line, and records the publication date', async () => {
    const summary = await carriers().importExport(await file('sample.csv', feedCsv(SAMPLE)), {
      publishedOn: '2026-01-14',
    });
    expect(summary).toMatchObject({ publishedOn: '2026-01-14', rowsImported: 6, rowsRejected: 3 });
    expect(summary.rejections).toEqual([
      'row 8: "NOT-A-NUMBER" is not a registration number',
      'row 9: CBDU950113 is upper tier without an expiry date',
      'row 10: CBDU950114 has tier "MIDDLE", expected Upper or Lower',
    ]);
    expect(await carriers().register.currentImport()).toMatchObject({
      published_on: '2026-01-14',
      status: 'complete',
    });
  });

  it('answers number look-ups from the mirror and says how old it is', async () => {
    const body = await t.result({ registration_number: 'CBDU950101' });
    expect(body.status).toBe('valid');
    expect(body.registrations[0]).toMatchObject({
      company_number: '09990101',
      postcode: 'TE1 1AA',
      days_until_expiry: 502,
    });
    expect(body.verification).toMatchObject({ origin: 'mirror', cached: false });
    expect(body.verification.mirror).toMatchObject({ published_on: '2026-01-14', age_days: 1 });
    expect(body.verification.source).toMatch(/imported bulk export/);
  });

  it('reads lower tier, blank and all-zero company numbers, and normalised postcodes', async () => {
    expect((await t.result({ registration_number: 'CBDL950107' })).status).toBe('lower_tier');
    expect(
      (await t.result({ registration_number: 'CBDU950109' })).registrations[0].company_number,
    ).toBeNull();
    expect((await t.result({ registration_number: 'CBDU950102' })).registrations[0].postcode).toBe('TE1 1AA');
  });

  it('searches the mirror by name (whole words) and by postcode', async () => {
    const byName = await t.result({ business_name: 'example twin ltd' });
    expect(byName.registrations.map((r) => r.registration_number)).toEqual(['CBDU950112', 'CBDU950111']);
    expect(byName.compliance.flags).toContain('MULTIPLE_REGISTRATIONS_FOUND');
    const tradingName = await t.result({ business_name: 'Example Skips' });
    expect(tradingName.registrations.map((r) => r.registration_number).sort()).toEqual([
      'CBDU950102',
      'CBDU950109',
    ]);
    const byPostcode = await t.result({ postcode: 'TE1 1AA' });
    expect(byPostcode.registrations).toHaveLength(2);
  });

  it('answers not_found for a number the mirror lacks, without calling the EA', async () => {
    expect((await t.result({ registration_number: 'CBDU950199' })).status).toBe('not_found');
    expect(register.requests).toEqual([]);
  });
});

describe('a newer export', () => {
  it('refuses one published before the mirror', async () => {
    const path = await file('old.csv', feedCsv(SAMPLE));
    await expect(carriers().importExport(path, { publishedOn: '2026-01-01' })).rejects.toThrow(
      /before the mirror/,
    );
  });

  it('refuses a suspiciously small one and keeps the mirror as it was', async () => {
    const path = await file('truncated.csv', feedCsv(SAMPLE.slice(0, 2)));
    await expect(carriers().importExport(path, { publishedOn: '2026-01-15' })).rejects.toThrow(/truncated/);
    expect((await t.result({ registration_number: 'CBDL950107' })).status).toBe('lower_tier');
    expect((await carriers().register.currentImport())?.published_on).toBe('2026-01-14');
  });

  it('comes from a ZIP, dated by its entry, and drops the registrations it no longer lists', async () => {
    clock.set('2026-01-22T10:00:00Z');
    const rows = SAMPLE.filter((r) => r.number !== 'CBDU950111' && r.number !== 'CBDL950107');
    const zip = join(dir, 'waste-carriers-brokers.zip');
    await writeZip(zip, 'registrations.csv', feedCsv(rows), new Date(2026, 0, 21, 12, 0, 0));
    const summary = await carriers().importExport(zip);
    expect(summary).toMatchObject({ publishedOn: '2026-01-21', rowsImported: 4 });

    const expired = await t.result({ registration_number: 'CBDU950111' });
    expect(expired).toMatchObject({ status: 'expired', verification: { origin: 'history' } });
    expect((await t.result({ registration_number: 'CBDL950107' })).status).toBe('not_found');
    const current = await t.result({ registration_number: 'CBDU950101' });
    expect(current.verification.mirror).toMatchObject({ published_on: '2026-01-21', age_days: 1 });
  });

  it('accepts the ePR CSV headings (Business Name, Registration Tier, Renewal Date)', async () => {
    const header = ['Registration Number', 'Business Name', 'Registration Tier', 'Renewal Date', 'Postcode'];
    const csv = `${header.join(',')}\nCBDU950301,Renewal Heading Ltd,Upper,21/06/2027,TE4 4DD\nCBDL950302,Lower Heading,Lower,,TE4 4DD\n`;
    const path = await file('epr.csv', csv);
    await carriers().importExport(path, { publishedOn: '2026-01-22' });
    const body = await t.result({ registration_number: 'CBDU950301' });
    expect(body.registrations[0]).toMatchObject({ expiry_date: '2027-06-21', tier: 'upper' });
  });
});

describe('REGISTER_SOURCE=mirror+api', () => {
  it('answers from the mirror when it can and asks the EA for what it lacks', async () => {
    register.add({ number: 'CBDU950200', name: 'Only In The Api Ltd', tier: 'Upper', expiry: '2027-09-09' });
    const both = await carrierApp({ register, clock, env: { REGISTER_SOURCE: 'mirror+api' } });
    try {
      const path = await file('both.csv', feedCsv(SAMPLE));
      await both.app.services.carriers.importExport(path, { publishedOn: '2026-01-21' });
      expect((await both.result({ registration_number: 'CBDU950101' })).verification.origin).toBe('mirror');
      expect(register.requests).toEqual([]);
      const fromApi = await both.result({ registration_number: 'CBDU950200' });
      expect(fromApi).toMatchObject({ status: 'valid', verification: { origin: 'ea_api', mirror: null } });
    } finally {
      await both.close();
    }
  });
});

describe('a larger export', () => {
  it('imports every row through full-size chunks, and re-imports over them', async () => {
    const big = await carrierApp({ clock, env: { REGISTER_SOURCE: 'mirror' } });
    try {
      const path = join(dir, 'generated.csv');
      await generateExport(path, 2_500, '2026-01-15');
      const first = await big.app.services.carriers.importExport(path, {
        publishedOn: '2026-01-20',
        batchSize: 2_000,
      });
      expect(first).toMatchObject({ rowsImported: 2_500, rowsRejected: 0 });
      // Row i of the generated file: CBDL when i % 7 === 0, else CBDU; 1,500 is in the second 1,000-row chunk.
      const row = await big.result({ registration_number: 'CBDU301500' });
      expect(row.registrations[0]).toMatchObject({
        business_name: 'Generated Waste Services 1500 Limited',
        company_number: '10001500',
        tier: 'upper',
      });
      expect((await big.result({ registration_number: 'CBDL302499' })).status).toBe('lower_tier');

      const again = await big.app.services.carriers.importExport(path, { publishedOn: '2026-01-21' });
      expect(again.rowsImported).toBe(2_500);
      const after = await big.result({ registration_number: 'CBDU301501' });
      expect(after.verification.mirror).toMatchObject({ published_on: '2026-01-21' });
    } finally {
      await big.close();
    }
  });
});
