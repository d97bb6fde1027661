import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ReceiptApp, receiptApp, receiptBody, wasteItem } from './receipt-app.ts';

// The rules DWT's Receipt API applies (DEFRA waste-movement-utils src/schemas), refused here first.
let t: ReceiptApp;
let siteId: string;
beforeAll(async () => {
  t = await receiptApp({ env: { DWT_WORKER: 'off' } });
  siteId = (await t.site()).id;
});
afterAll(() => t.close());

const carrier = (fields: Record<string, unknown>) => ({
  carrier: { ...(receiptBody('x').carrier as object), ...fields },
});
const hazardousItem = (fields: Record<string, unknown> = {}) =>
  wasteItem({
    ewc_codes: ['17 06 05*'],
    description: 'Asbestos cement sheets',
    contains_hazardous: true,
    hazardous: {
      source_of_components: 'guidance',
      hp_codes: ['HP7'],
      components: [{ name: 'Chrysotile', concentration: 12 }],
    },
    ...fields,
  });

async function refused(overrides: Record<string, unknown>): Promise<string[]> {
  const res = await t.post('/v1/waste-receipts', receiptBody(siteId, overrides));
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json().error.code).toBe('INVALID_REQUEST');
  return res.json().error.details.map((d: { field: string }) => d.field);
}

async function accepted(overrides: Record<string, unknown>) {
  const res = await t.post('/v1/waste-receipts', receiptBody(siteId, overrides));
  expect(res.statusCode, res.body).toBe(202);
  return res.json();
}

describe('a receipt DWT would refuse is refused before it is stored', () => {
  it.each([
    [
      'an EWC code not on the List',
      { waste_items: [wasteItem({ ewc_codes: ['17 09 99'] })] },
      '/waste_items/0/ewc_codes/0',
    ],
    [
      'six EWC codes on one item',
      {
        waste_items: [wasteItem({ ewc_codes: ['170101', '170102', '170103', '170107', '170201', '170202'] })],
      },
      '/waste_items/0/ewc_codes',
    ],
    [
      'a hazardous code with no consignment code or reason',
      { waste_items: [hazardousItem()] },
      '/hazardous_waste_consignment_code',
    ],
    [
      'a consignment code in no regulator format',
      { waste_items: [hazardousItem()], hazardous_waste_consignment_code: 'ABC' },
      '/hazardous_waste_consignment_code',
    ],
    [
      'no carrier number and no reason (DWT test C01)',
      carrier({ registration_number: null }),
      '/carrier/reason_for_no_registration_number',
    ],
    [
      'a reason beside a carrier number',
      carrier({ reason_for_no_registration_number: 'one_off' }),
      '/carrier/reason_for_no_registration_number',
    ],
    [
      'a carrier number in no register format',
      carrier({ registration_number: 'CBD123' }),
      '/carrier/registration_number',
    ],
    [
      'road transport without a vehicle',
      carrier({ vehicle_registration: undefined }),
      '/carrier/vehicle_registration',
    ],
    ['a vehicle for rail', carrier({ means_of_transport: 'rail' }), '/carrier/vehicle_registration'],
    [
      'a carrier postcode that is neither UK nor Eircode',
      carrier({ address: { postcode: '12345' } }),
      '/carrier/address/postcode',
    ],
    [
      'contains_hazardous without its block',
      { waste_items: [wasteItem({ contains_hazardous: true })] },
      '/waste_items/0/hazardous',
    ],
    [
      'hazardous components from guidance without HP codes',
      {
        waste_items: [hazardousItem({ hazardous: { source_of_components: 'guidance', components: [] } })],
        reason_for_no_consignment_code: 'no_doc_with_waste',
      },
      '/waste_items/0/hazardous/hp_codes',
    ],
    [
      'POPs by own testing without components',
      { waste_items: [wasteItem({ contains_pops: true, pops: { source_of_components: 'own_testing' } })] },
      '/waste_items/0/pops/components',
    ],
    [
      'POP components with not_provided',
      {
        waste_items: [
          wasteItem({
            contains_pops: true,
            pops: { source_of_components: 'not_provided', components: [{ code: 'PFOS' }] },
          }),
        ],
      },
      '/waste_items/0/pops/components',
    ],
    [
      'POP components while contains_pops is false',
      { waste_items: [wasteItem({ pops: { components: [{ code: 'HBCD' }] } })] },
      '/waste_items/0/pops/components',
    ],
    [
      'an unknown HP code',
      {
        waste_items: [
          hazardousItem({
            hazardous: { source_of_components: 'guidance', hp_codes: ['HP16'], components: [] },
          }),
        ],
        hazardous_waste_consignment_code: 'CJTILE/A0001',
      },
      '/waste_items/0/hazardous/hp_codes/0',
    ],
    [
      'an authorisation number the site does not hold',
      { authorisation_number: 'EPR/ZZ9999ZZ' },
      '/authorisation_number',
    ],
    ['a receipt time in the future', { received_at: '2099-01-01T00:00:00Z' }, '/received_at'],
    ['a leap second no date parser reads', { received_at: '2026-06-30T23:59:60Z' }, '/received_at'],
    ['a carrier email on a bare host name', carrier({ email: 'ops@localhost' }), '/carrier/email'],
    [
      'a broker email on an IP address',
      { broker_or_dealer: { organisation_name: 'B Ltd', email: 'ops@[127.0.0.1]' } },
      '/broker_or_dealer/email',
    ],
    [
      'a weight beyond the numbers DWT reads',
      { waste_items: [wasteItem({ weight: { amount: 1e16, unit: 'tonnes', is_estimate: true } })] },
      '/waste_items/0/weight/amount',
    ],
  ])('%s', async (_name, overrides, field) => {
    expect(await refused(overrides)).toContain(field);
  });

  it('names every problem at once', async () => {
    const fields = await refused({
      ...carrier({ registration_number: null, vehicle_registration: undefined }),
      waste_items: [hazardousItem()],
    });
    expect(fields).toEqual(
      expect.arrayContaining([
        '/carrier/reason_for_no_registration_number',
        '/carrier/vehicle_registration',
        '/hazardous_waste_consignment_code',
      ]),
    );
  });
});

