import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/platform/clock.ts';
import { receiptBody, wasteItem } from '../receipts/receipt-app.ts';
import { type ConsignmentApp, consignmentApp, garageBody, PART_C, PART_D, partE } from './consignment-app.ts';

// GET /v1/consignee-returns over HTTP: hazardous loads the site's DWT receipts record (reg 53 SI 2005/894
// puts every consignment received on the return), and the regulator the return goes to.

const clock = new ManualClock('2026-11-27T10:00:00Z');
let t: ConsignmentApp;
beforeAll(async () => {
  t = await consignmentApp({ clock, env: { DWT_WORKER: 'off', WEBHOOK_WORKER: 'off' } });
});
afterAll(async () => {
  await t.close();
});

const oil = (kg = 450) =>
  wasteItem({
    ewc_codes: ['130205'],
    description: 'Waste engine oil',
    physical_form: 'liquid',
    container_type: 'DRU',
    weight: { amount: kg, unit: 'kilograms', is_estimate: false },
    contains_hazardous: true,
    hazardous: {
      source_of_components: 'provided_with_waste',
      hp_codes: ['HP14'],
      components: [{ name: 'Mineral oil', concentration: 950_000 }],
    },
    disposal_or_recovery_codes: [
      { code: 'R9', weight: { amount: kg, unit: 'kilograms', is_estimate: false } },
    ],
  });

async function receipt(siteId: string, overrides: Record<string, unknown>): Promise<{ id: string }> {
  const res = await t.post('/v1/waste-receipts', receiptBody(siteId, overrides));
  if (res.statusCode !== 202) throw new Error(`receipt: ${res.statusCode} ${res.body}`);
  return res.json();
}

async function welshSite(postcode: string): Promise<{ id: string }> {
  const res = await t.post('/v1/sites', {
    name: 'Cardiff Oil Recovery Ltd',
    address: { full_address: 'Dock Road, Cardiff', postcode },
    authorisation_numbers: ['EPR/CD5678EF'],
    dwt_api_code: '1f83215e-4b90-4785-9ab2-2614839aa2e9',
  });
  if (res.statusCode !== 201) throw new Error(`site: ${res.statusCode} ${res.body}`);
  return res.json();
}

const returnOf = async (siteId: string, extra = '') =>
  t.get(`/v1/consignee-returns?site_id=${siteId}&quarter=2026-Q4${extra}`);

