import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeliveryStore } from '../../src/webhooks/delivery-store.ts';
import { validBody } from '../wtn/wtn-app.ts';
import { type WebhookApp, webhookApp } from './webhook-app.ts';

// The worker is off: these tests drive the claims and the worker's round by hand.
let t: WebhookApp;
beforeAll(async () => {
  t = await webhookApp({ env: { WEBHOOK_WORKER: 'off' } });
});
afterAll(() => t.close());

describe('sharing deliveries between instances', () => {
  it('never hands one delivery to two workers claiming at the same moment', async () => {
    const { id } = await t.endpoint(['wtn.created']);
    for (let i = 0; i < 24; i++) expect((await t.post('/v1/generate-wtn', validBody())).statusCode).toBe(201);
    const stores = [new DeliveryStore(t.db), new DeliveryStore(t.db), new DeliveryStore(t.db)];
    const now = new Date();
    const lease = new Date(now.getTime() + 60_000);
    const uncapped = { perEndpoint: 100, perOrganisation: 100 };
    const claims = await Promise.all(stores.map((s) => s.claimDue(now, lease, { ...uncapped, slots: 10 })));
    const claimed = claims.flatMap((c) => c.claimed).map((c) => c.delivery.id);
    expect(new Set(claimed).size).toBe(claimed.length);
    const again = await stores[0].claimDue(now, lease, { ...uncapped, slots: 100 });
    const all = [...claimed, ...again.claimed.map((c) => c.delivery.id)];
    expect(new Set(all).size).toBe(24);
    expect(all).toHaveLength(24);
    const deliveries = (await t.get(`/v1/webhook-endpoints/${id}/deliveries?limit=100`)).json().data;
    expect(deliveries.every((d: { status: string }) => d.status === 'delivering')).toBe(true);
  });

  it('sends again, with the same event id, a delivery whose instance stopped mid-request', async () => {
    t.receiver.reset();
    await t.app.services.webhooks.worker.runOnce();
    expect(t.receiver.received).toHaveLength(0);
    const store = new DeliveryStore(t.db);
    const expired = await store.expiredLeases(new Date(Date.now() + 70_000));
    expect(expired).toHaveLength(24);
    // Those leases run out: the next round records the lost attempts and sends each event once more.
    await t.db.kysely
      .updateTable('webhook_deliveries')
      .set({ lease_until: new Date(Date.now() - 1000).toISOString() })
      .execute();
    // The lost attempt counts as a failure: its retry comes after the first backoff step.
    for (let round = 0; round < 100 && t.receiver.received.length < 24; round++) {
      await t.app.services.webhooks.worker.runOnce();
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(t.receiver.received).toHaveLength(24);
    const ids = t.receiver.received.map((r) => r.json.id);
    expect(new Set(ids).size).toBe(24);
    const [endpoint] = (await t.get('/v1/webhook-endpoints')).json().data;
    expect(endpoint.failing_since).toBeNull();
    const [delivery] = (await t.get(`/v1/webhook-endpoints/${endpoint.id}/deliveries`)).json().data;
    expect(delivery.status).toBe('succeeded');
    expect(delivery.attempts[0].error).toContain('stopped while this delivery was being sent');
  });

  it('lets endpoints take turns, and never opens more than the cap to one endpoint over every instance', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await t.endpoint(['wtn.created'], t.otherOrgKey)).id);
    for (let i = 0; i < 4; i++) {
      expect((await t.post('/v1/generate-wtn', validBody(), t.otherOrgKey)).statusCode).toBe(201);
    }
    const now = new Date();
    const lease = new Date(now.getTime() + 60_000);
    const limits = { perEndpoint: 2, perOrganisation: 100 };
    // Three slots go one to each endpoint, not two to the first.
    const first = await new DeliveryStore(t.db).claimDue(now, lease, { ...limits, slots: 3 });
    expect(first.claimed.map((c) => c.endpoint.id).sort()).toEqual([...ids].sort());
    const stores = [1, 2, 3, 4].map(() => new DeliveryStore(t.db));
    const claims = await Promise.all(stores.map((s) => s.claimDue(now, lease, { ...limits, slots: 10 })));
    // A claim made after those tops each endpoint up to the cap, and no further.
    const rest = await stores[0].claimDue(now, lease, { ...limits, slots: 10 });
    const all = [...first.claimed, ...claims.flatMap((c) => c.claimed), ...rest.claimed];
    expect(new Set(all.map((c) => c.delivery.id)).size).toBe(all.length);
    expect(ids.map((id) => all.filter((c) => c.endpoint.id === id).length)).toEqual([2, 2, 2]);
    // An organisation's share of one instance's slots is a cap too.
    const later = new Date(lease.getTime() + 1);
    const shared = await stores[0].claimDue(later, new Date(later.getTime() + 60_000), {
      slots: 10,
      perEndpoint: 2,
      perOrganisation: 3,
    });
    expect(shared.claimed).toHaveLength(3);
  });
});
