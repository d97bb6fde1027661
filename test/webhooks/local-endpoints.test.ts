import { afterEach, describe, expect, it } from 'vitest';
import { isLoopbackHost, serviceIsLocal } from '../../src/webhooks/loopback-rule.ts';
import { validBody } from '../wtn/wtn-app.ts';
import { verifies } from './verify-signature.ts';
import { type WebhookApp, webhookApp } from './webhook-app.ts';

// A developer runs the service on their laptop (HOST=127.0.0.1, the default) and points a test-mode
// endpoint at a receiver on the same machine: no setting and no restart needed. Anything reachable
// from elsewhere keeps loopback closed, and says what would open it.

let t: WebhookApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const local = (env: Record<string, string> = {}) =>
  webhookApp({ env: { WEBHOOKS_ALLOW_HTTP_LOOPBACK: 'false', ...env } });

const refusal = async (app: WebhookApp, key: string, url = app.receiver.url) => {
  const response = await app.post('/v1/webhook-endpoints', { url, events: ['*'] }, key);
  expect(response.statusCode).toBe(422);
  const { error } = response.json();
  expect(error.code).toBe('WEBHOOK_URL_NOT_ALLOWED');
  return error.message as string;
};

describe('test-mode webhook endpoints on this machine', () => {
  it('an http loopback test endpoint receives wtn.created, signed, with no setting', async () => {
    t = await local();
    const { secret } = await t.endpoint(['wtn.created']);
    const created = await t.post('/v1/generate-wtn', validBody());
    expect(created.statusCode).toBe(201);
    const [hook] = await t.receiver.waitFor(1);
    expect(hook.json.type).toBe('wtn.created');
    expect(hook.json.livemode).toBe(false);
    expect((hook.json.data.note as { reference: string }).reference).toBe(created.json().reference);
    expect(verifies(hook.headers['wcs-signature'], hook.body, secret)).toBe(true);
  });

  it('takes localhost and ::1 spelt as URLs, https included', async () => {
    t = await local();
    for (const url of ['http://localhost:9/hooks', 'http://[::1]:9/hooks', 'https://127.0.0.1:9/hooks']) {
      const response = await t.post('/v1/webhook-endpoints', { url, events: ['*'] });
      expect(response.statusCode, url).toBe(201);
    }
  });

  it('refuses a live endpoint on loopback, naming the setting and the test-mode rule', async () => {
    t = await local();
    const message = await refusal(t, t.liveKey);
    expect(message).toMatch(/^url must use https; /);
    expect(message).toContain('WEBHOOKS_ALLOW_HTTP_LOOPBACK=true');
    expect(message).toContain('test-mode endpoints may use them while this service listens on loopback');
  });

  it.each([
    ['listens on every interface', { HOST: '0.0.0.0' }],
    ['has a public address', { PUBLIC_URL: 'https://wcs.example.org' }],
    ['sits behind a proxy', { TRUST_PROXY: 'loopback' }],
  ])(
    'refuses a test endpoint on loopback when the service %s, naming what would allow it',
    async (_, env) => {
      t = await local(env);
      const message = await refusal(t, t.testKey);
      expect(message).toContain('HOST=127.0.0.1 or ::1');
      expect(message).toContain('PUBLIC_URL unset and TRUST_PROXY=false');
      expect(message).toContain('WEBHOOKS_ALLOW_HTTP_LOOPBACK=true');
      expect(await refusal(t, t.testKey, 'https://127.0.0.1/hook')).toMatch(
        /^url points at 127\.0\.0\.1, which is not a public internet address; loopback addresses .* WEBHOOKS_ALLOW_HTTP_LOOPBACK=true\.$/,
      );
    },
  );

  it('keeps private networks and plain http elsewhere closed, whatever the mode', async () => {
    t = await local();
    expect(await refusal(t, t.testKey, 'http://10.0.0.5/hook')).toBe('url must use https.');
    expect(await refusal(t, t.testKey, 'https://10.0.0.5/hook')).toBe(
      'url points at 10.0.0.5, which is not a public internet address.',
    );
    expect(await refusal(t, t.testKey, 'http://hooks.example.com/x')).toBe('url must use https.');
  });

  it('lets WEBHOOKS_ALLOW_HTTP_LOOPBACK=true open loopback to live endpoints and any HOST', async () => {
    t = await webhookApp({ env: { HOST: '0.0.0.0', WEBHOOKS_ALLOW_HTTP_LOOPBACK: 'true' } });
    await t.endpoint(['*'], t.liveKey);
    await t.endpoint(['*'], t.testKey);
  });
});

describe('when the service counts as local', () => {
  const config = (over: Record<string, string | undefined> = {}) => ({
    HOST: '127.0.0.1',
    PUBLIC_URL: undefined,
    TRUST_PROXY: 'false',
    ...over,
  });

  it.each([
    [{}, true],
    [{ HOST: '::1' }, true],
    [{ HOST: 'localhost' }, true],
    [{ HOST: '127.0.0.2' }, true],
    [{ PUBLIC_URL: 'http://127.0.0.1:8080' }, true],
    [{ HOST: '0.0.0.0' }, false],
    [{ HOST: '::' }, false],
    [{ HOST: '192.168.1.10' }, false],
    [{ PUBLIC_URL: 'https://wcs.example.org' }, false],
    [{ TRUST_PROXY: '1' }, false],
    [{ TRUST_PROXY: 'true' }, false],
  ])('%o: %s', (over, expected) => {
    expect(serviceIsLocal(config(over))).toBe(expected);
  });

  it('knows a loopback host however it is spelt', () => {
    for (const host of [
      'localhost',
      'LOCALHOST',
      '127.0.0.1',
      '127.1.2.3',
      '::1',
      '[::1]',
      '::ffff:127.0.0.1',
    ])
      expect(isLoopbackHost(host), host).toBe(true);
    for (const host of ['0.0.0.0', '::', '10.0.0.1', 'example.org', 'localhost.example.org'])
      expect(isLoopbackHost(host), host).toBe(false);
  });
});
