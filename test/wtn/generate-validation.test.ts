import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyWith, validBody, type WtnApp, wtnApp } from './wtn-app.ts';

let t: WtnApp;
beforeAll(async () => {
  t = await wtnApp();
});
afterAll(async () => {
  await t.close();
});

interface Detail {
  field: string;
  issue: string;
}

/** Sends the body, expects 400 INVALID_REQUEST, and checks that nothing was stored. */
async function rejected(body: unknown): Promise<Detail[]> {
  const before = await t.storedNotes();
  const response = await t.generate(body);
  expect(response.statusCode, response.body).toBe(400);
  const { error } = response.json() as { error: { code: string; details?: Detail[] } };
  expect(error.code).toBe('INVALID_REQUEST');
  expect(await t.storedNotes()).toBe(before);
  return error.details ?? [];
}

const fields = (details: Detail[]) => details.map((d) => d.field).sort();
const issueOf = (details: Detail[], field: string) => details.find((d) => d.field === field)?.issue;

describe('POST /v1/generate-wtn refuses bad input, lists every problem, stores nothing', () => {
  it('an empty body: every required part is named', async () => {
    const details = await rejected({});
    expect(fields(details)).toEqual(['/carrier', '/destination', '/producer', '/transfer_date', '/waste']);
    for (const d of details) expect(d.issue).toBe('is required');
  });

  it('missing required fields inside each part', async () => {
    const details = await rejected({ ...validBody(), producer: {}, carrier: {}, waste: {}, destination: {} });
    expect(fields(details)).toEqual([
      '/carrier/registration_number',
      '/destination/address',
      '/destination/name',
      '/producer/address',
      '/producer/name',
      '/waste/description',
    ]);
  });

  it('blank required text (empty or only spaces)', async () => {
    const details = await rejected({
      ...validBody(),
      producer: { name: '   ', address: '' },
      carrier: { registration_number: ' \t ' },
      waste: { description: '\n', ewc_code: '17 08 02', auto_classify: false },
      destination: { name: ' ', address: '  ' },
    });
    expect(fields(details)).toEqual([
      '/carrier/registration_number',
      '/destination/address',
      '/destination/name',
      '/producer/address',
      '/producer/name',
      '/waste/description',
    ]);
    expect(issueOf(details, '/producer/name')).toBe('must not be blank');
    expect(issueOf(details, '/producer/address')).toMatch(/must not be (blank|empty)/);
  });

  it('printed text with nothing visible, or a control or text-direction character', async () => {
    const body = validBody() as Record<string, Record<string, unknown>>;
    const details = await rejected({
      ...body,
      producer: {
        ...body.producer,
        name: 'ABC \u202eLtd',
        address: '\u200b\u200b',
        contact_name: 'Jo\u001b',
      },
      waste: { ...body.waste, description: 'broken bricks\u0007' },
      destination: { ...body.destination, permit_number: 'EPR/\u202eDC4321BA' },
    });
    expect(issueOf(details, '/producer/name')).toBe('must not contain text-direction control characters');
    expect(issueOf(details, '/producer/address')).toBe('must not be blank');
    expect(issueOf(details, '/waste/description')).toBe('must not contain control characters');
    // Optional text prints too: the signer must read what is stored.
    expect(issueOf(details, '/producer/contact_name')).toBe('must not contain control characters');
    expect(issueOf(details, '/destination/permit_number')).toBe(
      'must not contain text-direction control characters',
    );
  });

  it('wrong types', async () => {
    const details = await rejected({
      ...validBody(),
      producer: 'ABC Ltd',
      carrier: { registration_number: 100001, auto_verify: 'true' },
      waste: { description: 'rubble', quantity_kg: '2500', auto_classify: 1, ewc_code: 170504 },
      transfer_date: 20260325,
    });
    expect(fields(details)).toEqual([
      '/carrier/auto_verify',
      '/carrier/registration_number',
      '/producer',
      '/transfer_date',
      '/waste/auto_classify',
      '/waste/ewc_code',
      '/waste/quantity_kg',
    ]);
    expect(issueOf(details, '/waste/quantity_kg')).toBe('must be a number');
    expect(issueOf(details, '/carrier/auto_verify')).toBe('must be a boolean');
  });

  it.each([
    '2026-02-30',
    '2026-02-29',
    '2026-13-01',
    '2026-04-31',
    '25/03/2026',
    '2026-3-25',
    '',
    'tomorrow',
  ])('an impossible or malformed transfer date: %j', async (date) => {
    const details = await rejected(validBody({ transfer_date: date }));
    expect(fields(details)).toEqual(['/transfer_date']);
    expect(issueOf(details, '/transfer_date')).toBe('must be a real calendar date, YYYY-MM-DD');
  });

  it.each(['25:00', '9:30', '10:60', 'noon'])('a transfer time that is not HH:MM: %j', async (time) => {
    const details = await rejected(validBody({ transfer_time: time }));
    expect(fields(details)).toEqual(['/transfer_time']);
  });

  it('a leap day is a real date', async () => {
    expect((await t.generate(validBody({ transfer_date: '2028-02-29' }))).statusCode).toBe(201);
  });

  it.each([0, -1, -0.5])('a quantity that is not positive: %d', async (quantity) => {
    const details = await rejected(bodyWith('waste', { quantity_kg: quantity }));
    expect(details).toEqual([{ field: '/waste/quantity_kg', issue: 'must be greater than 0' }]);
  });

  it.each(['4332', '433201', '43.32', 'ABCDE', '4332O'])(
    'a SIC code that is not 5 digits: %j',
    async (sic) => {
      const details = await rejected(bodyWith('producer', { sic_code: sic }));
      expect(details).toEqual([
        { field: '/producer/sic_code', issue: 'must be a 5-digit SIC 2007 code, e.g. 43320' },
      ]);
    },
  );

  it('unknown fields, at the top and inside each part', async () => {
    const details = await rejected({
      ...validBody(),
      notes: 'x',
      producer: { ...(validBody().producer as object), phone: '01202' },
      waste: { ...(validBody().waste as object), quantity_kgs: 5 },
    });
    expect(details).toEqual(
      expect.arrayContaining([
        { field: '/notes', issue: 'is not a recognised field' },
        { field: '/producer/phone', issue: 'is not a recognised field' },
        { field: '/waste/quantity_kgs', issue: 'is not a recognised field' },
      ]),
    );
    expect(details).toHaveLength(3);
  });

  it('auto_classify false needs a code, and blank is not a code', async () => {
    for (const code of [undefined, '', '  ']) {
      const details = await rejected(bodyWith('waste', { auto_classify: false, ewc_code: code }));
      expect(details).toEqual([
        { field: '/waste/ewc_code', issue: 'is required when auto_classify is false' },
      ]);
    }
  });

  it('a supplied code must be in the List of Wastes, with auto_classify on or off', async () => {
    for (const autoClassify of [true, false]) {
      expect(
        await rejected(bodyWith('waste', { auto_classify: autoClassify, ewc_code: '17 05 99' })),
      ).toEqual([{ field: '/waste/ewc_code', issue: '17 05 99 is not in the List of Wastes' }]);
    }
    expect(await rejected(bodyWith('waste', { ewc_code: 'plasterboard' }))).toEqual([
      { field: '/waste/ewc_code', issue: 'must be a six-digit List of Wastes code, e.g. 17 05 04' },
    ]);
    expect(await rejected(bodyWith('waste', { ewc_code: '17 05' }))).toHaveLength(1);
  });

  it('many problems at once are all listed', async () => {
    const details = await rejected({
      producer: { name: '', address: 'x', sic_code: '1' },
      carrier: { registration_number: 'CBDU100001', extra: true },
      waste: { description: 'rubble', quantity_kg: -3, auto_classify: false },
      destination: { name: 'D' },
      transfer_date: '2026-02-30',
    });
    expect(fields(details)).toEqual([
      '/carrier/extra',
      '/destination/address',
      '/producer/name',
      '/producer/sic_code',
      '/transfer_date',
      '/waste/ewc_code',
      '/waste/quantity_kg',
    ]);
  });

  it('a body that is not a JSON object', async () => {
    const before = await t.storedNotes();
    for (const payload of ['[{"producer": {}}]', '"a string"', '42', 'null']) {
      const response = await t.call(t.testKey, {
        method: 'POST',
        url: '/v1/generate-wtn',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode, payload).toBe(400);
      expect(response.json().error.code).toBe('INVALID_REQUEST');
    }
    const text = await t.call(t.testKey, {
      method: 'POST',
      url: '/v1/generate-wtn',
      headers: { 'content-type': 'text/plain' },
      payload: 'producer=ABC',
    });
    expect(text.statusCode).toBe(400);
    const broken = await t.call(t.testKey, {
      method: 'POST',
      url: '/v1/generate-wtn',
      headers: { 'content-type': 'application/json' },
      payload: '{"producer": ',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error.code).toBe('INVALID_REQUEST');
    expect(await t.storedNotes()).toBe(before);
  });

  it('text over its length limit', async () => {
    const details = await rejected(bodyWith('waste', { description: 'x'.repeat(2001) }));
    expect(details).toEqual([{ field: '/waste/description', issue: 'must be at most 2000 characters' }]);
  });
});

describe('POST /v1/generate-wtn: the carrier check fails, nothing is stored', () => {
  it.each([
    ['a malformed number', 'CBXX12', 400, 'INVALID_REGISTRATION_NUMBER'],
    ['a Scottish number (not on the England register)', 'WCR/R/1234567', 400, 'INVALID_REGISTRATION_NUMBER'],
    ['a number not on the register', 'CBDU999999', 404, 'CARRIER_NOT_FOUND'],
    ['the register is down', 'CBDU100503', 503, 'EA_REGISTER_UNAVAILABLE'],
  ])('%s: %s', async (_case, number, status, code) => {
    const before = await t.storedNotes();
    const response = await t.generate(bodyWith('carrier', { registration_number: number }));
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json().error.code).toBe(code);
    expect(await t.storedNotes()).toBe(before);
  });
});
