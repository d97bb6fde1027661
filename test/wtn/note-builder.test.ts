import { describe, expect, it } from 'vitest';
import { getCatalogue } from '../../src/classification/catalogue.ts';
import type { ApiError } from '../../src/platform/errors.ts';
import type { CarrierVerification, ClassificationResult } from '../../src/wtn/dependencies.ts';
import { buildNote, type NoteFindings } from '../../src/wtn/note-builder.ts';
import type { GenerateWtnInput } from '../../src/wtn/wtn-schemas.ts';

const catalogue = getCatalogue();

function request(
  overrides: {
    waste?: object;
    carrier?: object;
    destination?: object;
    producer?: object;
    transfer?: object;
  } = {},
) {
  return {
    producer: {
      name: 'ABC Fit-out Ltd',
      address: '45 High Street, Bournemouth, BH1 2AA',
      sic_code: '43320',
      ...overrides.producer,
    },
    carrier: { registration_number: 'CBDU100001', ...overrides.carrier },
    waste: {
      description: 'Broken plasterboard',
      quantity_kg: 2500,
      container_type: 'skip',
      ...overrides.waste,
    },
    destination: {
      name: 'South Coast Recycling',
      address: 'Poole BH15 1NF',
      permit_number: 'EPR/AB1234CD',
      ...overrides.destination,
    },
    transfer_date: '2026-03-25',
    transfer_time: '10:30',
    transfer_place: 'Poole BH15 1NF',
    ...overrides.transfer,
  } as GenerateWtnInput;
}

function register(
  status: CarrierVerification['status'],
  expiry: string | null = '2027-04-30',
  days: number | null = 400,
): CarrierVerification {
  const verification = { origin: 'sandbox' as const };
  if (status === 'not_found') return { status, registrations: [], verification };
  return {
    status,
    verification,
    registrations: [
      {
        registration_number: status === 'lower_tier' ? 'CBDL100004' : 'CBDU100001',
        business_name: 'Sandbox Haulage Limited',
        tier: status === 'lower_tier' ? 'lower' : 'upper',
        status,
        expiry_date: status === 'lower_tier' ? null : expiry,
        days_until_expiry: status === 'lower_tier' ? null : days,
        expiry_warning: status === 'expiring_soon',
        address: '1 Test Street, Testville, TE1 1AA',
      },
    ],
  };
}

function classified(...ranked: [string, number][]): ClassificationResult {
  return {
    classifications: ranked.map(([code, confidence]) => {
      const entry = catalogue.get(code)!;
      return {
        ewc_code: entry.code,
        description: entry.description,
        is_hazardous: entry.is_hazardous,
        confidence,
      };
    }),
  };
}

const good: NoteFindings = {
  verification: register('valid'),
  classification: classified(['17 08 02', 0.93]),
};
const codes = (issues: { code: string }[]) => issues.map((i) => i.code);

