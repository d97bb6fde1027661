import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ReceiptApp, receiptApp, receiptBody, wasteItem } from './receipt-app.ts';

let t: ReceiptApp;
let siteId: string;
beforeAll(async () => {
  t = await receiptApp();
  siteId = (await t.site()).id;
});
afterAll(() => t.close());

describe('waste receipts with a test key (the DWT sandbox)', () => {
  it('answers 202 at once, then shows the receipt submitted with a waste tracking id in DWT form', async () => {
    const res = await t.post('/v1/waste-receipts', receiptBody(siteId));
    expect(res.statusCode, res.body).toBe(202);
    const receipt = res.json();
    expect(receipt).toMatchObject({
      object: 'waste_receipt',
      mode: 'test',
      status: expect.stringMatching(/^(pending|submitting|submitted)$/),
      submission_due_by: '2026-11-25T23:59:59.999Z',
      authorisation_number: 'EPR/AB1234CD',
      receiver: { name: 'Testtown Transfer Station', address: { postcode: 'TC1 2AB' } },
      carrier: { vehicle_registration: 'AB12 CDE' },
    });
    expect(receipt.waste_items[0].ewc_codes).toEqual(['170904']);
    const done = await t.settle(receipt.id, ['submitted']);
    expect(done.waste_tracking_id).toMatch(/^\d{2}[A-Z0-9]{6}$/);
    expect(done.submitted_at).not.toBeNull();
    expect(done.submission.attempts).toBe(1);
    expect(done.dwt_revision).toBe(1);
  });

  it('shows a refusal as rejected with the field DWT named, and resends a correction', async () => {
    const res = await t.post('/v1/waste-receipts', receiptBody(siteId, { your_reference: 'DWT-REJECT' }));
    const rejected = await t.settle(res.json().id, ['rejected']);
    expect(rejected.submission.errors[0]).toMatchObject({
      field: '/waste_items/0/ewc_codes/0',
      dwt_key: 'wasteItems.0.ewcCodes.0',
      dwt_error_type: 'InvalidValue',
    });
    const fixed = await t.call(t.testKey, {
      method: 'PUT',
      url: `/v1/waste-receipts/${rejected.id}`,
      payload: receiptBody(siteId, { your_reference: 'WB-2' }),
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json().revision).toBe(2);
    const done = await t.settle(rejected.id, ['submitted']);
    expect(done.dwt_revision).toBe(2);
    expect(done.your_reference).toBe('WB-2');
  });

  it('keeps retrying through an outage', async () => {
    const res = await t.post('/v1/waste-receipts', receiptBody(siteId, { your_reference: 'DWT-OUTAGE' }));
    const retrying = await t.settle(res.json().id, ['retrying']);
    expect(retrying.submission.next_attempt_at).not.toBeNull();
    expect(retrying.submission.message).toContain('503');
  });

  it('waits for a person when the outcome is unknown, and sends again only when told', async () => {
    const res = await t.post('/v1/waste-receipts', receiptBody(siteId, { your_reference: 'DWT-UNKNOWN' }));
    const review = await t.settle(res.json().id, ['needs_review']);
    expect(review.submission.next_attempt_at).toBeNull();
    const listed = await t.get('/v1/waste-receipts?status=needs_review');
    expect(listed.json().data.map((r: { id: string }) => r.id)).toContain(review.id);
    const found = await t.post(`/v1/waste-receipts/${review.id}/resolve`, {
      outcome: 'in_dwt',
      waste_tracking_id: '26ABC123',
    });
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json()).toMatchObject({ status: 'submitted', waste_tracking_id: '26ABC123' });
    const again = await t.post(`/v1/waste-receipts/${review.id}/resolve`, { outcome: 'not_in_dwt' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('RECEIPT_NOT_IN_REVIEW');
  });

  it('refuses a hazardous receipt without a consignment code or reason, storing nothing', async () => {
    const before = (await t.get('/v1/waste-receipts?limit=100')).json().data.length;
    const res = await t.post(
      '/v1/waste-receipts',
      receiptBody(siteId, {
        waste_items: [
          wasteItem({
            ewc_codes: ['17 06 05*'],
            description: 'Asbestos cement sheets',
            contains_hazardous: true,
            hazardous: {
              source_of_components: 'guidance',
              hp_codes: ['HP7'],
              components: [{ name: 'Chrysotile' }],
            },
          }),
        ],
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toContainEqual(
      expect.objectContaining({ field: '/hazardous_waste_consignment_code' }),
    );
    expect((await t.get('/v1/waste-receipts?limit=100')).json().data.length).toBe(before);
  });

  it('refuses a list whose date range is reversed, naming the field, and costs a live key no call', async () => {
    const used = async () => (await t.get('/v1/usage', t.liveKey)).json().used as number;
    const before = await used();
    const res = await t.get('/v1/waste-receipts?received_from=2026-11-20&received_to=2026-11-01', t.liveKey);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toEqual([
      { field: 'received_from', issue: 'must be on or before received_to' },
    ]);
    // So does a cursor that cannot be a receipt's id.
    const cursor = await t.get('/v1/waste-receipts?starting_after=site_x', t.liveKey);
    expect(cursor.statusCode).toBe(400);
    expect(cursor.json().error.details).toEqual([
      { field: 'starting_after', issue: 'is not a receipt id (e.g. rcpt_…)' },
    ]);
    expect(await used()).toBe(before);
    expect((await t.get('/v1/waste-receipts', t.liveKey)).statusCode).toBe(200);
    expect(await used()).toBe(before + 1);
  });

  it('refuses a live key while the service is not connected to DWT', async () => {
    const site = await t.site(t.liveKey);
    const res = await t.post('/v1/waste-receipts', receiptBody(site.id), t.liveKey);
    expect(res.statusCode).toBe(503);
    expect(res.json().error.code).toBe('DWT_NOT_CONFIGURED');
  });

  it('keeps sites and receipts apart between organisations', async () => {
    const res = await t.post('/v1/waste-receipts', receiptBody(siteId), t.otherOrgKey);
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('RECEIPT_SITE_UNKNOWN');
  });
});
