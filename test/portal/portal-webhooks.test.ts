import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { WebhookEndpoint } from '../../src/webhooks/webhook-schemas.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { WebhookReceiver } from '../helpers/webhook-receiver.ts';
import { verifies } from '../webhooks/verify-signature.ts';
import { PortalClient, problem, uniqueEmail } from './portal-client.ts';

let t: TestApp | undefined;
let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await new WebhookReceiver().start();
});
afterAll(() => receiver.stop());
afterEach(async () => {
  await t?.close();
  t = undefined;
  receiver.received.length = 0;
});

/** The service as deployed, but allowed to call the receiver on 127.0.0.1 and quick to deliver. */
function webhookTestApp(): Promise<TestApp> {
  return createTestApp({
    env: { WEBHOOKS_ALLOW_HTTP_LOOPBACK: 'true', WEBHOOK_POLL_MS: '20', WEBHOOK_TIMEOUT_MS: '2000' },
  });
}

async function signedIn(app: TestApp, organisation = 'Acme Waste Ltd') {
  const email = uniqueEmail('owner');
  const browser = new PortalClient(app.app);
  await browser.signUp(email, organisation);
  const user = await app.app.services.portal.users.findByEmail(email);
  return { browser, organisationId: user!.organisation_id };
}

async function addEndpoint(browser: PortalClient, form: Record<string, string> = {}) {
  await browser.get('/portal/webhooks');
  return browser.post('/portal/webhooks', {
    mode: 'test',
    url: receiver.url,
    'event:wtn.created': 'on',
    'event:wtn.signed': 'on',
    description: 'ERP integration',
    ...form,
  });
}

/** The signing secret a page shows in its copy box, if any. */
function shownSecret(body: string): string | undefined {
  return /id="signing-secret"[^>]*value="(whsec_[\w-]+)"/.exec(body)?.[1];
}

async function endpointsOf(app: TestApp, organisationId: string): Promise<WebhookEndpoint[]> {
  const webhooks = app.app.services.webhooks;
  return [
    ...(await webhooks.list({ organisationId, mode: 'live' })),
    ...(await webhooks.list({ organisationId, mode: 'test' })),
  ];
}

/** One mode's section of the page. */
function section(body: string, mode: 'live' | 'test'): string {
  const start = body.indexOf(`id="${mode}-endpoints"`);
  return body.slice(start, body.indexOf('</section>', start));
}

/** One endpoint's entry on the page: its URL, status, actions and deliveries. */
function entry(body: string, id: string): string {
  const start = body.indexOf(`id="endpoint-${id}"`);
  return start < 0 ? '' : body.slice(start, body.indexOf('</article>', start));
}

function field(body: string, name: string): string {
  const control = body.search(new RegExp(`<input id="${name}"`));
  const start = body.lastIndexOf('<div class="field', control);
  return body.slice(start, body.indexOf('</div>', control));
}

