import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/platform/clock.ts';
import type { ApiRequest } from '../../src/requests/request-schemas.ts';
import { createTestApp, type TestApp, type TestKey } from '../helpers/app.ts';
import { usingPostgres } from '../helpers/database.ts';

const dialect = usingPostgres() ? 'PostgreSQL' : 'SQLite';
const T0 = Date.parse('2026-11-23T09:00:00Z');

let t: TestApp;
/** Moved a second after every call, so the log's order is the order the calls were made in. */
const clock = new ManualClock(T0);

beforeAll(async () => {
  t = await createTestApp({ clock, env: { EA_REGISTER_URL: 'http://127.0.0.1:9/unused' } });
});
afterAll(() => t.close());

type Call = Parameters<TestApp['call']>[1];

/** Makes a call with `key` and returns the request id its response carried. */
async function call(key: string, options: Call): Promise<{ id: string; status: number }> {
  const res = await t.call(key, options);
  clock.advance(1_000);
  return { id: String(res.headers['request-id']), status: res.statusCode };
}

const verify = (number = 'CBDU100001'): Call => ({
  method: 'POST',
  url: '/v1/verify-carrier',
  payload: { registration_number: number },
});

async function listed(
  key: string,
  query = '',
): Promise<{ data: ApiRequest[]; has_more: boolean; next_starting_after: string | null }> {
  const res = await t.call(key, { url: `/v1/requests${query}` });
  clock.advance(1_000);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const ids = (page: { data: ApiRequest[] }) => page.data.map((r) => r.id);
/** The ids of a page, leaving out the reads of the log itself (logged like any request). */
const callIds = (page: { data: ApiRequest[] }) =>
  page.data.filter((r) => r.route !== '/v1/requests').map((r) => r.id);

describe(`the request log (${dialect})`, () => {
  it('lists 10 test calls, newest first, with the request ids their responses carried', async () => {
    const key = await t.newKey({ mode: 'test', plan: 'free' });
    const made: string[] = [];
    for (let i = 0; i < 10; i++) {
      const { id, status } = await call(key.key, verify());
      expect(status).toBe(200);
      made.push(id);
    }
    expect(new Set(made).size).toBe(10);
    const page = await listed(key.key, '?limit=100');
    expect(ids(page)).toEqual([...made].reverse());
    expect(page.has_more).toBe(false);
    const [latest] = page.data;
    expect(latest).toEqual({
      id: made[9],
      object: 'api_request',
      method: 'POST',
      route: '/v1/verify-carrier',
      path: '/v1/verify-carrier',
      status: 200,
      error_code: null,
      key: { id: key.keyId, prefix: expect.stringMatching(/^wcs_test_/) },
      mode: 'test',
      duration_ms: expect.any(Number),
      created_at: expect.stringMatching(/^2026-11-23T09:00:\d\d\.\d{3}Z$/),
    });
    expect(latest.duration_ms).toBeGreaterThanOrEqual(0);
    // When it arrived: the clock stood at T0 + 9 s during the tenth call, less the time it took.
    expect(Date.parse(latest.created_at)).toBeLessThanOrEqual(T0 + 9_000);
    expect(Date.parse(latest.created_at)).toBeGreaterThan(T0 + 8_000);
    // The key itself is nowhere in the log, only its display prefix.
    expect(JSON.stringify(page)).not.toContain(key.key);
  });

  it('records the route, the path without its query, and the error code of an error', async () => {
    const key = await t.newKey({ mode: 'test' });
    const missing = await call(key.key, { url: '/v1/wtn/WTN-2026-0101-ABCD?format=json' });
    const invalid = await call(key.key, { method: 'POST', url: '/v1/verify-carrier', payload: {} });
    const [second, first] = (await listed(key.key)).data;
    expect(first).toMatchObject({
      id: missing.id,
      method: 'GET',
      route: '/v1/wtn/{reference}',
      path: '/v1/wtn/WTN-2026-0101-ABCD',
      status: 404,
      error_code: 'WTN_NOT_FOUND',
    });
    expect(second).toMatchObject({ id: invalid.id, status: 400, error_code: 'INVALID_REQUEST' });
  });

  describe('filters', () => {
    let key: TestKey;
    let other: TestKey;
    const made: Record<string, string> = {};
    beforeAll(async () => {
      key = await t.newKey({ mode: 'test' });
      other = await t.app.services.accounts
        .createKey(key.orgId, 'test', 'second')
        .then((k) => ({ key: k.key, keyId: k.row.id, orgId: key.orgId }));
      made.verified = (await call(key.key, verify())).id;
      made.account = (await call(key.key, { url: '/v1/account' })).id;
      made.missing = (await call(key.key, { url: '/v1/wtn/WTN-2026-0101-ABCD' })).id;
      made.invalid = (await call(key.key, { method: 'POST', url: '/v1/verify-carrier', payload: {} })).id;
      made.unavailable = (await call(key.key, verify('CBDU100503'))).id;
      made.otherKey = (await call(other.key, { url: '/v1/usage' })).id;
    });

    it.each([
      ['?status=4xx', ['invalid', 'missing']],
      ['?status=404', ['missing']],
      ['?status=5xx', ['unavailable']],
      ['?status=2xx', ['otherKey', 'account', 'verified']],
      ['?method=POST', ['unavailable', 'invalid', 'verified']],
      ['?path=/v1/wtn', ['missing']],
      ['?path=/v1/WTN', []],
      ['?path=/v1/verify-carrier&status=2xx', ['verified']],
    ])('%s', async (query, expected) => {
      const page = await listed(key.key, query);
      expect(callIds(page)).toEqual(expected.map((name) => made[name]));
    });

    it('by key: either key of the organisation sees the other’s requests, and can narrow to one', async () => {
      expect(ids(await listed(key.key, `?key_id=${other.keyId}`))).toEqual([made.otherKey]);
      const fromOther = callIds(await listed(other.key, `?key_id=${key.keyId}&limit=100`));
      expect(fromOther).toEqual(expect.arrayContaining([made.verified, made.missing]));
      expect(fromOther).not.toContain(made.otherKey);
    });

    it('by time: from and to, both inclusive', async () => {
      const all = (await listed(key.key, '?limit=100')).data;
      const at = (name: string) => all.find((r) => r.id === made[name])!.created_at;
      const page = await listed(key.key, `?created_from=${at('account')}&created_to=${at('invalid')}`);
      expect(callIds(page)).toEqual([made.invalid, made.missing, made.account]);
      const utc = new Date(Date.parse(at('unavailable')) - 1).toISOString().replace('Z', '+00:00');
      expect(callIds(await listed(key.key, `?created_from=${encodeURIComponent(utc)}`))).toEqual([
        made.otherKey,
        made.unavailable,
      ]);
    });

    it.each([
      ['status=6xx', 'status'],
      ['status=4x', 'status'],
      ['method=FETCH', 'method'],
      ['path=v1', 'path'],
      ['created_from=yesterday', 'created_from'],
      ['created_from=2026-11-24T00:00:00Z&created_to=2026-11-23T00:00:00Z', 'created_to'],
      ['body=1', 'body'],
      ['starting_after=req_nobodysrequest', 'starting_after'],
    ])('refuses %s, naming %s', async (query, field) => {
      const res = await t.call(key.key, { url: `/v1/requests?${query}` });
      expect(res.statusCode).toBe(400);
      const { error } = res.json();
      expect(error.code).toBe('INVALID_REQUEST');
      expect(error.details.map((d: { field: string }) => d.field)).toContain(field);
    });
  });

  it('pages through the log without overlap or gap', async () => {
    const key = await t.newKey({ mode: 'test' });
    const made: string[] = [];
    for (let i = 0; i < 10; i++) made.push((await call(key.key, { url: '/v1/account' })).id);
    const seen: string[] = [];
    let cursor = '';
    const sizes: number[] = [];
    for (let page = 0; page < 10; page++) {
      const result = await listed(key.key, `?limit=3&path=/v1/account${cursor}`);
      seen.push(...ids(result));
      sizes.push(result.data.length);
      if (!result.has_more) {
        expect(result.next_starting_after).toBeNull();
        break;
      }
      expect(result.next_starting_after).toBe(result.data[2].id);
      cursor = `&starting_after=${result.next_starting_after}`;
    }
    expect(sizes).toEqual([3, 3, 3, 1]);
    expect(seen).toEqual([...made].reverse());
  });

  it("never shows another organisation's requests, nor the other mode's", async () => {
    const mine = await t.newKey({ mode: 'test' });
    const theirs = await t.newKey({ mode: 'test' });
    const myLive = await t.app.services.accounts.createKey(mine.orgId, 'live', 'live');
    const a = await call(mine.key, { url: '/v1/account' });
    const b = await call(theirs.key, { url: '/v1/account' });
    const c = await call(myLive.key, { url: '/v1/account' });

    expect(callIds(await listed(mine.key, '?limit=100'))).toEqual([a.id]);
    expect(callIds(await listed(theirs.key, '?limit=100'))).toEqual([b.id]);
    expect(callIds(await listed(myLive.key, '?limit=100'))).toEqual([c.id]);
    // Neither as a filter nor as a cursor does another's key or request find anything.
    expect(callIds(await listed(mine.key, `?key_id=${theirs.keyId}`))).toEqual([]);
    for (const cursor of [b.id, c.id]) {
      const res = await t.call(mine.key, { url: `/v1/requests?starting_after=${cursor}` });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details).toEqual([
        { field: 'starting_after', issue: 'is not one of your requests in this mode' },
      ]);
    }
  });

  it('never stores a body, a query string or the key', async () => {
    const key = await t.newKey({ mode: 'test' });
    const marker = 'Zebra-Quokka-7731';
    await call(key.key, {
      method: 'POST',
      url: '/v1/classify-waste',
      payload: { description: `oily rags ${marker}` },
    });
    await call(key.key, { url: `/v1/verify-carrier?name=${marker}&postcode=TE1%201AA` });
    await call(key.key, {
      method: 'POST',
      url: '/v1/verify-carrier',
      payload: { registration_number: marker },
    });
    await t.app.services.requests.flush();
    const rows = await t.db.kysely
      .selectFrom('api_requests')
      .selectAll()
      .where('key_id', '=', key.keyId)
      .execute();
    expect(rows).toHaveLength(3);
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(marker);
    expect(stored).not.toContain('TE1');
    expect(stored).not.toContain(key.key);
    expect(rows.map((r) => r.path).sort()).toEqual([
      '/v1/classify-waste',
      '/v1/verify-carrier',
      '/v1/verify-carrier',
    ]);
    expect(Object.keys(rows[0]).sort()).toEqual(
      [
        'created_at',
        'duration_ms',
        'error_code',
        'id',
        'key_id',
        'key_prefix',
        'method',
        'mode',
        'organisation_id',
        'path',
        'route',
        'status',
      ].sort(),
    );
  });

  it('skips an id it already holds rather than losing the rows written with it', async () => {
    const log = t.app.services.requests;
    const answered = (id: string) => ({
      id,
      key: {
        organisationId: 'org_dup',
        mode: 'test' as const,
        keyId: 'key_dup',
        displayPrefix: 'wcs_test_Dup…',
      },
      method: 'GET',
      route: '/v1/account',
      url: '/v1/account',
      status: 200,
      errorCode: null,
      elapsedMs: 1,
    });
    log.record(answered('req_dup000001'));
    await log.flush();
    log.record(answered('req_dup000001'));
    log.record(answered('req_dup000002'));
    await log.flush();
    const rows = await t.db.kysely
      .selectFrom('api_requests')
      .select('id')
      .where('organisation_id', '=', 'org_dup')
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.id)).toEqual(['req_dup000001', 'req_dup000002']);
  });

  it('logs a request the rate limit refused, with its code', async () => {
    // A live key on the free plan may make 10 requests a minute: the 11th is refused.
    const limited = await t.newKey({ mode: 'live', plan: 'free' });
    const reader = await t.app.services.accounts.createKey(limited.orgId, 'live', 'reader');
    const made: { id: string; status: number }[] = [];
    for (let i = 0; i < 11; i++) made.push(await call(limited.key, { url: '/v1/account' }));
    expect(made.map((m) => m.status)).toEqual([...Array(10).fill(200), 429]);
    const [refused] = (await listed(reader.key, `?key_id=${limited.keyId}&status=429`)).data;
    expect(refused).toMatchObject({ id: made[10].id, status: 429, error_code: 'RATE_LIMIT_EXCEEDED' });
  });

  it('does not log a request refused for want of a valid key, nor count one in the log', async () => {
    const key = await t.newKey({ mode: 'test' });
    await t.app.inject({ url: '/v1/account', headers: { authorization: 'Bearer wcs_test_nonsense' } });
    const made = await call(key.key, { url: '/v1/account' });
    expect(ids(await listed(key.key))).toEqual([made.id]);
  });
});
