import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';

describe('webhook URLs that hide a private IPv4 address in IPv6, or name a port that cannot be', () => {
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
    ['https://[::7f00:1]/hook', 'not a public internet address'],
    ['https://[::127.0.0.1]/hook', 'not a public internet address'],
    ['https://[::a9fe:a9fe]/latest/meta-data', 'not a public internet address'],
    ['https://[::a00:1]/hook', 'not a public internet address'],
    ['https://[0:0:0:0:0:0:C0A8:0101]/hook', 'not a public internet address'],
    ['https://[::FFFF:A9FE:A9FE]/hook', 'not a public internet address'],
    ['https://[64:ff9b::169.254.169.254]/hook', 'not a public internet address'],
    ['https://[64:ff9b:1::a00:5]/hook', 'not a public internet address'],
    ['https://[::6440:1]/hook', 'not a public internet address'],
    ['https://hooks.example.com:0/hook', 'has port 0, but a port must be from 1 to 65535'],
    ['https://8.8.8.8:65536/hook', 'has port 65536, but a port must be from 1 to 65535'],
  ])('refuses %s with WEBHOOK_URL_NOT_ALLOWED', async (url, why) => {
    const response = await create(url);
    expect(response.statusCode).toBe(422);
    const { error } = response.json();
    expect(error.code).toBe('WEBHOOK_URL_NOT_ALLOWED');
    expect(error.message).toContain(why);
    expect(error.details).toEqual([{ field: '/url', issue: expect.stringContaining(why) }]);
  });

  it('refuses the same when an endpoint is changed', async () => {
    const created = await create('https://[64:ff9b::808:808]/hook');
    expect(created.statusCode).toBe(201);
    const response = await t.call(key, {
      method: 'PATCH',
      url: `/v1/webhook-endpoints/${created.json().id}`,
      payload: { url: 'https://[::7f00:1]:8443/hook' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().error.code).toBe('WEBHOOK_URL_NOT_ALLOWED');
  });

  it.each(['https://[::808:808]/hook', 'https://[::ffff:8.8.8.8]/hook', 'https://[64:ff9b::808:808]:443/x'])(
    'accepts the public address 8.8.8.8 written as %s',
    async (url) => {
      const response = await create(url);
      expect(response.statusCode).toBe(201);
    },
  );
});
