import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReceiptStore } from '../../src/receipts/receipt-store.ts';
import { recordEvents } from '../../src/webhooks/event-outbox.ts';
import { type ReceiptApp, receiptApp, receiptBody } from './receipt-app.ts';

// The worker is off: these tests drive the claim and the worker's round by hand.
let t: ReceiptApp;
let siteId: string;
beforeAll(async () => {
  t = await receiptApp({ env: { DWT_WORKER: 'off' } });
  siteId = (await t.site()).id;
});
afterAll(() => t.close());

async function receipts(n: number, reference = 'WB-1'): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const res = await t.post('/v1/waste-receipts', receiptBody(siteId, { your_reference: reference }));
    expect(res.statusCode, res.body).toBe(202);
    ids.push(res.json().id);
  }
  return ids;
}

describe('sharing the submission work between instances', () => {
  it('never hands one receipt to two workers claiming at the same moment', async () => {
    const ids = await receipts(24);
    const stores = [
      new ReceiptStore(t.db, recordEvents),
      new ReceiptStore(t.db, recordEvents),
      new ReceiptStore(t.db, recordEvents),
    ];
    const now = new Date();
    const lease = new Date(now.getTime() + 60_000);
    const claims = await Promise.all(stores.map((s) => s.claimDue(now, lease, 10, ['test'])));
    const claimed = claims.flat().map((c) => c.row.id);
    expect(new Set(claimed).size).toBe(claimed.length);
    const again = await stores[0].claimDue(now, lease, 100, ['test']);
    const all = [...claimed, ...again.map((c) => c.row.id)];
    expect(new Set(all).size).toBe(all.length);
    expect(all.filter((id) => ids.includes(id)).sort()).toEqual([...ids].sort());
    // Every claim recorded its attempt before anything was sent.
    const attempts = await t.db.kysely.selectFrom('waste_receipt_attempts').select('receipt_id').execute();
    expect(attempts.filter((a) => ids.includes(a.receipt_id))).toHaveLength(ids.length);
  });

  it('puts a create whose worker died mid-request in needs_review, never sending it again', async () => {
    const [id] = await receipts(1);
    const store = new ReceiptStore(t.db, recordEvents);
    const past = new Date(Date.now() - 1000);
    const [claim] = (await store.claimDue(new Date(), past, 100, ['test'])).filter((c) => c.row.id === id);
    expect(claim.operation).toBe('create');
    await t.app.services.receipts.worker.runOnce();
    const receipt = (await t.get(`/v1/waste-receipts/${id}`)).json();
    expect(receipt.status).toBe('needs_review');
    expect(receipt.submission.message).toContain('stopped while this receipt was being sent');
    await t.app.services.receipts.worker.runOnce();
    const attempts = await t.db.kysely
      .selectFrom('waste_receipt_attempts')
      .selectAll()
      .where('receipt_id', '=', id)
      .execute();
    expect(attempts).toHaveLength(1);
    expect(attempts[0].result).toBe('unknown');
  });
});
