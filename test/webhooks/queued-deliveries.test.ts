import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReceivedWebhook } from '../helpers/webhook-receiver.ts';
import { validBody } from '../wtn/wtn-app.ts';
import { type WebhookApp, webhookApp } from './webhook-app.ts';

const referenceOf = (hook: ReceivedWebhook) => (hook.json.data.note as { reference: string }).reference;

// The worker's poll is an hour away: every delivery here is sent because its event was queued, or
// because a delivery to the same endpoint ended, never because the worker looked again on its own.
describe('deliveries queued faster than one endpoint takes them', () => {
  let t: WebhookApp;
  beforeAll(async () => {
    t = await webhookApp({ env: { WEBHOOK_POLL_MS: String(3_600_000) } });
  });
  afterAll(() => t.close());

  it('sends every event of a burst of notes at once, each once, without waiting for the poll', async () => {
    await t.endpoint(['wtn.created']);
    const notes = await Promise.all(
      Array.from({ length: 30 }, async () => {
        const response = await t.post('/v1/generate-wtn', validBody());
        expect(response.statusCode).toBe(201);
        return (response.json() as { reference: string }).reference;
      }),
    );
    const received = await t.receiver.waitFor(30, 15_000);
    const delivered = received.map(referenceOf);
    expect(delivered.sort()).toEqual(notes.sort());

    // One more after the burst, when no request is open to the endpoint, goes at once too.
    const last = await t.post('/v1/generate-wtn', validBody());
    const [next] = (await t.receiver.waitFor(31, 15_000)).slice(30);
    expect(referenceOf(next)).toBe(last.json().reference);
  }, 60_000);
});
