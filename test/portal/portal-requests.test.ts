import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { PortalClient, uniqueEmail } from './portal-client.ts';

let t: TestApp;
let browser: PortalClient;
let testKey: string;
const made: string[] = [];

async function signedIn(organisation: string) {
  const client = new PortalClient(t.app);
  await client.signUp(uniqueEmail('owner'), organisation);
  return client;
}

/** A call with `key`; the request id its response carried. */
async function call(key: string, url = '/v1/account', method: 'GET' | 'POST' = 'GET', payload?: object) {
  const res = await t.call(key, { method, url, payload });
  return String(res.headers['request-id']);
}

/** The request ids a page lists, in order. */
function listedIds(body: string): string[] {
  return [...body.matchAll(/<code class="request__id">(req_[^<]+)<\/code>/g)].map((m) => m[1]);
}

beforeAll(async () => {
  t = await createTestApp({ env: { EA_REGISTER_URL: 'http://127.0.0.1:9/unused' } });
  browser = await signedIn('Acme Waste Ltd');
  testKey = await browser.createKey('Laptop', 'test');
  for (let i = 0; i < 9; i++) {
    made.push(await call(testKey, '/v1/verify-carrier', 'POST', { registration_number: 'CBDU100001' }));
  }
  made.push(await call(testKey, '/v1/wtn/WTN-2026-0101-ABCD'));
});
afterAll(() => t.close());

describe('the Requests page', () => {
  it("lists the organisation's 10 test calls, newest first, each with its request id", async () => {
    const page = await browser.get('/portal/requests');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<a href="/portal/requests" aria-current="page">Requests</a>');
    // No live key yet: the test requests are shown first.
    expect(page.body).toMatch(
      /<a href="\/portal\/requests\?mode=test" aria-current="page">Test requests<\/a>/,
    );
    expect(listedIds(page.body)).toEqual([...made].reverse());
    expect(page.body).toContain('<code class="long-code">/v1/verify-carrier</code>');
    expect(page.body).toContain('<code class="request__code">WTN_NOT_FOUND</code>');
    expect(page.body).not.toContain(testKey);
    expect(page.body).toMatch(/<code class="prefix">wcs_test_/);
  });

  it('switches to live requests, which are kept apart', async () => {
    const liveKey = await browser.createKey('Server', 'live');
    const live = await call(liveKey);
    const page = await browser.get('/portal/requests?mode=live');
    expect(listedIds(page.body)).toEqual([live]);
    // With a live key, live requests are what the page opens on.
    expect(listedIds((await browser.get('/portal/requests')).body)).toEqual([live]);
    expect(listedIds((await browser.get('/portal/requests?mode=test')).body)).toEqual([...made].reverse());
  });

  it('filters by status class', async () => {
    const page = await browser.get('/portal/requests?mode=test&status=4xx');
    expect(listedIds(page.body)).toEqual([made[9]]);
    expect(page.body).toMatch(/<option value="4xx" selected>/);
    const none = await browser.get('/portal/requests?mode=test&status=5xx');
    expect(listedIds(none.body)).toEqual([]);
    expect(none.body).toContain('No test requests with a 5xx status in the last 30 days.');
  });

  it('pages back through older requests, 50 at a time', async () => {
    const other = await signedIn('Busy Skips Ltd');
    const key = await other.createKey('CI', 'test');
    const ids: string[] = [];
    for (let i = 0; i < 60; i++) ids.push(await call(key));
    const first = await other.get('/portal/requests?mode=test');
    expect(listedIds(first.body)).toEqual(ids.slice(10).reverse());
    const older = /<a href="([^"]+)" rel="next">Older requests<\/a>/.exec(first.body)?.[1];
    expect(older).toBe(`/portal/requests?mode=test&amp;starting_after=${ids[10]}`);
    const second = await other.get(older!.replaceAll('&amp;', '&'));
    expect(listedIds(second.body)).toEqual(ids.slice(0, 10).reverse());
    expect(second.body).not.toContain('Older requests');
    expect(second.body).toContain('<a href="/portal/requests?mode=test">Newest requests</a>');
    // An edited or stale cursor starts again from the newest rather than failing.
    const stale = await other.get('/portal/requests?mode=test&starting_after=req_nothing');
    expect(stale.statusCode).toBe(200);
    expect(listedIds(stale.body)).toEqual(ids.slice(10).reverse());
  });

  it("never shows another organisation's requests", async () => {
    const other = await signedIn('Other Waste Ltd');
    for (const mode of ['test', 'live']) {
      const page = await other.get(`/portal/requests?mode=${mode}`);
      expect(listedIds(page.body)).toEqual([]);
      for (const id of made) expect(page.body).not.toContain(id);
    }
    // Nor through another organisation's request id as a cursor.
    const probe = await other.get(`/portal/requests?mode=test&starting_after=${made[5]}`);
    expect(listedIds(probe.body)).toEqual([]);
  });

  it('sends anyone not signed in to log in', async () => {
    const res = await new PortalClient(t.app).get('/portal/requests?mode=test');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/portal/login');
  });
});

describe('test calls on the dashboard', () => {
  it('shows the test calls made this cycle, apart from the counted ones', async () => {
    const page = await browser.get('/portal/dashboard');
    // 9 carrier checks and a note looked up: the 404 a route answers after looking counts, as for live keys.
    expect(page.body).toMatch(/<span>10 calls<\/span> <span class="muted">Never counted<\/span>/);
    expect(page.body).toContain('Test keys made 10 calls this cycle');
    expect(page.body).toContain('href="/portal/requests?mode=test"');
  });
});
