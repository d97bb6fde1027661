import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getCatalogue } from '../../src/classification/catalogue.ts';
import { ManualClock } from '../../src/platform/clock.ts';
import type { WasteTransferNote } from '../../src/wtn/wtn-schemas.ts';
import { bodyWith, validBody, type WtnApp, wtnApp } from './wtn-app.ts';

const catalogue = getCatalogue();
// 09:15 UTC on 20 March: sandbox registrations are dated from this day.
const clock = new ManualClock('2026-03-20T09:15:00.000Z');
let t: WtnApp;
beforeAll(async () => {
  t = await wtnApp({ clock });
});
afterAll(async () => {
  await t.close();
});

const codes = (issues: { code: string }[]) => issues.map((i) => i.code);

interface Classified {
  classifications: { ewc_code: string; confidence: number; is_hazardous: boolean }[];
}
async function classify(description: string): Promise<Classified> {
  const response = await t.call(t.testKey, {
    method: 'POST',
    url: '/v1/classify-waste',
    payload: { description },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Classified;
}

describe('POST /v1/generate-wtn creates a complete note', () => {
  it('from a valid carrier and a supplied code: every field, compliant, and the same object on GET', async () => {
    const response = await t.generate(validBody());
    expect(response.statusCode, response.body).toBe(201);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const note = response.json() as WasteTransferNote;
    expect(note).toEqual({
      reference: expect.stringMatching(/^WTN-2026-0320-[A-Z0-9]{4}$/),
      status: 'complete',
      mode: 'test',
      supersedes: null,
      producer: {
        name: 'ABC Office Fit-out Ltd',
        address: '45 High Street, Bournemouth, BH1 2AA',
        sic_code: '43320',
        sic_description: 'Joinery installation',
        contact_name: null,
      },
      carrier: {
        registration_number: 'CBDU100001',
        business_name: 'Sandbox Haulage Limited',
        address: '1 Test Street, Testville, TE1 1AA',
        address_source: 'register',
        tier: 'upper',
        verified: true,
        register_origin: 'sandbox',
        expiry_date: '2027-04-24',
        status: 'valid',
      },
      waste: {
        description: 'Broken plasterboard offcuts',
        ewc_code: '17 08 02',
        ewc_description: catalogue.get('170802')!.description,
        is_hazardous: false,
        ewc_code_source: 'supplied',
        classification_confidence: null,
        quantity_kg: 2500,
        container_type: 'skip',
        container_code: 'SKI',
      },
      destination: {
        name: 'South Coast Recycling Ltd',
        address: 'Industrial Estate, Poole, BH15 1NF',
        permit_number: 'EPR/AB1234CD',
      },
      duty_of_care: {
        producer_identified: true,
        carrier_verified: true,
        waste_classified: true,
        destination_provided: true,
        all_checks_passed: true,
      },
      compliance: { is_compliant: true, flags: [], warnings: [] },
      transfer_date: '2026-03-25',
      transfer_time: '10:30',
      transfer_place: '45 High Street, Bournemouth, BH1 2AA',
      season_ticket: null,
      created_at: '2026-03-20T09:15:00.000Z',
      superseded_by: null,
      signatures: { transferor: null, transferee: null },
      signed: 'unsigned',
      content_sha256: null,
      transfers: [],
    });
    const read = await t.get(`/v1/wtn/${note.reference}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(note);
  });

  it('records the time and place of transfer, and warns (reg 35(2)(a)(iii)) when they are not given', async () => {
    const given = (await t.generate(validBody())).json() as WasteTransferNote;
    expect(given.transfer_time).toBe('10:30');
    expect(given.transfer_place).toBe('45 High Street, Bournemouth, BH1 2AA');
    expect(codes(given.compliance.warnings)).not.toContain('TRANSFER_TIME_OR_PLACE_MISSING');

    const response = await t.generate(validBody({ transfer_time: undefined, transfer_place: '  ' }));
    expect(response.statusCode).toBe(201);
    const note = response.json() as WasteTransferNote;
    expect(note).toMatchObject({ transfer_time: null, transfer_place: null });
    const warning = note.compliance.warnings.find((w) => w.code === 'TRANSFER_TIME_OR_PLACE_MISSING');
    expect(warning?.message).toContain('time and place');
    expect(warning?.message).toContain('reg 35(2)(a)(iii)');
    expect(note.compliance.is_compliant).toBe(true); // advice, not a flag
  });

  it('dates the reference by the London calendar day of creation', async () => {
    const late = new ManualClock('2026-06-30T23:30:00.000Z'); // 00:30 BST on 1 July
    const other = await wtnApp({ clock: late });
    try {
      const note = await other.note(validBody());
      expect(note.reference).toMatch(/^WTN-2026-0701-[A-Z0-9]{4}$/);
      expect(note.created_at).toBe('2026-06-30T23:30:00.000Z');
    } finally {
      await other.close();
    }
  });

  it.each([
    ['CBDU100002', 'expiring_soon', true, [], ['CARRIER_EXPIRING_SOON']],
    ['CBDU100003', 'expired', false, ['CARRIER_EXPIRED'], []],
    ['CBDL100004', 'lower_tier', true, ['CARRIER_LOWER_TIER_ONLY'], []],
  ])(
    'carrier %s (%s): checks, flags and warnings',
    async (number, status, verifiedCheck, flags, warnings) => {
      const note = await t.note(bodyWith('carrier', { registration_number: number }));
      expect(note.carrier).toMatchObject({ registration_number: number, verified: true, status });
      expect(note.duty_of_care.carrier_verified).toBe(verifiedCheck);
      expect(codes(note.compliance.flags)).toEqual(flags);
      expect(codes(note.compliance.warnings)).toEqual(warnings);
      expect(note.compliance.is_compliant).toBe(flags.length === 0);
    },
  );

  it('a registration number written loosely is verified and recorded as the register holds it', async () => {
    const note = await t.note(bodyWith('carrier', { registration_number: ' cbdu 100001 ' }));
    expect(note.carrier.registration_number).toBe('CBDU100001');
  });

  it('with auto_verify false: the number as given, not verified, flagged, whatever the number', async () => {
    const note = await t.note(
      bodyWith('carrier', { registration_number: ' WCR/R/1234567 ', auto_verify: false }),
    );
    expect(note.carrier).toEqual({
      registration_number: 'WCR/R/1234567',
      business_name: null,
      address: null,
      address_source: null,
      tier: null,
      verified: false,
      register_origin: null,
      expiry_date: null,
      status: null,
    });
    expect(note.duty_of_care).toMatchObject({ carrier_verified: false, all_checks_passed: false });
    expect(codes(note.compliance.flags)).toEqual(['CARRIER_NOT_VERIFIED']);
    expect(note.compliance.is_compliant).toBe(false);
  });

  it.each(['170802', '17 08 02', '17 08 02*', ' 17-08-02 '])(
    'a supplied code written %j is stored as "17 08 02"',
    async (code) => {
      const note = await t.note(bodyWith('waste', { ewc_code: code }));
      expect(note.waste).toMatchObject({ ewc_code: '17 08 02', is_hazardous: false });
    },
  );

  it('a hazardous code is flagged: it needs a consignment note, not a transfer note', async () => {
    const note = await t.note(
      bodyWith('waste', { description: 'Asbestos cement sheets', ewc_code: '170605' }),
    );
    expect(note.waste).toMatchObject({ ewc_code: '17 06 05', is_hazardous: true });
    expect(codes(note.compliance.flags)).toEqual(['HAZARDOUS_WASTE']);
    expect(note.duty_of_care.all_checks_passed).toBe(true);
    expect(note.compliance.is_compliant).toBe(false);
  });

  it('optional text left blank is recorded as not given, with the reg 35 warnings', async () => {
    const body = validBody();
    const note = await t.note({
      ...body,
      producer: { name: 'P Ltd', address: '1 Road', sic_code: ' ', contact_name: '' },
      waste: { description: 'Soil', ewc_code: '17 05 04', auto_classify: false, container_type: '  ' },
      destination: { name: 'Site', address: '2 Road', permit_number: '' },
    });
    expect(note.producer).toEqual({
      name: 'P Ltd',
      address: '1 Road',
      sic_code: null,
      sic_description: null,
      contact_name: null,
    });
    expect(note.waste).toMatchObject({ quantity_kg: null, container_type: null, container_code: null });
    expect(note.destination.permit_number).toBeNull();
    expect(codes(note.compliance.warnings)).toEqual([
      'PERMIT_NUMBER_MISSING',
      'SIC_CODE_MISSING',
      'QUANTITY_MISSING',
      'CONTAINER_TYPE_MISSING',
    ]);
    expect(note.compliance.is_compliant).toBe(true);
  });

  it('an unrecognised permit is kept and warned about, never refused; known formats are not', async () => {
    const odd = await t.note(bodyWith('destination', { permit_number: 'Permit applied for' }));
    expect(odd.destination.permit_number).toBe('Permit applied for');
    expect(codes(odd.compliance.warnings)).toEqual(['PERMIT_NUMBER_UNRECOGNISED']);
    for (const permit of ['AB1234CD', 'EAWML 123456', 'PPC/A/1234567', 'P1234/12A']) {
      const note = await t.note(bodyWith('destination', { permit_number: permit }));
      expect(note.compliance.warnings, permit).toEqual([]);
    }
  });
});

describe('POST /v1/generate-wtn with the classifier', () => {
  it("auto_classify without a code: the classifier's top code goes on the note", async () => {
    const description = 'Broken plasterboard from an office refurbishment';
    const expected = await classify(description);
    const top = expected.classifications[0];
    const note = await t.note(bodyWith('waste', { description, ewc_code: undefined, auto_classify: true }));
    expect(note.waste).toMatchObject({
      ewc_code: top.ewc_code,
      ewc_code_source: 'classification',
      classification_confidence: top.confidence,
      is_hazardous: top.is_hazardous,
    });
    expect(note.duty_of_care.waste_classified).toBe(true);
    expect(codes(note.compliance.flags).includes('LOW_CONFIDENCE_CLASSIFICATION')).toBe(top.confidence < 0.7);
  });

  it('auto_classify defaults to true', async () => {
    const description = 'Wooden pallets, some broken';
    const expected = await classify(description);
    const body = validBody();
    const note = await t.note({ ...body, waste: { description } });
    expect(note.waste.ewc_code).toBe(expected.classifications[0].ewc_code);
  });

  it("a supplied code stands, and is warned about when it is not in the classifier's top three", async () => {
    const description = 'Food waste from a restaurant kitchen';
    const top = (await classify(description)).classifications.slice(0, 3).map((c) => c.ewc_code);
    const unlikely = '17 05 04';
    expect(top).not.toContain(unlikely);
    const differs = await t.note(bodyWith('waste', { description, ewc_code: unlikely, auto_classify: true }));
    expect(differs.waste).toMatchObject({ ewc_code: unlikely, ewc_code_source: 'supplied' });
    expect(codes(differs.compliance.warnings)).toEqual(['EWC_CODE_DIFFERS_FROM_CLASSIFICATION']);
    expect(differs.compliance.is_compliant).toBe(true);

    const agrees = await t.note(
      bodyWith('waste', { description, ewc_code: top[top.length - 1], auto_classify: true }),
    );
    expect(agrees.compliance.warnings).toEqual([]);
  });

  it('a hazardous substance named in the description flags a note whose code is not hazardous', async () => {
    const description = 'broken concrete with bits of asbestos cement sheet in it';
    const note = await t.note(bodyWith('waste', { description, ewc_code: '17 01 07', auto_classify: true }));
    expect(note.waste).toMatchObject({ ewc_code: '17 01 07', is_hazardous: false });
    expect(codes(note.compliance.flags)).toContain('HAZARDOUS_SUBSTANCE_NAMED');
    expect(note.compliance.flags.find((f) => f.code === 'HAZARDOUS_SUBSTANCE_NAMED')?.message).toContain(
      'asbestos',
    );
    expect(note.compliance.is_compliant).toBe(false);

    const negated = await t.note(
      bodyWith('waste', {
        description: 'broken concrete, no asbestos',
        ewc_code: '17 01 07',
        auto_classify: true,
      }),
    );
    expect(codes(negated.compliance.flags)).not.toContain('HAZARDOUS_SUBSTANCE_NAMED');
  });

  it("carries the classifier's open question as a flag, and a supplied code closes it", async () => {
    const description = 'soil and stones dug out for a new extension';
    const note = await t.note(bodyWith('waste', { description, ewc_code: undefined, auto_classify: true }));
    expect(note.waste.ewc_code).toBe('17 05 04');
    const flag = note.compliance.flags.find((f) => f.code === 'ASSESSMENT_NEEDED');
    expect(flag?.message).toContain('17 05 03*');
    expect(flag?.message).toContain('WM3');
    expect(note.compliance.is_compliant).toBe(false);

    const assessed = await t.note(
      bodyWith('waste', { description, ewc_code: '17 05 04', auto_classify: true }),
    );
    expect(codes(assessed.compliance.flags)).not.toContain('ASSESSMENT_NEEDED');

    // The answer the flag asks for, given where it says: in the description.
    expect(flag?.message).toContain('Answer it in the description');
    const answered = await t.note(
      bodyWith('waste', {
        description: `${description}, WM3 assessment: non-hazardous`,
        ewc_code: undefined,
        auto_classify: true,
      }),
    );
    expect(answered.waste).toMatchObject({ ewc_code: '17 05 04', ewc_code_source: 'classification' });
    expect(codes(answered.compliance.flags)).not.toContain('ASSESSMENT_NEEDED');
  });

  it('a classification below 0.7 confidence goes on the note flagged for review', async () => {
    const description = 'dust';
    const top = (await classify(description)).classifications[0];
    expect(top.confidence).toBeLessThan(0.7); // what this test relies on
    const note = await t.note(bodyWith('waste', { description, ewc_code: undefined, auto_classify: true }));
    expect(note.waste).toMatchObject({ ewc_code: top.ewc_code, classification_confidence: top.confidence });
    expect(codes(note.compliance.flags)).toContain('LOW_CONFIDENCE_CLASSIFICATION');
    expect(note.duty_of_care.all_checks_passed).toBe(true);
    expect(note.compliance.is_compliant).toBe(false);
  });

  it('a description the classifier cannot code makes a note without a code, flagged', async () => {
    const description = 'stuff';
    expect((await classify(description)).classifications).toEqual([]); // what this test relies on
    const note = await t.note(bodyWith('waste', { description, ewc_code: undefined, auto_classify: true }));
    expect(note.waste).toMatchObject({
      ewc_code: null,
      ewc_description: null,
      is_hazardous: null,
      ewc_code_source: null,
      classification_confidence: null,
    });
    expect(note.duty_of_care).toMatchObject({ waste_classified: false, all_checks_passed: false });
    expect(codes(note.compliance.flags)).toEqual(['WASTE_NOT_CLASSIFIED']);
  });
});
