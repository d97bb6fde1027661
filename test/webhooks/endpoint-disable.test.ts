import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/platform/clock.ts';
import { WebhookReceiver } from '../helpers/webhook-receiver.ts';
import { validBody } from '../wtn/wtn-app.ts';
import { type WebhookApp, webhookApp } from './webhook-app.ts';

const HOUR = 3_600_000;

describe('an endpoint that fails for 3 days', () => {
  const clock = new ManualClock('2026-11-23T09:00:00Z');
  let t: WebhookApp;
  let healthy: WebhookReceiver;
  beforeAll(async () => {
    t = await webhookApp({ clock, env: { WEBHOOK_WORKER: 'off' } });
    healthy = await new WebhookReceiver().start();
  });
  afterAll(async () => {
    await t.close();
    await healthy.stop();
  });
  const round = () => t.app.services.webhooks.worker.runOnce();

  it('is retried with backoff for 3 days, then disabled with an event saying so', async () => {
    const failing = await t.endpoint(['wtn.created']);
    const watcher = await t.endpoint(['webhook_endpoint.disabled'], t.testKey, healthy.url);
    t.receiver.answer(...Array(50).fill(503));
    expect((await t.post('/v1/generate-wtn', validBody())).statusCode).toBe(201);

    await round();
    const [delivery] = (await t.get(`/v1/webhook-endpoints/${failing.id}/deliveries`)).json().data;
    expect(delivery.status).toBe('retrying');
    // The first retry comes within a minute or two, so a receiver's restart costs little.
    expect(Date.parse(delivery.next_attempt_at) - clock.now().getTime()).toBeLessThan(2 * 60_000);
    expect((await t.get(`/v1/webhook-endpoints/${failing.id}`)).json().failing_since).toBe(
      clock.now().toISOString(),
    );

    for (let hours = 13; hours < 72; hours += 13) {
      clock.advance(13 * HOUR);
      await round();
      expect((await t.get(`/v1/webhook-endpoints/${failing.id}`)).json().status).toBe('enabled');
    }
    clock.advance(13 * HOUR);
    await round();
    const endpoint = (await t.get(`/v1/webhook-endpoints/${failing.id}`)).json();
    expect(endpoint.status).toBe('disabled');
    expect(endpoint.disabled_reason).toContain('3 days');
    const after = (await t.get(`/v1/webhook-endpoints/${failing.id}/deliveries/${delivery.id}`)).json();
    expect(after.status).toBe('failed');
    expect(after.attempts.length).toBe(t.receiver.received.length);
    expect(after.attempts.every((a: { http_status: number }) => a.http_status === 503)).toBe(true);

    await round();
    const [notice] = await healthy.waitFor(1);
    expect(notice.json.type).toBe('webhook_endpoint.disabled');
    expect((notice.json.data.endpoint as { id: string }).id).toBe(failing.id);
    expect(watcher.id).not.toBe(failing.id);

    // Nothing more is sent to a disabled endpoint.
    const sent = t.receiver.received.length;
    expect((await t.post('/v1/generate-wtn', validBody())).statusCode).toBe(201);
    clock.advance(HOUR);
    await round();
    expect(t.receiver.received.length).toBe(sent);
  });

  it('once enabled again, a hand redelivery of a failed delivery succeeds', async () => {
    const endpoints = (await t.get('/v1/webhook-endpoints')).json().data;
    const failing = endpoints.find((e: { status: string }) => e.status === 'disabled');
    const enabled = await t.call(t.testKey, {
      method: 'PATCH',
      url: `/v1/webhook-endpoints/${failing.id}`,
      payload: { disabled: false },
    });
    expect(enabled.json()).toMatchObject({ status: 'enabled', disabled_reason: null, failing_since: null });
    // An event that happened while it was disabled was not queued for it (GET /v1/events has it).
    t.receiver.reset();
    await round();
    expect(t.receiver.received).toHaveLength(0);
    const events = (await t.get('/v1/events?type=wtn.created')).json().data;
    expect(events).toHaveLength(2);

    const deliveries = (await t.get(`/v1/webhook-endpoints/${failing.id}/deliveries`)).json().data;
    const failed = deliveries.find((d: { status: string }) => d.status === 'failed');
    const again = await t.post(`/v1/webhook-endpoints/${failing.id}/deliveries/${failed.id}/redeliver`);
    expect(again.json().status).toBe('pending');
    await round();
    const done = (await t.get(`/v1/webhook-endpoints/${failing.id}/deliveries/${failed.id}`)).json();
    expect(done.status).toBe('succeeded');
    expect(t.receiver.received).toHaveLength(1);
  });
});
