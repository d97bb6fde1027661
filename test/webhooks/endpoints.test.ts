import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_TYPE_NAMES } from '../../src/webhooks/event-types.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { type WebhookApp, webhookApp } from './webhook-app.ts';

describe('/v1/webhook-endpoints', () => {
  let t: WebhookApp;
  beforeAll(async () => {
    t = await webhookApp();
  });
  afterAll(() => t.close());

  it('creates an endpoint with its secret shown once, lists, changes and deletes it', async () => {
    const created = await t.post('/v1/webhook-endpoints', {
      url: t.receiver.url,
      events: ['carrier.expired', 'wtn.signed'],
      description: 'Compliance dashboard',
    });
    expect(created.statusCode).toBe(201);
    const endpoint = created.json();
    expect(endpoint).toMatchObject({ object: 'webhook_endpoint', status: 'enabled', livemode: false });
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);

    const listed = (await t.get('/v1/webhook-endpoints')).json().data;
    expect(listed.map((e: { id: string }) => e.id)).toContain(endpoint.id);
    expect(JSON.stringify(listed)).not.toContain(endpoint.secret);
    expect((await t.get(`/v1/webhook-endpoints/${endpoint.id}`)).json().secret).toBeUndefined();

    const patched = await t.call(t.testKey, {
      method: 'PATCH',
      url: `/v1/webhook-endpoints/${endpoint.id}`,
      payload: { events: ['*'], disabled: true },
    });
    expect(patched.json()).toMatchObject({ events: ['*'], status: 'disabled' });
    const ping = await t.post(`/v1/webhook-endpoints/${endpoint.id}/test`);
    expect(ping.statusCode).toBe(409);
    expect(ping.json().error.code).toBe('WEBHOOK_ENDPOINT_DISABLED');

    const deleted = await t.call(t.testKey, {
      method: 'DELETE',
      url: `/v1/webhook-endpoints/${endpoint.id}`,
    });
    expect(deleted.json()).toEqual({ id: endpoint.id, object: 'webhook_endpoint', deleted: true });
    expect((await t.get(`/v1/webhook-endpoints/${endpoint.id}`)).json().error.code).toBe(
      'WEBHOOK_ENDPOINT_NOT_FOUND',
    );
  });

  it("keeps each organisation's and each mode's endpoints apart", async () => {
    const { id } = await t.endpoint(['*']);
    for (const key of [t.otherOrgKey, t.liveKey]) {
      const response = await t.get(`/v1/webhook-endpoints/${id}`, key);
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('WEBHOOK_ENDPOINT_NOT_FOUND');
      const deleted = await t.call(key, { method: 'DELETE', url: `/v1/webhook-endpoints/${id}` });
      expect(deleted.statusCode).toBe(404);
    }
    expect((await t.get(`/v1/webhook-endpoints/${id}`)).statusCode).toBe(200);
  });

  it('refuses an unknown event type, an empty list and unknown fields, naming the field', async () => {
    const cases = [
      { url: t.receiver.url, events: ['carrier.exploded'] },
      { url: t.receiver.url, events: [] },
      { url: t.receiver.url, events: ['*'], secret: 'mine' },
      { events: ['*'] },
    ];
    for (const body of cases) {
      const response = await t.post('/v1/webhook-endpoints', body);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('INVALID_REQUEST');
      expect(response.json().error.details.length).toBeGreaterThan(0);
    }
    // The unknown type's refusal lists every type it could have been, and "*".
    const unknown = await t.post('/v1/webhook-endpoints', cases[0]);
    const [detail] = unknown.json().error.details;
    expect(detail.field).toBe('/events/0');
    for (const type of [...EVENT_TYPE_NAMES, '*']) expect(detail.issue).toContain(JSON.stringify(type));
  });
});

describe('webhook URLs (SSRF)', () => {
  let t: TestApp;
  let key: string;
  beforeAll(async () => {
    // Listening on every interface: test-mode endpoints get no loopback exception (loopback-rule.ts).
    t = await createTestApp({
      env: { HOST: '0.0.0.0', WEBHOOKS_ALLOW_HTTP_LOOPBACK: 'false', WEBHOOK_WORKER: 'off' },
    });
    key = (await t.newKey({ mode: 'test' })).key;
  });
  afterAll(() => t.close());

  const create = (url: string) =>
    t.call(key, { method: 'POST', url: '/v1/webhook-endpoints', payload: { url, events: ['*'] } });

  it.each([
    ['http://hooks.example.com/x', 'must use https'],
    ['ftp://hooks.example.com/x', 'must use https'],
    ['https://10.0.0.5/hook', '10.0.0.5'],
    ['https://192.168.1.20/hook', '192.168.1.20'],
    ['https://172.16.0.1/hook', '172.16.0.1'],
    ['https://169.254.169.254/latest/meta-data', '169.254.169.254'],
    ['https://100.64.0.1/hook', '100.64.0.1'],
    ['https://127.0.0.1/hook', '127.0.0.1'],
    ['https://[::1]/hook', '::1'],
    ['https://[fd00:ec2::254]/hook', 'fd00:ec2::254'],
    ['https://[::ffff:10.0.0.5]/hook', 'not a public'],
    ['https://0.0.0.0/hook', '0.0.0.0'],
    ['https://localhost/hook', 'resolves to'],
    ['http://127.0.0.1:8080/hook', 'must use https'],
    ['https://user:pass@hooks.example.com/x', 'user name or password'],
  ])('refuses %s', async (url, why) => {
    const response = await create(url);
    expect(response.statusCode).toBe(422);
    const { error } = response.json();
    expect(error.code).toBe('WEBHOOK_URL_NOT_ALLOWED');
    expect(error.message).toContain(why);
    expect(error.details[0].field).toBe('/url');
  });

  it('stores nothing for a refused URL', async () => {
    await create('https://10.0.0.5/hook');
    const list = await t.call(key, { method: 'GET', url: '/v1/webhook-endpoints' });
    expect(list.json().data).toEqual([]);
  });
});
