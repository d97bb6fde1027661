import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DwtStandIn } from '../helpers/dwt-stand-in.ts';
import { dwtApp, movementRequests } from './dwt-app.ts';
import { type ReceiptApp, receiptBody, wasteItem } from './receipt-app.ts';

// DEFRA's production approval tests for the Receipt API (waste-tracking-service
// docs/production-approval-tests.md), each sent through our API to a stand-in DWT that validates as DWT does.
let t: ReceiptApp;
let dwt: DwtStandIn;
let siteId: string;
beforeAll(async () => {
  ({ t, dwt } = await dwtApp());
  siteId = (await t.site(t.liveKey)).id;
});
afterAll(async () => {
  await t.close();
  await dwt.close();
});

const tonnes = (amount: number) => ({ amount, unit: 'tonnes', is_estimate: false });
const carrier = receiptBody('x').carrier as Record<string, unknown>;
const hazardous = {
  ewc_codes: ['160601*'],
  description: 'Lead-acid batteries',
  physical_form: 'solid',
  container_type: 'PAL',
  contains_hazardous: true,
  hazardous: {
    source_of_components: 'guidance',
    hp_codes: ['HP8', 'HP6'],
    components: [
      { name: 'Lead', concentration: 60 },
      { name: 'Sulphuric acid', concentration: 15 },
    ],
  },
};
const pops = {
  contains_pops: true,
  pops: {
    source_of_components: 'own_testing',
    components: [
      { code: 'PBDES', concentration: 1200 },
      { code: 'HBCD', concentration: 300 },
    ],
  },
};

const SCENARIOS: [string, Record<string, unknown>][] = [
  ['R01 a single waste item with its recovery code', {}],
  [
    'R02 several waste items',
    {
      waste_items: [
        wasteItem(),
        wasteItem({ ewc_codes: ['20 01 01'], description: 'Cardboard', container_type: 'BAL' }),
      ],
    },
  ],
  [
    'R03 road transport',
    { carrier: { ...carrier, means_of_transport: 'road', vehicle_registration: 'YX24 ABC' } },
  ],
  [
    'R04 no disposal or recovery codes',
    { waste_items: [wasteItem({ disposal_or_recovery_codes: undefined })] },
  ],
  [
    'R05 several disposal or recovery codes',
    {
      waste_items: [
        wasteItem({
          disposal_or_recovery_codes: [
            { code: 'R5', weight: tonnes(2) },
            { code: 'D1', weight: tonnes(0.4) },
          ],
        }),
      ],
    },
  ],
  [
    'R07 several EWC codes',
    { waste_items: [wasteItem({ ewc_codes: ['17 01 07', '17 02 01', '17 09 04'] })] },
  ],
  [
    'C02 no carrier registration, with a reason',
    {
      carrier: {
        ...carrier,
        registration_number: null,
        reason_for_no_registration_number: 'one_off',
        means_of_transport: 'other',
        other_means_of_transport: 'Handcart',
        vehicle_registration: undefined,
      },
    },
  ],
  [
    'B01 a broker or dealer',
    {
      broker_or_dealer: {
        organisation_name: 'Brokerage Ltd',
        registration_number: 'CBDU654321',
        address: { full_address: '3 Trade St, Leeds', postcode: 'LS2 7EY' },
      },
    },
  ],
  [
    'P01 several POPs components',
    { waste_items: [wasteItem({ ewc_codes: ['20 03 07'], description: 'Upholstered sofas', ...pops })] },
  ],
  [
    'H01 several hazardous components, with a consignment code',
    { waste_items: [wasteItem(hazardous)], hazardous_waste_consignment_code: 'CJTILE/A0001' },
  ],
  [
    'H03 hazardous, no consignment code but a reason',
    { waste_items: [wasteItem(hazardous)], reason_for_no_consignment_code: 'no_doc_with_waste' },
  ],
  [
    'X01 hazardous and POPs',
    { waste_items: [wasteItem({ ...hazardous, ...pops })], hazardous_waste_consignment_code: 'SA1234567' },
  ],
];

describe("DEFRA's production approval scenarios", () => {
  it.each(SCENARIOS)(
    '%s: DWT creates the movement and the receipt gets its waste tracking id',
    async (_name, overrides) => {
      const res = await t.post('/v1/waste-receipts', receiptBody(siteId, overrides), t.liveKey);
      expect(res.statusCode, res.body).toBe(202);
      const receipt = await t.settle(res.json().id, ['submitted', 'rejected', 'needs_review'], t.liveKey);
      expect(receipt.submission.errors).toEqual([]);
      expect(receipt.status).toBe('submitted');
      expect(dwt.movements.map((m) => m.wasteTrackingId)).toContain(receipt.waste_tracking_id);
    },
  );

  it('R04: DWT warns about the missing codes, and so do we before sending', async () => {
    const res = await t.post(
      '/v1/waste-receipts',
      receiptBody(siteId, { waste_items: [wasteItem({ disposal_or_recovery_codes: undefined })] }),
      t.liveKey,
    );
    expect(res.json().warnings.map((w: { field: string }) => w.field)).toEqual([
      '/waste_items/0/disposal_or_recovery_codes',
    ]);
    const receipt = await t.settle(res.json().id, ['submitted'], t.liveKey);
    expect(receipt.submission.dwt_warnings.map((w) => w.field)).toContain(
      '/waste_items/0/disposal_or_recovery_codes',
    );
  });

  it.each([
    [
      'C01 no carrier registration and no reason',
      { carrier: { ...carrier, registration_number: null } },
      '/carrier/reason_for_no_registration_number',
    ],
    [
      'H02 hazardous with no consignment code and no reason',
      { waste_items: [wasteItem(hazardous)], hazardous_waste_consignment_code: null },
      '/hazardous_waste_consignment_code',
    ],
  ])('%s: refused with 400 before anything is sent', async (_name, overrides, field) => {
    const before = movementRequests(dwt).length;
    const res = await t.post('/v1/waste-receipts', receiptBody(siteId, overrides), t.liveKey);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.map((d: { field: string }) => d.field)).toContain(field);
    expect(movementRequests(dwt).length).toBe(before);
  });
});