describe('a transfer note assembled from the checks', () => {
  it('with a valid carrier, a confident code and every record present: compliant, nothing to say', () => {
    const note = buildNote(request(), good, catalogue);
    expect(note.carrier).toEqual({
      registration_number: 'CBDU100001',
      business_name: 'Sandbox Haulage Limited',
      address: '1 Test Street, Testville, TE1 1AA',
      address_source: 'register',
      tier: 'upper',
      verified: true,
      register_origin: 'sandbox',
      expiry_date: '2027-04-30',
      status: 'valid',
    });
    expect(note.waste).toMatchObject({
      ewc_code: '17 08 02',
      ewc_description: catalogue.get('170802')!.description,
      is_hazardous: false,
      ewc_code_source: 'classification',
      classification_confidence: 0.93,
      container_code: 'SKI',
    });
    expect(note.duty_of_care).toEqual({
      producer_identified: true,
      carrier_verified: true,
      waste_classified: true,
      destination_provided: true,
      all_checks_passed: true,
    });
    expect(note.compliance).toEqual({ is_compliant: true, flags: [], warnings: [] });
  });

  it('an expired carrier is flagged and fails the carrier check', () => {
    const note = buildNote(
      request(),
      { ...good, verification: register('expired', '2026-01-01', -83) },
      catalogue,
    );
    expect(note.carrier.status).toBe('expired');
    expect(note.carrier.verified).toBe(true);
    expect(note.duty_of_care.carrier_verified).toBe(false);
    expect(note.duty_of_care.all_checks_passed).toBe(false);
    expect(codes(note.compliance.flags)).toEqual(['CARRIER_EXPIRED']);
    expect(note.compliance.flags[0].message).toContain('2026-01-01');
    expect(note.compliance.is_compliant).toBe(false);
  });

  it('a lower-tier carrier passes the register check but is flagged, so the note is not compliant', () => {
    const note = buildNote(request(), { ...good, verification: register('lower_tier') }, catalogue);
    expect(note.carrier).toMatchObject({ tier: 'lower', expiry_date: null, status: 'lower_tier' });
    expect(note.duty_of_care.all_checks_passed).toBe(true);
    expect(codes(note.compliance.flags)).toEqual(['CARRIER_LOWER_TIER_ONLY']);
    expect(note.compliance.is_compliant).toBe(false);
  });

  it('a carrier expiring within 90 days is a warning only', () => {
    const note = buildNote(
      request(),
      { ...good, verification: register('expiring_soon', '2026-05-09', 45) },
      catalogue,
    );
    expect(note.compliance.is_compliant).toBe(true);
    expect(codes(note.compliance.warnings)).toEqual(['CARRIER_EXPIRING_SOON']);
    expect(note.compliance.warnings[0].message).toContain('45 days');
  });

  it('a registration that expires on or before the transfer date is warned about (EA: expired on the date itself)', () => {
    const expiresOnTheDay = buildNote(
      request(),
      { ...good, verification: register('expiring_soon', '2026-03-25', 10) },
      catalogue,
    );
    expect(codes(expiresOnTheDay.compliance.warnings)).toContain('CARRIER_EXPIRES_BEFORE_TRANSFER');
    const expiresTheDayAfter = buildNote(
      request(),
      { ...good, verification: register('expiring_soon', '2026-03-26', 11) },
      catalogue,
    );
    expect(codes(expiresTheDayAfter.compliance.warnings)).not.toContain('CARRIER_EXPIRES_BEFORE_TRANSFER');
  });

  it('without auto_verify: the number as given, verified false, other carrier fields null, flagged', () => {
    const note = buildNote(
      request({ carrier: { registration_number: '  cbdu 999 ', auto_verify: false } }),
      { classification: good.classification },
      catalogue,
    );
    expect(note.carrier).toEqual({
      registration_number: 'cbdu 999',
      business_name: null,
      address: null,
      address_source: null,
      tier: null,
      verified: false,
      register_origin: null,
      expiry_date: null,
      status: null,
    });
    expect(note.duty_of_care.carrier_verified).toBe(false);
    expect(codes(note.compliance.flags)).toEqual(['CARRIER_NOT_VERIFIED']);
  });

  it('a carrier the register does not hold is CARRIER_NOT_FOUND, not a note', () => {
    expect(() => buildNote(request(), { ...good, verification: register('not_found') }, catalogue)).toThrow(
      expect.objectContaining({ code: 'CARRIER_NOT_FOUND' }) as ApiError,
    );
  });

  it('a classification below 0.7 confidence is flagged for review; 0.7 itself is not', () => {
    const low = buildNote(request(), { ...good, classification: classified(['17 08 02', 0.69]) }, catalogue);
    expect(codes(low.compliance.flags)).toEqual(['LOW_CONFIDENCE_CLASSIFICATION']);
    expect(low.duty_of_care.all_checks_passed).toBe(true);
    expect(low.compliance.is_compliant).toBe(false);
    const edge = buildNote(request(), { ...good, classification: classified(['17 08 02', 0.7]) }, catalogue);
    expect(edge.compliance.flags).toEqual([]);
  });

  it('hazardous waste is flagged: in England it moves on a consignment note', () => {
    const note = buildNote(request(), { ...good, classification: classified(['17 06 05', 0.95]) }, catalogue);
    expect(note.waste).toMatchObject({ ewc_code: '17 06 05', is_hazardous: true });
    expect(codes(note.compliance.flags)).toEqual(['HAZARDOUS_WASTE']);
    expect(note.compliance.flags[0].message).toMatch(/consignment note/);
  });

  it('no code from the classifier: not classified, flagged, no code on the note', () => {
    const note = buildNote(request(), { ...good, classification: { classifications: [] } }, catalogue);
    expect(note.waste).toMatchObject({
      ewc_code: null,
      ewc_description: null,
      is_hazardous: null,
      ewc_code_source: null,
    });
    expect(note.duty_of_care).toMatchObject({ waste_classified: false, all_checks_passed: false });
    expect(codes(note.compliance.flags)).toEqual(['WASTE_NOT_CLASSIFIED']);
  });

  it('a supplied code stands; the classifier cross-checks it against its top three', () => {
    const ranking = classified(['17 09 04', 0.8], ['17 01 07', 0.5], ['17 08 02', 0.4], ['17 05 04', 0.3]);
    const third = buildNote(
      request({ waste: { ewc_code: '170802' } }),
      { ...good, classification: ranking },
      catalogue,
    );
    expect(third.waste).toMatchObject({ ewc_code: '17 08 02', ewc_code_source: 'supplied' });
    expect(third.compliance.warnings).toEqual([]);
    const fourth = buildNote(
      request({ waste: { ewc_code: '17 05 04*' } }),
      { ...good, classification: ranking },
      catalogue,
    );
    expect(fourth.waste).toMatchObject({
      ewc_code: '17 05 04',
      is_hazardous: false,
      ewc_code_source: 'supplied',
    });
    expect(codes(fourth.compliance.warnings)).toEqual(['EWC_CODE_DIFFERS_FROM_CLASSIFICATION']);
    expect(fourth.compliance.warnings[0].message).toContain('17 09 04, 17 01 07, 17 08 02');
    expect(fourth.compliance.is_compliant).toBe(true);
  });

  it("a supplied code is not flagged for the classifier's low confidence, and survives a failed cross-check", () => {
    const low = buildNote(
      request({ waste: { ewc_code: '17 08 02' } }),
      { ...good, classification: classified(['17 08 02', 0.3]) },
      catalogue,
    );
    expect(low.compliance.flags).toEqual([]);
    const failed = buildNote(
      request({ waste: { ewc_code: '17 08 02' } }),
      { ...good, classification: 'failed' },
      catalogue,
    );
    expect(failed.waste.ewc_code).toBe('17 08 02');
    expect(codes(failed.compliance.warnings)).toEqual(['CLASSIFICATION_CROSS_CHECK_UNAVAILABLE']);
  });

  it('with auto_classify false the supplied code is used and nothing is cross-checked', () => {
    const note = buildNote(
      request({ waste: { ewc_code: '20 03 01', auto_classify: false } }),
      { verification: good.verification },
      catalogue,
    );
    expect(note.waste).toMatchObject({
      ewc_code: '20 03 01',
      ewc_code_source: 'supplied',
      classification_confidence: null,
    });
    expect(note.compliance).toEqual({ is_compliant: true, flags: [], warnings: [] });
  });

  it('missing record-keeping details are warnings citing reg 35; blank optional text counts as missing', () => {
    const note = buildNote(
      request({
        producer: { sic_code: ' ', contact_name: '' },
        waste: { quantity_kg: undefined, container_type: '  ' },
        destination: { permit_number: '' },
      }),
      good,
      catalogue,
    );
    expect(note.producer).toMatchObject({ sic_code: null, contact_name: null });
    expect(note.destination.permit_number).toBeNull();
    expect(note.waste).toMatchObject({ quantity_kg: null, container_type: null, container_code: null });
    expect(codes(note.compliance.warnings)).toEqual([
      'PERMIT_NUMBER_MISSING',
      'SIC_CODE_MISSING',
      'QUANTITY_MISSING',
      'CONTAINER_TYPE_MISSING',
    ]);
    expect(note.compliance.is_compliant).toBe(true);
  });

  it('a permit in a format we do not know is a warning, never a rejection', () => {
    const note = buildNote(request({ destination: { permit_number: 'PERMIT-42' } }), good, catalogue);
    expect(note.destination.permit_number).toBe('PERMIT-42');
    expect(codes(note.compliance.warnings)).toEqual(['PERMIT_NUMBER_UNRECOGNISED']);
  });
});
