import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  verifyWebhookSignature,
  WasteComplianceClient,
  WcsWebhookSignatureError,
} from '../../packages/sdk/src/index.ts';
import { signatureHeader } from '../../src/webhooks/signature.ts';
import type { ReceivedWebhook } from '../helpers/webhook-receiver.ts';
import { type WebhookApp, webhookApp } from '../webhooks/webhook-app.ts';
import { rejection } from './sdk-server.ts';

let t: WebhookApp;
let wcs: WasteComplianceClient;
let endpoint: { id: string; secret: string };
let delivery: ReceivedWebhook;

/** Sends a ping through the service's delivery worker and waits for it at the receiver. */
async function ping(): Promise<ReceivedWebhook> {
  const before = t.receiver.received.length;
  await wcs.webhookEndpoints.test(endpoint.id);
  return (await t.receiver.waitFor(before + 1))[before];
}

const header = (d: ReceivedWebhook) => d.headers['wcs-signature'] as string;

beforeAll(async () => {
  t = await webhookApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = t.app.server.address() as AddressInfo;
  wcs = new WasteComplianceClient({ apiKey: t.testKey, baseUrl: `http://127.0.0.1:${port}` });
  const created = await wcs.webhookEndpoints.create({ url: t.receiver.url, events: ['*'] });
  endpoint = { id: created.id, secret: created.secret! };
  delivery = await ping();
});
afterAll(() => t.close());

describe('verifyWebhookSignature', () => {
  it('accepts a real delivery and returns its event', async () => {
    const event = await verifyWebhookSignature(delivery.body, header(delivery), endpoint.secret);
    expect(event.type).toBe('ping');
    expect(event.id).toBe(delivery.headers['wcs-event-id']);
    expect(event.livemode).toBe(false);
    // The raw bytes verify as well as the string.
    const bytes = new TextEncoder().encode(delivery.body);
    expect((await verifyWebhookSignature(bytes, header(delivery), endpoint.secret)).id).toBe(event.id);
  });

  it('refuses a tampered body, another secret, and a header with no signature', async () => {
    const tampered = delivery.body.replace('"livemode":false', '"livemode":true');
    expect(tampered).not.toBe(delivery.body);
    const changed = await rejection(
      verifyWebhookSignature(tampered, header(delivery), endpoint.secret),
      WcsWebhookSignatureError,
    );
    expect(changed.reason).toBe('no_matching_signature');

    const wrongSecret = await rejection(
      verifyWebhookSignature(delivery.body, header(delivery), 'whsec_not-this-one'),
      WcsWebhookSignatureError,
    );
    expect(wrongSecret.reason).toBe('no_matching_signature');

    const missing = await rejection(
      verifyWebhookSignature(delivery.body, undefined, endpoint.secret),
      WcsWebhookSignatureError,
    );
    expect(missing.reason).toBe('missing_header');

    const bare = await rejection(
      verifyWebhookSignature(delivery.body, header(delivery).split(',')[0], endpoint.secret),
      WcsWebhookSignatureError,
    );
    expect(bare.reason).toBe('malformed_header');
  });

  it('refuses a delivery signed more than toleranceSeconds ago (a replay)', async () => {
    const t0 = Number(/t=(\d+)/.exec(header(delivery))![1]);
    const later = (seconds: number) => () => new Date((t0 + seconds) * 1000);
    await expect(
      verifyWebhookSignature(delivery.body, header(delivery), endpoint.secret, { now: later(299) }),
    ).resolves.toMatchObject({ type: 'ping' });
    const replay = await rejection(
      verifyWebhookSignature(delivery.body, header(delivery), endpoint.secret, { now: later(301) }),
      WcsWebhookSignatureError,
    );
    expect(replay.reason).toBe('timestamp_outside_tolerance');
    await expect(
      verifyWebhookSignature(delivery.body, header(delivery), endpoint.secret, {
        now: later(3000),
        toleranceSeconds: 3600,
      }),
    ).resolves.toMatchObject({ type: 'ping' });
  });

  it('accepts either secret during a rotation, when the delivery carries both signatures', async () => {
    const rotated = { secret: (await wcs.webhookEndpoints.rotateSecret(endpoint.id)).secret! };
    const both = await ping();
    expect(header(both).match(/v1=/g)).toHaveLength(2);
    for (const secret of [endpoint.secret, rotated.secret, [rotated.secret, endpoint.secret]]) {
      await expect(verifyWebhookSignature(both.body, header(both), secret)).resolves.toMatchObject({
        type: 'ping',
      });
    }
    endpoint = { id: endpoint.id, secret: rotated.secret };
  });

  it('matches the service’s own signing for any body, including non-ASCII text', async () => {
    const body = JSON.stringify({ id: 'evt_1', type: 'wtn.created', data: { place: 'Café, Ŵrexham – 🚛' } });
    const now = Math.floor(Date.now() / 1000);
    const signed = signatureHeader(['whsec_a', 'whsec_b'], now, body);
    await expect(verifyWebhookSignature(body, signed, 'whsec_b')).resolves.toMatchObject({ id: 'evt_1' });
    await expect(verifyWebhookSignature(`${body} `, signed, 'whsec_b')).rejects.toThrow(
      WcsWebhookSignatureError,
    );
  });
});