describe('a consignee return and the hazardous waste receipts of its site', () => {
  it('is not a null return when a receipt records hazardous waste on a note made elsewhere', async () => {
    const site = await t.site();
    const rcpt = await receipt(site.id, {
      received_at: '2026-11-14T10:00:00Z',
      hazardous_waste_consignment_code: 'CJTILE/A0001',
      waste_items: [oil()],
    });

    const ret = (await returnOf(site.id)).json();
    expect(ret).toMatchObject({
      null_return: false,
      regulator: 'EA',
      consignments: [],
      totals: { consignments: 0, receipts_to_add: 1 },
      receipts_to_add: [
        {
          id: rcpt.id,
          received_date: '2026-11-14',
          consignment_code: 'CJTILE/A0001',
          consignment_note_id: null,
          ewc_codes: ['13 02 05*'],
          quantity_kg: 450,
          lines: [{ ewc_codes: ['13 02 05*'], hazard_codes: ['HP14'], operations: ['R9'] }],
          to_add: ['producer_name', 'producer_postcode', 'outcome'],
        },
      ],
    });
    expect(ret.warnings.map((w: { code: string }) => w.code)).toEqual(['RECEIPTS_TO_ADD']);

    const csv = await returnOf(site.id, '&format=csv&recipient=agency');
    expect(csv.statusCode).toBe(200);
    const rows = parse(csv.body, { bom: true, columns: true });
    expect(rows).toEqual([
      expect.objectContaining({
        consignment_code: 'CJTILE/A0001',
        ewc_code: '13 02 05*',
        quantity_received_kg: '450',
        producer_name: '',
        receipt_id: rcpt.id,
        to_add: 'producer_name; producer_postcode; outcome',
      }),
    ]);

    const producer = await returnOf(site.id, '&format=csv&recipient=producer&producer=CJTILE');
    expect(producer.statusCode).toBe(400);
    expect(producer.json().error.message).toContain(
      '1 hazardous waste receipt of the quarter name no producer (receipts_to_add in the JSON)',
    );
  });

  it("takes the site's hazardous receipts of the quarter by London date, and only those not on one of its notes", async () => {
    const site = await t.site();
    const other = await t.site();
    const note = await t.create(garageBody({ consignee: { site_id: site.id } }));
    await t.sign(note.id, PART_C);
    await t.sign(note.id, PART_D);
    await t.sign(note.id, partE());

    // 00:30 on 1 October in London (BST): in Q4.
    const midnight = await receipt(site.id, {
      received_at: '2026-09-30T23:30:00Z',
      hazardous_waste_consignment_code: 'CJTILE/A0002',
      waste_items: [oil(100)],
    });
    // A hazardous code without a consignment code (the load came without its note).
    const noNote = await receipt(site.id, {
      received_at: '2026-11-02T09:00:00Z',
      reason_for_no_consignment_code: 'no_doc_with_waste',
      waste_items: [oil(50)],
    });
    // Not on the return: 22:30 on 30 September in London, Q3; a non-hazardous load; another site; the
    // note's own receipt, already a consignment of the return.
    await receipt(site.id, {
      received_at: '2026-09-30T21:30:00Z',
      hazardous_waste_consignment_code: 'CJTILE/A0003',
      waste_items: [oil()],
    });
    await receipt(site.id, { received_at: '2026-11-03T09:00:00Z' });
    await receipt(other.id, {
      received_at: '2026-11-03T09:00:00Z',
      hazardous_waste_consignment_code: 'CJTILE/A0004',
      waste_items: [oil()],
    });
    await receipt(site.id, { consignment_note_id: note.id, received_at: '2026-11-27T09:00:00Z' });

    const ret = (await returnOf(site.id)).json();
    expect(ret.consignments.map((c: { id: string }) => c.id)).toEqual([note.id]);
    expect(
      ret.receipts_to_add.map((r: { id: string; received_date: string; consignment_code: string }) => [
        r.id,
        r.received_date,
        r.consignment_code,
      ]),
    ).toEqual([
      [midnight.id, '2026-10-01', 'CJTILE/A0002'],
      [noNote.id, '2026-11-02', null],
    ]);
    expect(ret.receipts_to_add[1].to_add).toContain('consignment_code');
    expect(ret.null_return).toBe(false);
  });

  it('leaves out loads declared to move under no note: household waste at an HWRC, a non-hazardous transfer', async () => {
    const site = await t.site();
    await receipt(site.id, {
      received_at: '2026-11-05T09:00:00Z',
      reason_for_no_consignment_code: 'hwrc_receipt',
      waste_items: [oil(20)],
    });
    await receipt(site.id, {
      received_at: '2026-11-06T09:00:00Z',
      reason_for_no_consignment_code: 'non_haz_waste_transfer',
      waste_items: [oil(20)],
    });
    expect((await returnOf(site.id)).json()).toMatchObject({ null_return: true, receipts_to_add: [] });
  });

  it("puts a consignment on one return: the quarter of its Part E, not again by its receipt's date", async () => {
    const site = await t.site();
    const note = await t.create(garageBody({ consignee: { site_id: site.id } }));
    await t.sign(note.id, PART_C);
    await t.sign(note.id, PART_D);
    await t.sign(note.id, partE()); // received 27 November 2026: Q4
    // The receipt filled from the note is dated on the first day of the next quarter.
    clock.set('2027-01-02T10:00:00Z');
    try {
      await receipt(site.id, { consignment_note_id: note.id, received_at: '2027-01-01T07:55:00Z' });
      // And one made by hand, giving only the note's code.
      await receipt(site.id, {
        received_at: '2027-01-01T08:05:00Z',
        hazardous_waste_consignment_code: note.consignment_code,
        waste_items: [oil(176)],
      });
      expect((await returnOf(site.id)).json().consignments.map((c: { id: string }) => c.id)).toEqual([
        note.id,
      ]);
      const q1 = (await t.get(`/v1/consignee-returns?site_id=${site.id}&quarter=2027-Q1`)).json();
      expect(q1).toMatchObject({ null_return: true, receipts_to_add: [] });
    } finally {
      clock.set('2026-11-27T10:00:00Z');
    }
  });

  it('a correction that moves a receipt into another quarter moves it on the returns too', async () => {
    const site = await t.site();
    const made = await receipt(site.id, {
      received_at: '2026-09-30T10:00:00Z',
      hazardous_waste_consignment_code: 'CJTILE/A0009',
      waste_items: [oil()],
    });
    const corrected = await t.call(t.testKey, {
      method: 'PUT',
      url: `/v1/waste-receipts/${made.id}`,
      payload: receiptBody(site.id, {
        received_at: '2026-10-01T10:00:00Z',
        hazardous_waste_consignment_code: 'CJTILE/A0009',
        waste_items: [oil()],
      }),
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    const q3 = (await t.get(`/v1/consignee-returns?site_id=${site.id}&quarter=2026-Q3`)).json();
    expect(q3).toMatchObject({ null_return: true, receipts_to_add: [] });
    const q4 = (await returnOf(site.id)).json();
    expect(q4.receipts_to_add.map((r: { id: string }) => r.id)).toEqual([made.id]);
  });

  it('goes to NRW for a site in Wales, with no fee estimate, and to the EA for one in England', async () => {
    const cardiff = await welshSite('CF10 4AA');
    await receipt(cardiff.id, {
      received_at: '2026-11-14T10:00:00Z',
      hazardous_waste_consignment_code: 'ABC123/00001',
      waste_items: [oil()],
    });
    const welsh = (await returnOf(cardiff.id)).json();
    expect(welsh).toMatchObject({ regulator: 'NRW', fee_estimate: null, null_return: false });

    const southampton = await t.site();
    const english = (await returnOf(southampton.id)).json();
    expect(english).toMatchObject({ regulator: 'EA', null_return: true, warnings: [], receipts_to_add: [] });
    expect(english.fee_estimate).toMatchObject({ currency: 'GBP', amount: 0 });
  });
});
