import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/platform/clock.ts';
import { type CarrierApp, carrierApp, forgetCached } from './carrier-app.ts';
import { FakeRegister } from './fake-register.ts';

// Today is 2026-01-15 in London; numbers in the 9101xx range belong to this file.
const clock = new ManualClock('2026-01-15T10:00:00Z');
let register: FakeRegister;
let t: CarrierApp;

beforeAll(async () => {
  register = await new FakeRegister().start();
  register.add(
    {
      number: 'CBDU910101',
      name: 'Example Haulage Limited',
      tier: 'Upper',
      expiry: '2027-06-01',
      company: '09990101',
      postcode: 'TE1 1AA',
    },
    {
      number: 'CBDU910102',
      name: 'Example Skips Limited',
      tier: 'Upper',
      expiry: '2026-03-01',
      postcode: 'TE1 1AA',
    },
    { number: 'CBDL910107', name: 'Example Gardener', tier: 'Lower', postcode: 'TE7 7GG' },
    {
      number: 'CBDL910120',
      name: 'Mislabelled Carriers Ltd',
      tier: 'Upper',
      expiry: '2027-02-01',
      postcode: 'TE8 8HH',
    },
    {
      number: 'CBDU910111',
      name: 'Twin Name Waste Ltd',
      tier: 'Upper',
      expiry: '2026-02-01',
      postcode: 'TE5 5EE',
    },
    {
      number: 'CBDU910112',
      name: 'Twin Name Waste Ltd',
      tier: 'Upper',
      expiry: '2028-02-01',
      postcode: 'TE6 6FF',
    },
  );
  await forgetCached([
    'number:CBDU910101',
    'number:CBDU910102',
    'number:CBDL910107',
    'number:CBDL910120',
    'number:CBDU910199',
    'name:twin name waste',
    'name:nobody like this',
    'name:example gardener',
    'postcode:TE11AA',
  ]);
  t = await carrierApp({ register, clock });
});
afterAll(async () => {
  await t.close();
  await register.stop();
});
beforeEach(() => {
  register.fail('none');
});

