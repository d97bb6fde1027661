import type { LightMyRequestResponse } from 'fastify';
import type { Clock } from '../../src/platform/clock.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { WebhookReceiver } from '../helpers/webhook-receiver.ts';

export interface WebhookApp extends TestApp {
  testKey: string;
  liveKey: string;
  otherOrgKey: string;
  receiver: WebhookReceiver;
  post(path: string, body?: unknown, key?: string): Promise<LightMyRequestResponse>;
  get(path: string, key?: string): Promise<LightMyRequestResponse>;
  /** Creates an endpoint for the receiver (or `url`) and returns its id and secret. */
  endpoint(events: string[], key?: string, url?: string): Promise<{ id: string; secret: string }>;
  /** Polls GET …/deliveries/{id} until `done` holds. */
  deliveryWhere(
    endpointId: string,
    deliveryId: string,
    done: (d: Delivery) => boolean,
    key?: string,
  ): Promise<Delivery>;
}

export interface Delivery {
  id: string;
  status: string;
  event_id: string;
  event_type: string;
  next_attempt_at: string | null;
  attempts: {
    number: number;
    http_status: number | null;
    error: string | null;
    response_excerpt: string | null;
  }[];
}

export async function webhookApp(
  options: { clock?: Clock; env?: Record<string, string> } = {},
): Promise<WebhookApp> {
  const t = await createTestApp({
    clock: options.clock,
    env: {
      EA_REGISTER_URL: 'http://127.0.0.1:9/unused',
      WEBHOOKS_ALLOW_HTTP_LOOPBACK: 'true',
      WEBHOOK_POLL_MS: '20',
      WEBHOOK_RETRY_BASE_MS: '40',
      WEBHOOK_TIMEOUT_MS: '1000',
      ...options.env,
    },
  });
  const receiver = await new WebhookReceiver().start();
  const test = await t.newKey({ mode: 'test' });
  const live = await t.newKey({ mode: 'live', orgId: test.orgId });
  const other = await t.newKey({ mode: 'test' });
  const post = (path: string, body: unknown = undefined, key = test.key) =>
    t.call(key, { method: 'POST', url: path, ...(body === undefined ? {} : { payload: body as object }) });
  const get = (path: string, key = test.key) => t.call(key, { method: 'GET', url: path });
  return {
    ...t,
    testKey: test.key,
    liveKey: live.key,
    otherOrgKey: other.key,
    receiver,
    post,
    get,
    async endpoint(events, key = test.key, url = receiver.url) {
      const response = await post('/v1/webhook-endpoints', { url, events }, key);
      if (response.statusCode !== 201)
        throw new Error(`expected 201, got ${response.statusCode}: ${response.body}`);
      const { id, secret } = response.json();
      return { id, secret };
    },
    async deliveryWhere(endpointId, deliveryId, done, key = test.key) {
      const until = Date.now() + 10_000;
      for (;;) {
        const d = (
          await get(`/v1/webhook-endpoints/${endpointId}/deliveries/${deliveryId}`, key)
        ).json() as Delivery;
        if (done(d)) return d;
        if (Date.now() > until) throw new Error(`delivery stuck: ${JSON.stringify(d)}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    async close() {
      await t.close();
      await receiver.stop();
    },
  };
}
