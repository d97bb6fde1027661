import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DwtStandIn } from '../helpers/dwt-stand-in.ts';
import { validBody } from '../wtn/wtn-app.ts';
import { dwtApp, movementRequests } from './dwt-app.ts';
import { type ReceiptApp, receiptBody } from './receipt-app.ts';

let t: ReceiptApp;
let dwt: DwtStandIn;
let siteId: string;
let apiCode: string;
beforeAll(async () => {
  ({ t, dwt } = await dwtApp());
  const site = await t.site(t.liveKey);
  siteId = site.id;
  apiCode = site.dwt_api_code;
});
beforeEach(() => {
  dwt.clearFaults();
});
afterAll(async () => {
  await t.close();
  await dwt.close();
});

const live = (overrides: Record<string, unknown> = {}) =>
  t.post('/v1/waste-receipts', receiptBody(siteId, overrides), t.liveKey);
const settle = (id: string, statuses: string[]) => t.settle(id, statuses, t.liveKey);
const movementsFor = (receiptId: string) =>
  dwt.movements.filter((m) =>
    (m.payload as { otherReferencesForMovement: { reference: string }[] }).otherReferencesForMovement.some(
      (r) => r.reference === receiptId,
    ),
  );

describe('a live receipt reaches DWT once', () => {
  it("from a stored note: DWT gets the site's API code and the note's EWC code, the receipt its waste tracking id", async () => {
    const note = await t.post(
      '/v1/generate-wtn',
      validBody({ carrier: { registration_number: 'CBDU100001', auto_verify: false } }),
      t.liveKey,
    );
    expect(note.statusCode, note.body).toBe(201);
    const res = await t.post(
      '/v1/waste-receipts',
      {
        site_id: siteId,
        wtn_reference: note.json().reference,
        received_at: '2026-11-23T09:15:00Z',
        carrier: {
          organisation_name: 'Acme Skips Ltd',
          means_of_transport: 'road',
          vehicle_registration: 'AB12 CDE',
        },
        waste_items: [
          {
            physical_form: 'solid',
            number_of_containers: 1,
            contains_pops: false,
            contains_hazardous: false,
          },
        ],
      },
      t.liveKey,
    );
    expect(res.statusCode, res.body).toBe(202);
    const receipt = await settle(res.json().id, ['submitted']);
    const [movement] = movementsFor(receipt.id);
    expect(movementsFor(receipt.id)).toHaveLength(1);
    expect(receipt.waste_tracking_id).toBe(movement.wasteTrackingId);
    const payload = movement.payload as Record<string, never>;
    expect(payload.apiCode).toBe(apiCode);
    expect(payload.wasteItems[0]).toMatchObject({
      ewcCodes: ['170802'],
      weight: { metric: 'Kilograms', amount: 2500 },
    });
    expect(payload.carrier).toMatchObject({ registrationNumber: 'CBDU100001', meansOfTransport: 'Road' });
    expect(receipt.submission.dwt_warnings).toContainEqual(
      expect.objectContaining({ field: '/waste_items/0/disposal_or_recovery_codes' }),
    );
  });

  it('asks for a token once and keeps it, and asks again when DWT no longer takes it', async () => {
    const before = dwt.tokenRequests;
    const first = await live();
    await settle(first.json().id, ['submitted']);
    expect(dwt.tokenRequests).toBe(before);
    dwt.expireTokens();
    const second = await live();
    const receipt = await settle(second.json().id, ['submitted']);
    expect(dwt.tokenRequests).toBe(before + 1);
    expect(movementsFor(receipt.id)).toHaveLength(1);
  });

  it('shows a refusal as rejected, with DWT’s reasons on our fields', async () => {
    dwt.refuse(
      400,
      {
        validation: {
          errors: [
            {
              key: 'carrier.registrationNumber',
              errorType: 'InvalidFormat',
              message: 'must be in a valid format',
            },
          ],
        },
      },
      1,
    );
    const res = await live();
    const receipt = await settle(res.json().id, ['rejected']);
    expect(receipt.submission.errors).toEqual([
      {
        field: '/carrier/registration_number',
        issue: 'must be in a valid format',
        dwt_key: 'carrier.registrationNumber',
        dwt_error_type: 'InvalidFormat',
      },
    ]);
    expect((await t.get('/v1/waste-receipts?status=rejected', t.liveKey)).json().data[0].id).toBe(receipt.id);
  });

  it('retries while DWT is down, and submits once when it is back', async () => {
    await dwt.down();
    const res = await live();
    const retrying = await settle(res.json().id, ['retrying']);
    expect(retrying.submission.message).toContain('could not be reached');
    await dwt.up();
    const done = await settle(res.json().id, ['submitted']);
    expect(movementsFor(done.id)).toHaveLength(1);
  });

  it('retries through a 503 and a 429 without sending twice', async () => {
    dwt.refuse(503, { message: 'Service Unavailable' }, 1);
    dwt.refuse(429, { message: 'Rate limit exceeded' }, 1);
    const res = await live();
    const done = await settle(res.json().id, ['submitted']);
    expect(done.submission.attempts).toBeGreaterThanOrEqual(2);
    expect(movementsFor(done.id)).toHaveLength(1);
  });

  it.each([
    ['DWT keeps the receipt and never answers', (d: DwtStandIn) => d.hang(1)],
    ['DWT keeps the receipt and drops the connection', (d: DwtStandIn) => d.dropAfterAccept(1)],
    ['DWT answers 500', (d: DwtStandIn) => d.refuse(500, { message: 'Internal Server Error' }, 1)],
  ])('waits for a person when %s, never sending again on its own', async (_name, fault) => {
    fault(dwt);
    const res = await live();
    const review = await settle(res.json().id, ['needs_review']);
    await t.app.services.receipts.worker.runOnce();
    const sent = movementRequests(dwt).filter((r) => JSON.stringify(r.body).includes(review.id));
    expect(sent).toHaveLength(1);
    const stored = movementsFor(review.id);
    if (stored.length === 1) {
      const resolved = await t.post(
        `/v1/waste-receipts/${review.id}/resolve`,
        { outcome: 'in_dwt', waste_tracking_id: stored[0].wasteTrackingId },
        t.liveKey,
      );
      expect(resolved.json()).toMatchObject({
        status: 'submitted',
        waste_tracking_id: stored[0].wasteTrackingId,
      });
    } else {
      await t.post(`/v1/waste-receipts/${review.id}/resolve`, { outcome: 'not_in_dwt' }, t.liveKey);
      await settle(review.id, ['submitted']);
      expect(movementsFor(review.id)).toHaveLength(1);
    }
  });

  it("sends a correction as DWT's update of the same movement", async () => {
    const res = await live({
      waste_items: [
        { ...(receiptBody(siteId).waste_items as object[])[0], disposal_or_recovery_codes: undefined },
      ],
    });
    const first = await settle(res.json().id, ['submitted']);
    const corrected = await t.call(t.liveKey, {
      method: 'PUT',
      url: `/v1/waste-receipts/${first.id}`,
      payload: receiptBody(siteId),
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    const done = await t.settleWhere(
      first.id,
      (r) => r.status === 'submitted' && r.dwt_revision === 2,
      t.liveKey,
    );
    const [movement] = movementsFor(first.id);
    expect(movementsFor(first.id)).toHaveLength(1);
    expect(movement.revisions).toBe(2);
    expect(done.waste_tracking_id).toBe(first.waste_tracking_id);
    expect(
      movementRequests(dwt).filter(
        (r) => r.method === 'PUT' && r.path === `/movements/${movement.wasteTrackingId}/receive`,
      ),
    ).toHaveLength(1);
  });

  it('never sends a test key’s receipt to DWT', async () => {
    const before = dwt.requests.length;
    const site = await t.site(t.testKey);
    const res = await t.post('/v1/waste-receipts', receiptBody(site.id));
    await t.settle(res.json().id, ['submitted']);
    expect(dwt.requests.length).toBe(before);
  });
});