describe('what DWT accepts is accepted, written as DWT requires', () => {
  it('takes a hazardous load with a reason for no consignment code (DWT test H03), HP codes normalised', async () => {
    const receipt = await accepted({
      waste_items: [
        hazardousItem({
          hazardous: {
            source_of_components: 'guidance',
            hp_codes: ['HP7', 'hp 7', 'HP_5'],
            components: [{ name: 'Chrysotile' }],
          },
        }),
      ],
      reason_for_no_consignment_code: 'no_doc_with_waste',
    });
    expect(receipt.waste_items[0].hazardous.hp_codes).toEqual(['HP_7', 'HP_5']);
    expect(receipt.waste_items[0].ewc_codes).toEqual(['170605']);
    expect(receipt.warnings).toContainEqual(expect.objectContaining({ code: 'CONCENTRATION_RECOMMENDED' }));
  });

  it('takes no carrier number with a reason (DWT test C02), an Irish carrier and other permits of the site', async () => {
    const receipt = await accepted({
      ...carrier({
        registration_number: null,
        reason_for_no_registration_number: 'household',
        address: { postcode: 'D02 X285' },
      }),
      authorisation_number: 'wml123456',
    });
    expect(receipt.carrier.registration_number).toBeNull();
    expect(receipt.authorisation_number).toBe('WML123456');
  });

  it('takes a consignment code in lower case and null as "no reason", as DWT reads them', async () => {
    const receipt = await accepted({
      waste_items: [hazardousItem()],
      hazardous_waste_consignment_code: 'sa1234567',
      reason_for_no_consignment_code: null,
      authorisation_number: null,
    });
    expect(receipt.hazardous_waste_consignment_code).toBe('SA1234567');
    expect(receipt.authorisation_number).toBe('EPR/AB1234CD');
  });

  it('warns, without refusing, when disposal or recovery codes are not yet known (DWT test R04)', async () => {
    const receipt = await accepted({ waste_items: [wasteItem({ disposal_or_recovery_codes: undefined })] });
    expect(receipt.warnings).toEqual([
      expect.objectContaining({
        code: 'DISPOSAL_OR_RECOVERY_CODES_MISSING',
        field: '/waste_items/0/disposal_or_recovery_codes',
      }),
    ]);
  });

  it('a correction to when the waste arrived moves its deadline and where the date filters find it', async () => {
    const receipt = await accepted({ received_at: '2025-12-24T16:00:00Z' });
    const corrected = await t.call(t.testKey, {
      method: 'PUT',
      url: `/v1/waste-receipts/${receipt.id}`,
      payload: receiptBody(siteId, { received_at: '2026-01-05T09:00:00Z' }),
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    // Monday 5 January 2026: due two London working days on, the end of Wednesday 7th.
    expect(corrected.json().submission_due_by).toBe('2026-01-07T23:59:59.999Z');
    const on = (from: string, to: string) =>
      t
        .get(`/v1/waste-receipts?site_id=${siteId}&received_from=${from}&received_to=${to}`)
        .then((r) => r.json().data.map((x: { id: string }) => x.id));
    expect(await on('2026-01-05', '2026-01-05')).toEqual([receipt.id]);
    expect(await on('2025-12-24', '2025-12-24')).toEqual([]);
  });

  it('dates the deadline two London working days on, skipping the Christmas bank holidays', async () => {
    const receipt = await accepted({ received_at: '2025-12-24T16:00:00Z' });
    // Wednesday 24th: Christmas Day and Boxing Day, the weekend, then Monday 29th and Tuesday 30th.
    expect(receipt.submission_due_by).toBe('2025-12-30T23:59:59.999Z');
    expect(receipt.overdue).toBe(true);
  });
});
