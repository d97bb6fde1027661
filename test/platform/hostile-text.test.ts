import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, REQUESTS_ONLY_ENV, type TestApp } from '../helpers/app.ts';
import { postMcp } from '../mcp/mcp-client.ts';
import { PortalClient, uniqueEmail } from '../portal/portal-client.ts';
import { receiptBody, siteBody } from '../receipts/receipt-app.ts';
import { validBody } from '../wtn/wtn-app.ts';

/**
 * Text PostgreSQL cannot store (a NUL, an unpaired UTF-16 surrogate) in a path, a query or a JSON body
 * is refused with the same status and code on every database (run this file on SQLite and on
 * PostgreSQL), and never answered with a 5xx.
 */

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
interface Hostile {
  method: Method;
  url: string;
  body?: unknown;
  /** Where `details` must say the text was. */
  field?: string;
}

const NUL_ID = 'abc%00def';

let t: TestApp;
let key: string;
let liveKey: string;
const ids = { site: '', receipt: '', endpoint: '', event: '', delivery: '', watch: '', reference: '' };

function call(request: { method: Method; url: string; body?: unknown }, as: string | null = key) {
  return t.app.inject({
    method: request.method,
    url: request.url,
    headers: {
      ...(as ? { authorization: `Bearer ${as}` } : {}),
      ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    // JSON.stringify writes NUL as `\u0000` and a lone surrogate as `\ud800`: the escapes a client sends.
    ...(request.body === undefined ? {} : { payload: JSON.stringify(request.body) }),
  });
}

async function created(request: { method: Method; url: string; body?: unknown }) {
  const response = await call(request);
  if (response.statusCode >= 300) throw new Error(`${request.url}: ${response.statusCode} ${response.body}`);
  return response.json();
}

beforeAll(async () => {
  t = await createTestApp({ env: { ...REQUESTS_ONLY_ENV } });
  const test = await t.newKey({ mode: 'test' });
  key = test.key;
  liveKey = (await t.newKey({ mode: 'live', orgId: test.orgId })).key;
  await t.app.services.accounts.changePlan(test.orgId, 'enterprise', {
    monthly: 1_000_000,
    perMinute: 1_000_000,
    changedBy: 'test',
  });
  ids.site = (await created({ method: 'POST', url: '/v1/sites', body: siteBody() })).id;
  ids.receipt = (
    await created({ method: 'POST', url: '/v1/waste-receipts', body: receiptBody(ids.site) })
  ).id;
  ids.endpoint = (
    await created({
      method: 'POST',
      url: '/v1/webhook-endpoints',
      body: { url: 'http://127.0.0.1:9/hook', events: ['*'] },
    })
  ).id;
  const ping = await created({ method: 'POST', url: `/v1/webhook-endpoints/${ids.endpoint}/test` });
  ids.event = ping.event.id;
  ids.delivery = ping.delivery.id;
  ids.watch = (
    await created({ method: 'POST', url: '/v1/carrier-watches', body: { registration_number: 'CBDU100001' } })
  ).id;
  ids.reference = (await created({ method: 'POST', url: '/v1/generate-wtn', body: validBody() })).reference;
});
afterAll(() => t?.close());

/** Every route that takes an id in its path, with a NUL in that id. */
function idRoutes(): Hostile[] {
  const endpoint = `/v1/webhook-endpoints/${ids.endpoint}`;
  return [
    { method: 'GET', url: `/v1/sites/${NUL_ID}` },
    { method: 'PATCH', url: `/v1/sites/${NUL_ID}`, body: { name: 'Depot' } },
    { method: 'DELETE', url: `/v1/sites/${NUL_ID}` },
    { method: 'GET', url: `/v1/waste-receipts/${NUL_ID}` },
    { method: 'PUT', url: `/v1/waste-receipts/${NUL_ID}`, body: receiptBody(ids.site) },
    { method: 'POST', url: `/v1/waste-receipts/${NUL_ID}/resolve`, body: { outcome: 'not_in_dwt' } },
    { method: 'GET', url: `/v1/webhook-endpoints/${NUL_ID}` },
    { method: 'PATCH', url: `/v1/webhook-endpoints/${NUL_ID}`, body: { description: 'x' } },
    { method: 'DELETE', url: `/v1/webhook-endpoints/${NUL_ID}` },
    { method: 'POST', url: `/v1/webhook-endpoints/${NUL_ID}/rotate-secret` },
    { method: 'POST', url: `/v1/webhook-endpoints/${NUL_ID}/test` },
    { method: 'GET', url: `/v1/webhook-endpoints/${NUL_ID}/deliveries` },
    { method: 'GET', url: `/v1/webhook-endpoints/${NUL_ID}/deliveries/${ids.delivery}` },
    { method: 'GET', url: `${endpoint}/deliveries/${NUL_ID}` },
    { method: 'POST', url: `${endpoint}/deliveries/${NUL_ID}/redeliver` },
    { method: 'GET', url: `/v1/events/${NUL_ID}` },
    { method: 'GET', url: `/v1/carrier-watches/${NUL_ID}` },
    { method: 'PATCH', url: `/v1/carrier-watches/${NUL_ID}`, body: { label: 'x' } },
    { method: 'DELETE', url: `/v1/carrier-watches/${NUL_ID}` },
    { method: 'GET', url: `/v1/wtn/${NUL_ID}` },
    { method: 'GET', url: `/v1/wtn/${NUL_ID}/pdf` },
    { method: 'POST', url: `/v1/wtn/${NUL_ID}/signatures`, body: { party: 'transferor', name: 'Sam' } },
    { method: 'POST', url: `/v1/wtn/${NUL_ID}/signing-links`, body: { party: 'transferor' } },
    { method: 'GET', url: `/v1/consignment-notes/${NUL_ID}` },
    { method: 'GET', url: `/v1/consignment-notes/${NUL_ID}/pdf` },
    { method: 'GET', url: `/v1/ewc-codes/17%2008%00` },
  ].map((r) => ({ ...r, field: 'path' }) as Hostile);
}

/** Lists paged from a NUL, and filters holding one. */
function queries(): Hostile[] {
  const q = (url: string, field: string): Hostile => ({ method: 'GET', url, field });
  return [
    q('/v1/waste-receipts?starting_after=%00', 'starting_after'),
    q('/v1/events?starting_after=%00', 'starting_after'),
    q('/v1/carrier-watches?starting_after=%00', 'starting_after'),
    q('/v1/wtn?starting_after=%00', 'starting_after'),
    q('/v1/consignment-notes?starting_after=%00', 'starting_after'),
    q(`/v1/webhook-endpoints/${ids.endpoint}/deliveries?starting_after=%00`, 'starting_after'),
    q('/v1/wtn?carrier_registration_number=%00', 'carrier_registration_number'),
    q('/v1/wtn?ewc_code=17%00', 'ewc_code'),
    q('/v1/events?type=%00', 'type'),
    q('/v1/waste-receipts?site_id=site_%00', 'site_id'),
    q('/v1/consignment-notes?consignment_code=A%00', 'consignment_code'),
    q('/v1/ewc-codes?q=oil%00', 'q'),
    q('/v1/verify-carrier?registration_number=CBDU%00', 'registration_number'),
    q('/v1/verify-carrier?business_name=acme%00', 'business_name'),
    q('/v1/wtn?limit=5&limit=%00', 'limit'),
    q('/v1/wtn?a%00b=1', 'a\\u0000b'),
  ];
}

/** JSON bodies with a NUL escape (or a lone surrogate) in a name, description, label, id or key. */
function bodies(): Hostile[] {
  const nul = 'Sam\u0000';
  const endpoint = `/v1/webhook-endpoints/${ids.endpoint}`;
  const signatures = `/v1/wtn/${ids.reference}/signatures`;
  const b = (method: Method, url: string, body: unknown, field: string): Hostile => ({
    method,
    url,
    body,
    field,
  });
  return [
    b('POST', '/v1/sites', siteBody({ name: nul }), '/name'),
    b('PATCH', `/v1/sites/${ids.site}`, { name: nul }, '/name'),
    b(
      'PATCH',
      `/v1/sites/${ids.site}`,
      { address: { full_address: 'x', postcode: '\u0000' } },
      '/address/postcode',
    ),
    b(
      'POST',
      '/v1/webhook-endpoints',
      { url: 'http://127.0.0.1:9/h', events: ['*'], description: nul },
      '/description',
    ),
    b('PATCH', endpoint, { description: nul }, '/description'),
    b('POST', '/v1/carrier-watches', { registration_number: 'CBDU100002', label: nul }, '/label'),
    b('PATCH', `/v1/carrier-watches/${ids.watch}`, { label: nul }, '/label'),
    b('POST', '/v1/waste-receipts', receiptBody('site_\u0000'), '/site_id'),
    b('POST', '/v1/waste-receipts', receiptBody(ids.site, { your_reference: nul }), '/your_reference'),
    b(
      'PUT',
      `/v1/waste-receipts/${ids.receipt}`,
      receiptBody(ids.site, { your_reference: nul }),
      '/your_reference',
    ),
    b('POST', signatures, { party: 'transferor', name: nul }, '/name'),
    b('POST', signatures, { party: 'transferor', name: 'Sam', position: nul }, '/position'),
    b(
      'POST',
      '/v1/generate-wtn',
      validBody({ producer: { ...(validBody().producer as object), name: nul } }),
      '/producer/name',
    ),
    b('POST', '/v1/classify-waste', { description: `oily rags${nul}` }, '/description'),
    b('POST', '/v1/verify-carrier', { registration_number: 'CBDU\u0000' }, '/registration_number'),
    b(
      'POST',
      '/v1/verify-carrier/batch',
      { registration_numbers: ['CBDU100001', '\u0000'] },
      '/registration_numbers/1',
    ),
    b('POST', '/v1/sites', { ...siteBody(), 'na\u0000me': 'x' }, '/na\\u0000me'),
    // Lone surrogates, high and low, have no UTF-8 form at all.
    b('PATCH', endpoint, { description: 'x\ud800' }, '/description'),
    b('POST', signatures, { party: 'transferor', name: 'Sam \udc00' }, '/name'),
    b('PATCH', `/v1/carrier-watches/${ids.watch}`, { label: 'truck \ud83d' }, '/label'),
  ];
}

describe('text PostgreSQL cannot store, refused at the edge of /v1', () => {
  it('answers 400 INVALID_REQUEST, naming where, for every route, list, filter and body', async () => {
    const cases = [...idRoutes(), ...queries(), ...bodies()];
    const answers: { request: string; status: number; code: unknown; fields: string[] }[] = [];
    for (const c of cases) {
      const response = await call(c);
      const error = response.json().error ?? {};
      answers.push({
        request: `${c.method} ${c.url} ${c.body === undefined ? '' : JSON.stringify(c.body).slice(0, 60)}`,
        status: response.statusCode,
        code: error.code,
        fields: (error.details ?? []).map((d: { field: string }) => d.field),
      });
    }
    expect(answers).toEqual(
      cases.map((c, i) => ({
        request: answers[i].request,
        status: 400,
        code: 'INVALID_REQUEST',
        fields: expect.arrayContaining([c.field]),
      })),
    );
  });

  it('changes nothing: the site, the watch and the endpoint keep their text', async () => {
    expect((await call({ method: 'GET', url: `/v1/sites/${ids.site}` })).json().name).toBe(siteBody().name);
    expect((await call({ method: 'GET', url: `/v1/carrier-watches/${ids.watch}` })).json().label).toBeNull();
    expect((await call({ method: 'GET', url: '/v1/sites' })).json().data).toHaveLength(1);
  });

  it('keeps text that is fine: escaped pairs (an emoji) and a literal backslash-u', async () => {
    const name = 'Depot \ud83d\ude9a \\u0000';
    const response = await call({ method: 'PATCH', url: `/v1/sites/${ids.site}`, body: { name } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().name).toBe(name);
    await call({ method: 'PATCH', url: `/v1/sites/${ids.site}`, body: { name: siteBody().name } });
  });

  it('still asks for a key first: an unauthenticated probe is a 401', async () => {
    for (const c of [idRoutes()[0], queries()[0], bodies()[0]]) {
      const response = await call(c, null);
      expect(response.statusCode).toBe(401);
      expect(response.json().error.code).toBe('INVALID_API_KEY');
    }
  });

  it('spends no monthly call on a refused request', async () => {
    const remaining = async (url: string) =>
      Number((await call({ method: 'GET', url }, liveKey)).headers['x-monthly-remaining']);
    const before = await remaining('/v1/waste-receipts');
    expect(await remaining(`/v1/waste-receipts/${NUL_ID}`)).toBe(before);
    expect(await remaining('/v1/waste-receipts')).toBe(before - 1);
  });
});

describe('an id that cannot be one of ours is not found, without a query', () => {
  it('answers each route its own 404, and a list its 400, for ids of another shape', async () => {
    const endpoint = `/v1/webhook-endpoints/${ids.endpoint}`;
    const cases: [string, number, string][] = [
      [`/v1/sites/site_x'y`, 404, 'SITE_NOT_FOUND'],
      [`/v1/sites/${ids.receipt}`, 404, 'SITE_NOT_FOUND'],
      ['/v1/waste-receipts/rcpt_%E2%9C%93', 404, 'RECEIPT_NOT_FOUND'],
      [`/v1/webhook-endpoints/${ids.site}`, 404, 'WEBHOOK_ENDPOINT_NOT_FOUND'],
      [`${endpoint}/deliveries/whd_a-b`, 404, 'WEBHOOK_DELIVERY_NOT_FOUND'],
      ['/v1/events/evt_%F0%9F%9A%9A', 404, 'EVENT_NOT_FOUND'],
      ['/v1/carrier-watches/cw_', 404, 'CARRIER_WATCH_NOT_FOUND'],
      ['/v1/wtn/WTN-2026-0101-%C3%84BCD', 404, 'WTN_NOT_FOUND'],
      ['/v1/waste-receipts?starting_after=site_x', 400, 'INVALID_REQUEST'],
      ['/v1/events?starting_after=evt_%E2%9C%93', 400, 'INVALID_REQUEST'],
      ['/v1/carrier-watches?starting_after=x', 400, 'INVALID_REQUEST'],
      ['/v1/wtn?starting_after=WTN%E2%9C%93', 400, 'INVALID_REQUEST'],
      [`${endpoint}/deliveries?starting_after=whd_%E2%9C%93`, 400, 'INVALID_REQUEST'],
    ];
    for (const [url, status, code] of cases) {
      const response = await call({ method: 'GET', url });
      expect({ url, status: response.statusCode, code: response.json().error?.code }).toEqual({
        url,
        status,
        code,
      });
    }
    const gone = await call({ method: 'DELETE', url: '/v1/carrier-watches/cw_a%20b' });
    expect(gone.json().error.code).toBe('CARRIER_WATCH_NOT_FOUND');
    const label = await call({ method: 'PATCH', url: '/v1/carrier-watches/cw_a%20b', body: { label: 'x' } });
    expect(label.json().error.code).toBe('CARRIER_WATCH_NOT_FOUND');
    const endpointGone = await call({ method: 'DELETE', url: '/v1/webhook-endpoints/we_%C3%A9' });
    expect(endpointGone.json().error.code).toBe('WEBHOOK_ENDPOINT_NOT_FOUND');
  });
});

describe('text outside /v1', () => {
  it('MCP tool arguments reach the API and are refused there, as a tool error, never a 5xx', async () => {
    for (const [name, args] of [
      ['get_transfer_note', { reference: 'WTN\u0000' }],
      ['get_transfer_note', { reference: 'WTN\ud800' }],
      ['list_transfer_notes', { carrier_registration_number: 'CBDU\u0000' }],
      ['classify_waste', { description: 'oily rags \ud800' }],
    ] as const) {
      const response = await postMcp(t.app, key, {
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name, arguments: args },
      });
      expect(response.statusCode, `${name}: ${response.body}`).toBe(200);
      expect(response.json().result?.isError ?? response.json().error, name).toBeTruthy();
    }
  });

  it('portal forms and addresses holding a NUL are the portal 400 page, never a 5xx', async () => {
    const visitor = new PortalClient(t.app);
    await visitor.get('/portal/signup');
    const signUp = await visitor.post('/portal/signup', {
      organisation_name: 'Acme Waste Ltd',
      email: `a\u0000${uniqueEmail('nul')}`,
      password: 'a long enough password',
    });
    await visitor.get('/portal/login');
    const logIn = await visitor.post('/portal/login', { email: 'a\u0000b@example.com', password: 'x' });
    await visitor.get('/portal/forgot');
    const forgot = await visitor.post('/portal/forgot', { email: 'a\u0000b@example.com' });
    const reset = await visitor.get('/portal/reset/abc%00def');

    const owner = new PortalClient(t.app);
    await owner.signUp(uniqueEmail('owner'));
    await owner.get('/portal/keys');
    const keyName = await owner.post('/portal/keys', { name: 'laptop\u0000', mode: 'test' });
    await owner.get('/portal/sites');
    const site = await owner.post('/portal/sites', { mode: 'test', name: 'Depot\u0000' });
    await owner.get('/portal/webhooks');
    const watch = await owner.post('/portal/webhooks/watches', {
      mode: 'test',
      registration_number: 'CBDU100001',
      label: 'x\u0000',
    });
    const rotate = await owner.post(`/portal/webhooks/${NUL_ID}/rotate`, {});
    const notes = await owner.get('/portal/notes.csv?mode=test&carrier=%00');

    const answers = { signUp, logIn, forgot, reset, keyName, site, watch, rotate, notes };
    for (const [name, response] of Object.entries(answers)) {
      expect({ name, status: response.statusCode }).toEqual({ name, status: 400 });
      expect(response.headers['content-type'], name).toMatch(/^text\/html/);
      expect(response.body, name).toContain('We could not read that form');
    }
  });

  it('a signing link form holding a NUL is the signing page 400 page', async () => {
    const link = await created({
      method: 'POST',
      url: `/v1/wtn/${ids.reference}/signing-links`,
      body: { party: 'transferee' },
    });
    const path = new URL(link.url).pathname;
    for (const [url, payload] of [
      [path, 'name=Dave&position=Driver%00&confirm=yes'],
      [`${path.slice(0, -2)}%00`, 'name=Dave&confirm=yes'],
      // Escapes that are not UTF-8 (half a surrogate pair, a stray byte), which the form parser keeps as
      // typed: the name was signed as "a%ED%A0%80b".
      [path, 'name=a%ED%A0%80b&confirm=yes'],
      [path, 'name=Dave%FF&confirm=yes'],
      [path, 'name=Dave&confirm=yes&position%E0=x'],
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload,
      });
      expect(response.statusCode, url).toBeLessThan(500);
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
    }
    const note = await call({ method: 'GET', url: `/v1/wtn/${ids.reference}` });
    expect(note.json().signatures.transferee).toBeNull();
  });
});
