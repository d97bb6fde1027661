import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebhookReceiver } from '../helpers/webhook-receiver.ts';
import { type ReceiptApp, receiptApp, receiptBody } from '../receipts/receipt-app.ts';
import { verifies } from './verify-signature.ts';

describe('waste receipt events', () => {
  let t: ReceiptApp;
  let receiver: WebhookReceiver;
  let secret: string;
  let siteId: string;
  beforeAll(async () => {
    receiver = await new WebhookReceiver().start();
    t = await receiptApp({ env: { WEBHOOKS_ALLOW_HTTP_LOOPBACK: 'true', WEBHOOK_POLL_MS: '20' } });
    siteId = (await t.site()).id;
    const endpoint = await t.post('/v1/webhook-endpoints', {
      url: receiver.url,
      events: ['waste_receipt.submitted', 'waste_receipt.rejected', 'waste_receipt.needs_review'],
    });
    secret = endpoint.json().secret;
  });
  afterAll(async () => {
    await t.close();
    await receiver.stop();
  });

  it.each([
    ['WB-1', 'waste_receipt.submitted', 'submitted'],
    ['DWT-REJECT', 'waste_receipt.rejected', 'rejected'],
    ['DWT-UNKNOWN', 'waste_receipt.needs_review', 'needs_review'],
  ])(
    'a receipt referenced %s ends in %s, delivered once with the receipt',
    async (reference, type, status) => {
      const created = await t.post('/v1/waste-receipts', receiptBody(siteId, { your_reference: reference }));
      expect(created.statusCode).toBe(202);
      const id = created.json().id;
      await t.settle(id, [status]);
      const until = Date.now() + 10_000;
      while (!receiver.ofType(type).some((r) => (r.json.data.receipt as { id: string }).id === id)) {
        if (Date.now() > until) throw new Error(`no ${type} for ${id}`);
        await new Promise((r) => setTimeout(r, 20));
      }
      const hooks = receiver.received.filter((r) => (r.json.data.receipt as { id: string }).id === id);
      expect(hooks).toHaveLength(1);
      expect((hooks[0].json.data.receipt as { status: string }).status).toBe(status);
      expect(verifies(hooks[0].headers['wcs-signature'], hooks[0].body, secret)).toBe(true);
    },
  );
});
