import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PER_ENDPOINT, PER_ORGANISATION } from '../../src/webhooks/delivery-worker.ts';
import { WebhookReceiver } from '../helpers/webhook-receiver.ts';
import { validBody } from '../wtn/wtn-app.ts';
import { type WebhookApp, webhookApp } from './webhook-app.ts';

// Organisation B's receivers never answer: each of its deliveries holds a request open until the
// 5-second timeout. Organisation A's receiver answers at once, and A's deliveries must not wait for B's.
const TIMEOUT_MS = 5000;
const B_ENDPOINTS = 16;

describe('one slow receiver cannot stall the others', () => {
  let t: WebhookApp;
  const hanging: WebhookReceiver[] = [];
  beforeAll(async () => {
    t = await webhookApp({ env: { WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS) } });
    for (let i = 0; i < B_ENDPOINTS; i++) {
      const receiver = await new WebhookReceiver().start(`/b${i}`);
      receiver.hang = true;
      hanging.push(receiver);
    }
  });
  afterAll(async () => {
    // Closing the hanging receivers first ends B's open requests, so the worker stops at once.
    await Promise.all(hanging.map((r) => r.stop()));
    await t.close();
  });

  it("delivers A's 40 events while B's 16 endpoints hang, opening at most 2 requests to each", async () => {
    for (const receiver of hanging) await t.endpoint(['wtn.created'], t.otherOrgKey, receiver.url);
    for (let i = 0; i < 3; i++) {
      expect((await t.post('/v1/generate-wtn', validBody(), t.otherOrgKey)).statusCode).toBe(201);
    }
    // B's deliveries are older than A's, and the worker is already holding some of them open.
    const openToB = () => hanging.reduce((n, r) => n + r.received.length, 0);
    for (const until = Date.now() + 5_000; openToB() === 0 && Date.now() < until; ) {
      await new Promise((r) => setTimeout(r, 10));
    }
    expect(openToB()).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 100));

    // A ping goes to its endpoint whatever the endpoint subscribes to.
    const a = await t.endpoint(['wtn.signed']);
    const started = Date.now();
    const pings = await Promise.all(
      Array.from({ length: 40 }, () => t.post(`/v1/webhook-endpoints/${a.id}/test`)),
    );
    expect(pings.every((p) => p.statusCode === 202)).toBe(true);
    await t.receiver.waitFor(40, 2 * TIMEOUT_MS);
    const elapsed = Date.now() - started;

    expect(new Set(t.receiver.received.map((r) => r.json.id)).size).toBe(40);
    expect(elapsed).toBeLessThan(TIMEOUT_MS / 2);
    // No hanging receiver has more than two requests open (the per-endpoint cap), and B's endpoints
    // together hold no more than B's share of the instance.
    expect(Math.max(...hanging.map((r) => r.received.length))).toBeLessThanOrEqual(PER_ENDPOINT);
    expect(openToB()).toBeLessThanOrEqual(PER_ORGANISATION);
  }, 30_000);
});
