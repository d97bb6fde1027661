import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validBody } from '../wtn/wtn-app.ts';
import { type ReceiptApp, receiptApp, siteBody } from './receipt-app.ts';

let t: ReceiptApp;
beforeAll(async () => {
  t = await receiptApp({ env: { DWT_WORKER: 'off' } });
});
afterAll(() => t.close());

describe('receiving sites', () => {
  it('keeps a site in the form DWT requires, and archives rather than deletes it', async () => {
    const site = await t.site(t.testKey, {
      authorisation_numbers: ['epr/ab1234cd', 'EPR/AB1234CD', 'EAWML123456'],
    });
    expect(site).toMatchObject({
      object: 'site',
      mode: 'test',
      address: { postcode: 'TC1 2AB' },
      authorisation_numbers: ['EPR/AB1234CD', 'EAWML123456'],
      archived: false,
    });
    const patched = await t.call(t.testKey, {
      method: 'PATCH',
      url: `/v1/sites/${site.id}`,
      payload: { name: 'Quarry Lane MRF' },
    });
    expect(patched.json()).toMatchObject({
      name: 'Quarry Lane MRF',
      authorisation_numbers: ['EPR/AB1234CD', 'EAWML123456'],
    });
    const archived = await t.call(t.testKey, { method: 'DELETE', url: `/v1/sites/${site.id}` });
    expect(archived.json().archived).toBe(true);
    expect((await t.get('/v1/sites')).json().data.map((s: { id: string }) => s.id)).not.toContain(site.id);
    expect(
      (await t.get('/v1/sites?include_archived=true')).json().data.map((s: { id: string }) => s.id),
    ).toContain(site.id);
    const receipt = await t.post('/v1/waste-receipts', {
      site_id: site.id,
      received_at: '2026-11-23T09:00:00Z',
    });
    expect(receipt.json().error.code).toBe('SITE_ARCHIVED');
  });

  it('refuses permit numbers, postcodes and API codes DWT would refuse', async () => {
    const res = await t.post(
      '/v1/sites',
      siteBody({ authorisation_numbers: ['PERMIT-1'], address: { full_address: 'x', postcode: 'D02 X285' } }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.map((d: { field: string }) => d.field)).toEqual([
      '/address/postcode',
      '/authorisation_numbers/0',
    ]);
    const code = await t.post('/v1/sites', siteBody({ dwt_api_code: 'not-a-uuid' }));
    expect(code.statusCode).toBe(400);
    // The name and address print as a consignment note's consignee.
    const hidden = await t.post(
      '/v1/sites',
      siteBody({
        name: 'Southern \u202eOil',
        address: { full_address: '\u200b\u200b', postcode: 'SO14 3TJ' },
      }),
    );
    expect(hidden.statusCode).toBe(400);
    expect(hidden.json().error.details).toEqual([
      { field: '/name', issue: 'must not contain text-direction control characters' },
      { field: '/address/full_address', issue: 'must not be blank' },
    ]);
  });

  it('keeps test and live sites apart', async () => {
    const site = await t.site(t.testKey);
    expect((await t.get(`/v1/sites/${site.id}`, t.liveKey)).statusCode).toBe(404);
  });
});

describe('a receipt made from a stored transfer note', () => {
  it('takes the carrier and the waste from the note, and says which fields it filled', async () => {
    const site = await t.site();
    const noteRes = await t.post(
      '/v1/generate-wtn',
      validBody({
        carrier: { registration_number: 'CBDU100001', address: '2 Depot Road, Testtown, TC2 3CD' },
      }),
    );
    expect(noteRes.statusCode, noteRes.body).toBe(201);
    const note = noteRes.json();
    const res = await t.post('/v1/waste-receipts', {
      site_id: site.id,
      wtn_reference: note.reference.toLowerCase(),
      received_at: '2026-11-23T09:15:00Z',
      carrier: { means_of_transport: 'road', vehicle_registration: 'AB12 CDE' },
      waste_items: [
        { physical_form: 'solid', number_of_containers: 1, contains_pops: false, contains_hazardous: false },
      ],
    });
    expect(res.statusCode, res.body).toBe(202);
    const receipt = res.json();
    expect(receipt.carrier).toMatchObject({
      registration_number: 'CBDU100001',
      organisation_name: note.carrier.business_name,
    });
    expect(receipt.waste_items[0]).toMatchObject({
      ewc_codes: ['170802'],
      description: 'Broken plasterboard offcuts',
      weight: { amount: 2500, unit: 'kilograms', is_estimate: true },
      container_type: 'SKI',
    });
    expect(receipt.from_wtn).toMatchObject({ reference: note.reference, transfer_number: null });
    expect(receipt.from_wtn.filled).toEqual(
      expect.arrayContaining([
        '/carrier/registration_number',
        '/waste_items/0/ewc_codes',
        '/waste_items/0/weight',
      ]),
    );
  });

  it('says what the note cannot supply, and refuses a note it does not hold', async () => {
    const site = await t.site();
    const note = (await t.post('/v1/generate-wtn', validBody())).json();
    const res = await t.post('/v1/waste-receipts', {
      site_id: site.id,
      wtn_reference: note.reference,
      received_at: '2026-11-23T09:15:00Z',
      carrier: { means_of_transport: 'road', vehicle_registration: 'AB12 CDE' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.map((d: { field: string }) => d.field)).toEqual(
      expect.arrayContaining([
        '/waste_items/0/physical_form',
        '/waste_items/0/number_of_containers',
        '/waste_items/0/contains_pops',
      ]),
    );
    const unknown = await t.post('/v1/waste-receipts', {
      site_id: site.id,
      wtn_reference: 'WTN-2026-0101-ZZZZ',
      received_at: '2026-11-23T09:15:00Z',
      carrier: { means_of_transport: 'rail' },
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().error.code).toBe('RECEIPT_WTN_NOT_FOUND');
  });
});