describe('a registration number', () => {
  it('answers valid with the record, computed for today', async () => {
    const body = await t.result({ registration_number: ' cbdu-910101 ' });
    expect(body.status).toBe('valid');
    expect(body.registrations).toEqual([
      {
        registration_number: 'CBDU910101',
        business_name: 'Example Haulage Limited',
        company_number: '09990101',
        tier: 'upper',
        status: 'valid',
        expiry_date: '2027-06-01',
        days_until_expiry: 502,
        expiry_warning: false,
        postcode: 'TE1 1AA',
        address: '1 Example Road, Testville, TE1 1AA',
      },
    ]);
    expect(body.compliance).toMatchObject({ is_compliant: true, flags: [] });
    expect(body.verification).toMatchObject({
      source: 'Environment Agency public register of waste carriers, brokers and dealers',
      origin: 'ea_api',
      checked_at: '2026-01-15T10:00:00.000Z',
      mirror: null,
    });
  });

  it('answers expiring_soon with a warning that is still compliant', async () => {
    const body = await t.result({ registration_number: 'CBDU910102' });
    expect(body.status).toBe('expiring_soon');
    expect(body.registrations[0]).toMatchObject({ days_until_expiry: 45, expiry_warning: true });
    expect(body.compliance.is_compliant).toBe(true);
    expect(body.compliance.flags).toEqual(['EXPIRING_WITHIN_90_DAYS']);
    expect(body.compliance.recommendation).toContain('2026-03-01');
  });

  it('answers lower_tier, never expiring and not compliant for carrying others’ waste', async () => {
    const body = await t.result({ registration_number: 'CBDL910107' });
    expect(body.status).toBe('lower_tier');
    expect(body.registrations[0]).toMatchObject({
      tier: 'lower',
      expiry_date: null,
      days_until_expiry: null,
    });
    expect(body.compliance).toMatchObject({ is_compliant: false, flags: ['LOWER_TIER_ONLY'] });
  });

  it('reads the tier from the record, not the prefix, and says so', async () => {
    const body = await t.result({ registration_number: 'CBDL910120' });
    expect(body.status).toBe('valid');
    expect(body.registrations[0].tier).toBe('upper');
    expect(body.compliance.flags).toContain('TIER_DIFFERS_FROM_PREFIX');
    expect(body.compliance.is_compliant).toBe(true);
  });

  it('answers not_found as a 200 with advice that mentions Welsh (NRW) registrations', async () => {
    const body = await t.result({ registration_number: 'CBDU910199' });
    expect(body).toMatchObject({ status: 'not_found', registrations: [] });
    expect(body.compliance).toMatchObject({ is_compliant: false, flags: ['NOT_ON_REGISTER'] });
    expect(body.compliance.recommendation).toMatch(/Natural Resources Wales \(NRW\)/);
  });

  it('accepts a very short number but warns about it', async () => {
    const body = await t.result({ registration_number: 'CBDU12' });
    expect(body.status).toBe('not_found');
    expect(body.compliance.flags).toContain('UNUSUAL_NUMBER_LENGTH');
    expect(body.compliance.recommendation).toMatch(/2 digits/);
  });

  it('works the same through GET with query parameters', async () => {
    const response = await t.call(t.liveKey, {
      method: 'GET',
      url: '/v1/verify-carrier?registration_number=CBDU910101',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().status).toBe('valid');
  });

  it('lets the number win over a name and postcode', async () => {
    const body = await t.result({
      registration_number: 'CBDU910101',
      business_name: 'Twin Name Waste',
      postcode: 'TE5 5EE',
    });
    expect(body.registrations.map((r) => r.registration_number)).toEqual(['CBDU910101']);
  });
});

describe('names and postcodes', () => {
  it('lists every match with its own status, answers multiple_matches, and is not compliant until identified by number', async () => {
    const body = await t.result({ business_name: 'twin name waste' });
    expect(body.registrations.map((r) => r.registration_number)).toEqual(['CBDU910112', 'CBDU910111']);
    expect(body.status).toBe('multiple_matches');
    expect(body.registrations.map((r) => r.status)).toEqual(['valid', 'expiring_soon']);
    expect(body.compliance.is_compliant).toBe(false);
    expect(body.compliance.flags).toContain('MULTIPLE_REGISTRATIONS_FOUND');
    expect(body.compliance.recommendation).toMatch(/2 registrations match.*registration number/);
  });

  it('finds registrations at a postcode written any way', async () => {
    const body = await t.result({ postcode: 'te11aa' });
    expect(body.registrations.map((r) => r.registration_number).sort()).toEqual(['CBDU910101', 'CBDU910102']);
  });

  it('answers the status of the one registration a name identifies', async () => {
    const body = await t.result({ business_name: 'Example Gardener' });
    expect(body.registrations).toHaveLength(1);
    expect(body.status).toBe('lower_tier');
  });

  it('answers not_found for a name nobody has', async () => {
    const body = await t.result({ business_name: 'Nobody Like This' });
    expect(body.status).toBe('not_found');
    expect(body.compliance.recommendation).toMatch(/NRW/);
  });
});

describe('bad input is a 400 in the envelope', () => {
  it.each([
    [{}, 'INVALID_REQUEST', /registration_number, business_name or postcode/],
    [{ registration_number: '   ' }, 'INVALID_REQUEST', /registration_number, business_name or postcode/],
    [{ registration_number: 'CBDX900101' }, 'INVALID_REGISTRATION_NUMBER', /CBDU \(upper tier\) or CBDL/],
    [{ registration_number: 'WCR/R/1234567' }, 'INVALID_REGISTRATION_NUMBER', /Scottish \(SEPA\)/],
    [{ registration_number: 'ROC UT 1234' }, 'INVALID_REGISTRATION_NUMBER', /Northern Ireland/],
    [{ registration_number: 'CB/AF7003CS/A001' }, 'INVALID_REGISTRATION_NUMBER', /pre-2018/],
    [{ postcode: 'not a postcode' }, 'INVALID_REQUEST', /full UK postcode/],
    [{ business_name: '!' }, 'INVALID_REQUEST', /two letters or digits/],
    [{ registration_number: 123 }, 'INVALID_REQUEST', /not valid/],
    [{ registration_number: 'CBDU1', colour: 'red' }, 'INVALID_REQUEST', /not valid/],
  ])('%j -> %s', async (payload, code, message) => {
    const response = await t.verify(payload);
    expect(response.statusCode).toBe(400);
    const { error } = response.json();
    expect(error.code).toBe(code);
    expect(error.message).toMatch(message);
  });

  it('rejects an unknown query parameter on GET', async () => {
    const response = await t.call(t.liveKey, { method: 'GET', url: '/v1/verify-carrier?reg=CBDU910101' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details).toEqual([{ field: 'reg', issue: 'is not a recognised field' }]);
  });
});

describe('a register outage', () => {
  it('is a 503 EA_REGISTER_UNAVAILABLE, never not_found', async () => {
    register.fail('http500');
    const response = await t.verify({ registration_number: 'CBDU910188' });
    expect(response.statusCode).toBe(503);
    expect(response.json().error.code).toBe('EA_REGISTER_UNAVAILABLE');
  });

  it('is a 503 for a search as well', async () => {
    register.fail('not-json');
    const response = await t.verify({ business_name: 'Someone Else Entirely' });
    expect(response.statusCode).toBe(503);
  });
});

describe('no input produces a 500', () => {
  // Each hostile body with the answer it must get: a 400 naming the problem, or an ordinary answer.
  const nasty: [unknown, number, string][] = [
    [null, 400, 'INVALID_REQUEST'],
    [[], 400, 'INVALID_REQUEST'],
    ['CBDU910101', 400, 'INVALID_REQUEST'],
    // Text PostgreSQL cannot store is refused at the edge, before the number is read (text-guard.ts).
    [{ registration_number: '\u0000' }, 400, 'INVALID_REQUEST'],
    [{ registration_number: 'ＣＢＤＵ１２３' }, 400, 'INVALID_REGISTRATION_NUMBER'],
    [{ registration_number: `CBDU${'9'.repeat(56)}` }, 200, 'not_found'],
    [{ registration_number: 'x'.repeat(61) }, 400, 'INVALID_REQUEST'],
    [{ registration_number: null }, 400, 'INVALID_REQUEST'],
    [{ business_name: '%_%' }, 400, 'INVALID_REQUEST'],
    [{ business_name: '🚛🚛🚛' }, 400, 'INVALID_REQUEST'],
    [{ business_name: "Robert'); DROP TABLE carrier_registrations;--" }, 200, 'not_found'],
    [{ postcode: '   ' }, 400, 'INVALID_REQUEST'],
    [{ postcode: 'SW1A 1AA'.repeat(2) }, 400, 'INVALID_REQUEST'],
    [{ registration_number: '', business_name: '', postcode: 'TE1 1AA' }, 200, 'multiple_matches'],
  ];
  it.each(nasty.map(([body, status, outcome]) => [JSON.stringify(body), body, status, outcome]))(
    'POST %s',
    async (_label, body, status, outcome) => {
      for (const key of [t.liveKey, t.testKey]) {
        const response = await t.call(key, {
          method: 'POST',
          url: '/v1/verify-carrier',
          payload: body as object,
        });
        expect(response.statusCode).toBe(status);
        const json = response.json();
        expect(status === 200 ? json.status : json.error.code).toBe(outcome);
      }
    },
  );

  it.each([
    '?registration_number=a&registration_number=b',
    '?postcode=%FF',
    '?business_name=',
    '?registration_number=CBDU910101&registration_number=CBDU910102',
  ])('GET %s', async (query) => {
    const response = await t.call(t.liveKey, { method: 'GET', url: `/v1/verify-carrier${query}` });
    expect(response.statusCode).toBe(400);
  });
});
