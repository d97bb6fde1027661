// What costs a call of the month is the work itself; setting up sites and webhooks, and reading what the
// work told, is free (docs/limits.md, "The monthly quota").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type WebhookApp, webhookApp } from '../webhooks/webhook-app.ts';

let t: WebhookApp;
beforeAll(async () => {
  t = await webhookApp();
});
afterAll(() => t.close());

const used = async () => (await t.get('/v1/usage', t.liveKey)).json().used as number;

describe('free routes with a live key', () => {
  it('count no call for sites, webhook endpoints, their deliveries and the events', async () => {
    const call = async (method: string, url: string, payload?: object) => {
      const response = await t.call(t.liveKey, {
        method: method as 'GET',
        url,
        ...(payload ? { payload } : {}),
      });
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
      return response;
    };
    const site = (
      await call('POST', '/v1/sites', {
        name: 'Southern Oil Recovery Ltd',
        address: { full_address: 'Wharf Road, Southampton', postcode: 'SO14 3TJ' },
        authorisation_numbers: ['EPR/AB1234CD'],
        dwt_api_code: '1f83215e-4b90-4785-9ab2-2614839aa2e9',
      })
    ).json();
    // Registering a site counts, as creating a carrier watch does; the rest of the setting up is free.
    const before = await used();
    await call('GET', '/v1/sites');
    await call('GET', `/v1/sites/${site.id}`);
    await call('PATCH', `/v1/sites/${site.id}`, { name: 'Southern Oil Recovery' });
    const endpoint = (
      await call('POST', '/v1/webhook-endpoints', { url: 'https://93.184.216.34/wcs', events: ['*'] })
    ).json();
    await call('GET', '/v1/webhook-endpoints');
    await call('GET', `/v1/webhook-endpoints/${endpoint.id}`);
    await call('GET', `/v1/webhook-endpoints/${endpoint.id}/deliveries`);
    await call('GET', '/v1/events');
    await call('DELETE', `/v1/webhook-endpoints/${endpoint.id}`);
    await call('DELETE', `/v1/sites/${site.id}`);
    expect(await used()).toBe(before);
    // The work itself still counts.
    await call('GET', '/v1/wtn');
    expect(await used()).toBe(before + 1);
  });
});