/** Reloads the page until `done` holds for the endpoint's entry, as a user waiting for a delivery would. */
async function entryWhere(browser: PortalClient, id: string, done: (entry: string) => boolean) {
  for (let tries = 0; ; tries++) {
    const found = entry((await browser.get('/portal/webhooks')).body, id);
    if (done(found)) return found;
    if (tries > 400) throw new Error(`the page never showed it: ${found}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('webhook endpoints in the portal', () => {
  it('adds an endpoint, shows its secret once, and lists it under its mode as the API does', async () => {
    t = await webhookTestApp();
    const { browser, organisationId } = await signedIn(t);
    const added = await addEndpoint(browser);
    expect(added.statusCode).toBe(201);
    expect(added.body).toContain('Copy it now: it will not be shown again.');
    const secret = shownSecret(added.body)!;
    expect(secret).toMatch(/^whsec_/);

    const [endpoint] = await endpointsOf(t, organisationId);
    const page = await browser.get('/portal/webhooks');
    expect(page.body).not.toContain(secret);
    expect(shownSecret(page.body)).toBeUndefined();
    const listed = entry(section(page.body, 'test'), endpoint.id);
    expect(listed).toContain(receiver.url);
    expect(listed).toContain('Enabled');
    expect(listed).toContain('<li><code>wtn.created</code></li><li><code>wtn.signed</code></li>');
    expect(listed).toContain('ERP integration');
    expect(listed).toContain('Nothing has been sent to this endpoint yet.');
    expect(section(page.body, 'live')).toContain('No live endpoints yet.');

    const key = await browser.createKey('Staging', 'test');
    const api = await t.call(key, { method: 'GET', url: '/v1/webhook-endpoints' });
    expect(api.json().data).toEqual([
      expect.objectContaining({ id: endpoint.id, url: receiver.url, events: ['wtn.created', 'wtn.signed'] }),
    ]);
    expect(JSON.stringify(api.json())).not.toContain(secret);
  });

  it('sends a test event, signed with the secret shown at creation, and lists the delivery', async () => {
    t = await webhookTestApp();
    const { browser, organisationId } = await signedIn(t);
    const secret = shownSecret((await addEndpoint(browser, { all_events: 'on' })).body)!;
    const [endpoint] = await endpointsOf(t, organisationId);
    expect(endpoint.events).toEqual(['*']);

    await browser.get('/portal/webhooks');
    const sent = await browser.post(`/portal/webhooks/${endpoint.id}/test`);
    expect(sent.statusCode).toBe(303);
    expect(sent.headers.location).toBe(`/portal/webhooks?done=webhook-test-sent#endpoint-${endpoint.id}`);
    expect((await browser.get('/portal/webhooks?done=webhook-test-sent')).body).toContain(
      'Test event queued',
    );

    const [hook] = await receiver.waitFor(1);
    expect(hook.json.type).toBe('ping');
    expect(hook.json.livemode).toBe(false);
    expect(verifies(hook.headers['wcs-signature'], hook.body, secret)).toBe(true);
    const shown = await entryWhere(browser, endpoint.id, (e) => e.includes('Delivered'));
    expect(shown).toContain('<code>ping</code>');
    expect(shown).toMatch(/<td class="num">1<\/td>\s*<td>HTTP 200<\/td>/);
  });

  it('redelivers a delivery: the receiver gets the same event again', async () => {
    t = await webhookTestApp();
    const { browser, organisationId } = await signedIn(t);
    await addEndpoint(browser);
    const [endpoint] = await endpointsOf(t, organisationId);
    await browser.get('/portal/webhooks');
    await browser.post(`/portal/webhooks/${endpoint.id}/test`);
    const [first] = await receiver.waitFor(1);
    const shown = await entryWhere(browser, endpoint.id, (e) => e.includes('Delivered'));
    const deliveryId = /action="\/portal\/webhooks\/[^/]+\/deliveries\/([^/]+)\/redeliver"/.exec(shown)![1];

    const again = await browser.post(`/portal/webhooks/${endpoint.id}/deliveries/${deliveryId}/redeliver`);
    expect(again.headers.location).toBe(`/portal/webhooks?done=webhook-redelivered#endpoint-${endpoint.id}`);
    const [, second] = await receiver.waitFor(2);
    expect(second.json.id).toBe(first.json.id);
    await entryWhere(browser, endpoint.id, (e) => /Delivered[\s\S]*<td class="num">2<\/td>/.test(e));
  });

  it('refuses a private address beside the URL field, keeps what was typed, and stores nothing', async () => {
    t = await webhookTestApp();
    const { browser, organisationId } = await signedIn(t);
    const res = await addEndpoint(browser, { url: 'https://10.0.0.5/x', mode: 'live' });
    expect(res.statusCode).toBe(400);
    const message =
      'The URL points at 10.0.0.5, which is not a public internet address. Use an https address on the public internet, like https://hooks.example.com/wcs.';
    expect(problem(res.body)).toBe(message);
    const url = field(res.body, 'url');
    expect(url).toContain(`<span class="visually-hidden">Error:</span> ${message}`);
    expect(url).toContain('value="https://10.0.0.5/x"');
    expect(url).toContain('aria-invalid="true"');
    expect(res.body).toMatch(/id="webhook-mode-live" name="mode" value="live" checked/);
    expect(res.body).toMatch(/name="event:wtn\.created" value="on" checked/);
    expect(res.body).not.toMatch(/name="event:wtn\.superseded" value="on" checked/);
    expect(field(res.body, 'description')).toContain('value="ERP integration"');
    expect(shownSecret(res.body)).toBeUndefined();

    const plain = await addEndpoint(browser, { url: 'http://hooks.example.com/wcs' });
    expect(field(plain.body, 'url')).toContain('The URL must use https.');
    expect(await endpointsOf(t, organisationId)).toEqual([]);
  });

  it('names each field the form cannot send, and stores nothing', async () => {
    t = await webhookTestApp();
    const { browser, organisationId } = await signedIn(t);
    await browser.get('/portal/webhooks');
    const res = await browser.post('/portal/webhooks', { url: '  ' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Choose live or test.');
    expect(field(res.body, 'url')).toContain('Enter the URL events are sent to.');
    expect(res.body).toContain('Choose the events to send, or all events.');
    const odd = await addEndpoint(browser, { url: 'hooks.example.com' });
    expect(field(odd.body, 'url')).toContain('Enter a full URL starting with https://');
    expect(await endpointsOf(t, organisationId)).toEqual([]);
  });

  it('disables and enables an endpoint; a disabled one offers no test event', async () => {
    t = await webhookTestApp();
    const { browser, organisationId } = await signedIn(t);
    await addEndpoint(browser);
    const [endpoint] = await endpointsOf(t, organisationId);
    await browser.get('/portal/webhooks');
    const off = await browser.post(`/portal/webhooks/${endpoint.id}/disable`);
    expect(off.headers.location).toBe(`/portal/webhooks?done=webhook-disabled#endpoint-${endpoint.id}`);
    const disabled = entry((await browser.get('/portal/webhooks')).body, endpoint.id);
    expect(disabled).toContain('Disabled');
    expect(disabled).toContain('Nothing is sent to it until it is enabled again.');
    expect(disabled).not.toContain('Send test event');
    expect(disabled).toContain(`action="/portal/webhooks/${endpoint.id}/enable"`);
    expect((await endpointsOf(t, organisationId))[0].status).toBe('disabled');

    const refused = await browser.post(`/portal/webhooks/${endpoint.id}/test`);
    expect(refused.headers.location).toBe(
      `/portal/webhooks?done=webhook-enable-first#endpoint-${endpoint.id}`,
    );

    await browser.post(`/portal/webhooks/${endpoint.id}/enable`);
    const enabled = entry((await browser.get('/portal/webhooks?done=webhook-enabled')).body, endpoint.id);
    expect(enabled).toContain('Enabled');
    expect(enabled).toContain('Send test event');
    expect((await endpointsOf(t, organisationId))[0].status).toBe('enabled');
    expect(receiver.received).toEqual([]);
  });

  it('rotates the secret: the new one is shown once and signs what is sent next', async () => {
    t = await webhookTestApp();
    const { browser, organisationId } = await signedIn(t);
    const old = shownSecret((await addEndpoint(browser)).body)!;
    const [endpoint] = await endpointsOf(t, organisationId);
    await browser.get('/portal/webhooks');
    const rotated = await browser.post(`/portal/webhooks/${endpoint.id}/rotate`);
    expect(rotated.statusCode).toBe(200);
    expect(rotated.body).toContain('Copy it now: it will not be shown again.');
    expect(rotated.body).toContain('with the old secret too');
    const secret = shownSecret(rotated.body)!;
    expect(secret).not.toBe(old);
    expect((await browser.get('/portal/webhooks')).body).not.toContain(secret);

    await browser.post(`/portal/webhooks/${endpoint.id}/test`);
    const [hook] = await receiver.waitFor(1);
    expect(verifies(hook.headers['wcs-signature'], hook.body, secret)).toBe(true);
  });

  it('deletes after a confirmation; the API no longer has the endpoint', async () => {
    t = await webhookTestApp();
    const { browser, organisationId } = await signedIn(t);
    await addEndpoint(browser);
    const [endpoint] = await endpointsOf(t, organisationId);
    const page = await browser.get('/portal/webhooks');
    expect(entry(page.body, endpoint.id)).toContain(`href="/portal/webhooks/${endpoint.id}/delete"`);
    const confirm = await browser.get(`/portal/webhooks/${endpoint.id}/delete`);
    expect(confirm.statusCode).toBe(200);
    expect(confirm.body).toContain('Delete this endpoint?');
    expect(confirm.body).toContain(receiver.url);
    expect(await endpointsOf(t, organisationId)).toHaveLength(1);

    const done = await browser.post(`/portal/webhooks/${endpoint.id}/delete`);
    expect(done.headers.location).toBe('/portal/webhooks?done=webhook-deleted');
    const after = await browser.get('/portal/webhooks?done=webhook-deleted');
    expect(after.body).toContain('Endpoint deleted.');
    expect(section(after.body, 'test')).toContain('No test endpoints yet.');
    expect(await endpointsOf(t, organisationId)).toEqual([]);
  });

  it("never shows or changes another organisation's endpoint, nor acts without the form token", async () => {
    t = await webhookTestApp();
    const owner = await signedIn(t, 'Acme Waste Ltd');
    await addEndpoint(owner.browser);
    const [endpoint] = await endpointsOf(t, owner.organisationId);
    await owner.browser.get('/portal/webhooks');
    const forged = await owner.browser.post(`/portal/webhooks/${endpoint.id}/delete`, { _csrf: 'forged' });
    expect(forged.statusCode).toBe(403);

    const other = await signedIn(t, 'Other Skips Ltd');
    const page = await other.browser.get('/portal/webhooks');
    expect(page.body).not.toContain(endpoint.id);
    expect(page.body).not.toContain(receiver.url);
    for (const path of ['delete', 'disable', 'rotate', 'test']) {
      const res = await other.browser.post(`/portal/webhooks/${endpoint.id}/${path}`);
      expect(res.statusCode, path).toBe(404);
      expect(res.body).toContain('Endpoint not found');
    }
    expect((await other.browser.get(`/portal/webhooks/${endpoint.id}/delete`)).statusCode).toBe(404);
    expect(await endpointsOf(t, owner.organisationId)).toMatchObject([
      { id: endpoint.id, status: 'enabled' },
    ]);
    expect(receiver.received).toEqual([]);
  });

  it('is linked from the portal navigation and sends a signed-out visitor to log in', async () => {
    t = await webhookTestApp();
    const { browser } = await signedIn(t);
    expect((await browser.get('/portal/dashboard')).body).toContain(
      '<a href="/portal/webhooks">Webhooks</a>',
    );
    expect((await browser.get('/portal/webhooks')).body).toContain(
      '<a href="/portal/webhooks" aria-current="page">Webhooks</a>',
    );
    const stranger = new PortalClient(t.app);
    const res = await stranger.get('/portal/webhooks');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/portal/login');
  });
});
