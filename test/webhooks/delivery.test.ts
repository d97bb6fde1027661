import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validBody } from '../wtn/wtn-app.ts';
import { verifies } from './verify-signature.ts';
import { type WebhookApp, webhookApp } from './webhook-app.ts';

describe('webhook delivery', () => {
  let t: WebhookApp;
  beforeAll(async () => {
    t = await webhookApp();
  });
  afterAll(() => t.close());

  const note = async (key = t.testKey) => {
    const response = await t.post('/v1/generate-wtn', validBody(), key);
    expect(response.statusCode).toBe(201);
    return response.json();
  };

  it('delivers wtn.created once, signed with the secret shown at creation, as the stored event', async () => {
    const { id, secret } = await t.endpoint(['wtn.created']);
    const created = await note();
    const [hook] = await t.receiver.waitFor(1);
    expect(hook.json.type).toBe('wtn.created');
    expect(hook.json.livemode).toBe(false);
    expect((hook.json.data.note as { reference: string }).reference).toBe(created.reference);
    expect(hook.headers['content-type']).toBe('application/json');
    expect(verifies(hook.headers['wcs-signature'], hook.body, secret)).toBe(true);
    expect(verifies(hook.headers['wcs-signature'], hook.body, `${secret}x`)).toBe(false);
    const t0 = Number(/t=(\d+)/.exec(String(hook.headers['wcs-signature']))![1]);
    expect(Math.abs(t0 - Date.now() / 1000)).toBeLessThan(60);

    const event = (await t.get(`/v1/events/${hook.json.id}`)).json();
    expect(event).toEqual(hook.json);
    const deliveries = (await t.get(`/v1/webhook-endpoints/${id}/deliveries`)).json();
    const delivered = await t.deliveryWhere(id, deliveries.data[0].id, (d) => d.status === 'succeeded');
    expect(delivered.attempts).toHaveLength(1);
    expect(delivered.attempts[0].http_status).toBe(200);
    expect(delivered.attempts[0].response_excerpt!.length).toBeLessThanOrEqual(500);
    // Nothing is sent twice once the receiver said 2xx.
    await new Promise((r) => setTimeout(r, 150));
    expect(t.receiver.ofType('wtn.created')).toHaveLength(1);
    await t.call(t.testKey, { method: 'DELETE', url: `/v1/webhook-endpoints/${id}` });
  });

  it('retries a receiver that answers 500 twice, then succeeds, logging every attempt', async () => {
    t.receiver.received.length = 0;
    const { id } = await t.endpoint(['wtn.created']);
    t.receiver.answer(500, 500);
    await note();
    const hooks = await t.receiver.waitFor(3);
    expect(new Set(hooks.map((h) => h.json.id)).size).toBe(1);
    const list = (await t.get(`/v1/webhook-endpoints/${id}/deliveries`)).json();
    const delivery = await t.deliveryWhere(id, list.data[0].id, (d) => d.status === 'succeeded');
    expect(delivery.attempts.map((a) => a.http_status)).toEqual([500, 500, 200]);
    expect(delivery.attempts[0].error).toBe('HTTP 500');
    await t.call(t.testKey, { method: 'DELETE', url: `/v1/webhook-endpoints/${id}` });
  });

  it('sends test-mode events only to test endpoints, and a ping on request', async () => {
    t.receiver.received.length = 0;
    const live = await t.endpoint(['*'], t.liveKey);
    const test = await t.endpoint(['*']);
    await note(t.testKey);
    await t.receiver.waitFor(1);
    const ping = await t.post(`/v1/webhook-endpoints/${live.id}/test`, undefined, t.liveKey);
    expect(ping.statusCode).toBe(202);
    const hooks = await t.receiver.waitFor(2);
    const pinged = hooks.find((h) => h.json.type === 'ping')!;
    expect(pinged.json.livemode).toBe(true);
    expect(verifies(pinged.headers['wcs-signature'], pinged.body, live.secret)).toBe(true);
    const created = hooks.find((h) => h.json.type === 'wtn.created')!;
    expect(created.json.livemode).toBe(false);
    expect(verifies(created.headers['wcs-signature'], created.body, test.secret)).toBe(true);
    await new Promise((r) => setTimeout(r, 150));
    expect(t.receiver.received).toHaveLength(2);
    await t.call(t.liveKey, { method: 'DELETE', url: `/v1/webhook-endpoints/${live.id}` });
    await t.call(t.testKey, { method: 'DELETE', url: `/v1/webhook-endpoints/${test.id}` });
  });

  it('signs with both secrets for a day after a rotation, and redelivers on request', async () => {
    t.receiver.received.length = 0;
    const { id, secret: old } = await t.endpoint(['wtn.created']);
    const rotated = await t.post(`/v1/webhook-endpoints/${id}/rotate-secret`);
    expect(rotated.statusCode).toBe(200);
    const { secret, previous_secret_expires_at } = rotated.json();
    expect(secret).not.toBe(old);
    expect(Date.parse(previous_secret_expires_at) - Date.now()).toBeGreaterThan(23 * 3_600_000);
    expect((await t.get(`/v1/webhook-endpoints/${id}`)).json().secret).toBeUndefined();
    await note();
    const [hook] = await t.receiver.waitFor(1);
    expect(verifies(hook.headers['wcs-signature'], hook.body, secret)).toBe(true);
    expect(verifies(hook.headers['wcs-signature'], hook.body, old)).toBe(true);

    const list = (await t.get(`/v1/webhook-endpoints/${id}/deliveries`)).json();
    await t.deliveryWhere(id, list.data[0].id, (d) => d.status === 'succeeded');
    const again = await t.post(`/v1/webhook-endpoints/${id}/deliveries/${list.data[0].id}/redeliver`);
    expect(again.statusCode).toBe(202);
    const hooks = await t.receiver.waitFor(2);
    expect(hooks[1].json.id).toBe(hook.json.id);
    await t.deliveryWhere(id, list.data[0].id, (d) => d.status === 'succeeded' && d.attempts.length === 2);
  });

  it('tells of each signature and of a correction superseding a note', async () => {
    t.receiver.reset();
    const { id } = await t.endpoint(['wtn.signed', 'wtn.superseded']);
    const first = await note();
    for (const party of ['transferor', 'transferee']) {
      const signed = await t.post(`/v1/wtn/${first.reference}/signatures`, { party, name: 'A Person' });
      expect(signed.statusCode).toBe(201);
    }
    const correction = await t.post('/v1/generate-wtn', { ...validBody(), supersedes: first.reference });
    expect(correction.statusCode).toBe(201);
    const mine = () => t.receiver.received.filter((h) => h.json.type !== 'wtn.created');
    for (const until = Date.now() + 10_000; mine().length < 3 && Date.now() < until; ) {
      await new Promise((r) => setTimeout(r, 20));
    }
    const hooks = mine();
    const signed = hooks.filter((h) => h.json.type === 'wtn.signed');
    expect(signed.map((h) => h.json.data.party).sort()).toEqual(['transferee', 'transferor']);
    expect(signed.map((h) => (h.json.data.note as { signed: string }).signed).sort()).toEqual([
      'partially_signed',
      'signed',
    ]);
    const [superseded] = hooks.filter((h) => h.json.type === 'wtn.superseded');
    expect(superseded.json.data).toMatchObject({
      superseded_by: correction.json().reference,
      note: { reference: first.reference, status: 'superseded' },
    });
    await t.call(t.testKey, { method: 'DELETE', url: `/v1/webhook-endpoints/${id}` });
  });

  it('lists events newest first, by type, with cursor paging, scoped to the key', async () => {
    const all = (await t.get('/v1/events?type=wtn.created&limit=2')).json();
    expect(all.data).toHaveLength(2);
    expect(all.has_more).toBe(true);
    expect(all.data[0].created).toBeGreaterThanOrEqual(all.data[1].created);
    const next = (
      await t.get(`/v1/events?type=wtn.created&limit=2&starting_after=${all.next_starting_after}`)
    ).json();
    expect(next.data[0].id).not.toBe(all.data[1].id);
    expect((await t.get(`/v1/events/${all.data[0].id}`, t.otherOrgKey)).json().error.code).toBe(
      'EVENT_NOT_FOUND',
    );
    expect((await t.get(`/v1/events/${all.data[0].id}`, t.liveKey)).statusCode).toBe(404);
  });
});
