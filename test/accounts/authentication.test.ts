import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';

describe('authentication on /v1', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const get = (authorization?: string) =>
    t.app.inject({ method: 'GET', url: '/v1/account', headers: authorization ? { authorization } : {} });

  async function expectRejected(authorization: string | undefined, messagePart: RegExp) {
    const res = await get(authorization);
    expect(res.statusCode).toBe(401);
    const body = res.json();
    expect(body.error).toMatchObject({ code: 'INVALID_API_KEY', status: 401 });
    expect(body.error.message).toMatch(messagePart);
    expect(body.error.request_id).toBe(res.headers['request-id']);
    expect(res.headers['www-authenticate']).toMatch(/^Bearer realm="api"/);
    if (authorization) expect(res.headers['www-authenticate']).toContain('error="invalid_token"');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  }

  it('answers with no-store and nosniff, so no cache keeps a per-key answer', async () => {
    const { key } = await t.newKey();
    const res = await get(`Bearer ${key}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['www-authenticate']).toBeUndefined();
  });

  it('refuses a request with no Authorization header, saying the key is missing', async () => {
    await expectRejected(undefined, /no api key/i);
  });

  it('refuses the wrong scheme', async () => {
    const { key } = await t.newKey();
    await expectRejected(`Basic ${key}`, /invalid/i);
    await expectRejected(key, /invalid/i);
  });

  it('refuses something that is not one of our keys', async () => {
    await expectRejected('Bearer sk_live_abc', /invalid/i);
    await expectRejected('Bearer wcs_prod_0123456789abcdef0123456789abcdef', /invalid/i);
    await expectRejected('Bearer wcs_live_short', /invalid/i);
  });

  it('refuses a well-formed key that does not exist', async () => {
    await expectRejected(`Bearer wcs_live_${'A'.repeat(40)}`, /no such key/i);
  });

  it('refuses a revoked key, saying it was revoked', async () => {
    const { key, keyId } = await t.newKey();
    expect((await get(`Bearer ${key}`)).statusCode).toBe(200);
    await t.app.services.accounts.revokeKey(keyId);
    await expectRejected(`Bearer ${key}`, /revoked/i);
  });

  it('accepts live and test keys and tells them apart', async () => {
    const live = await t.newKey({ mode: 'live' });
    const test = await t.newKey({ mode: 'test', orgId: live.orgId });
    expect(live.key).toMatch(/^wcs_live_[0-9A-Za-z]{32,}$/);
    expect(test.key).toMatch(/^wcs_test_[0-9A-Za-z]{32,}$/);
    const liveRes = await get(`Bearer ${live.key}`);
    const testRes = await get(`Bearer ${test.key}`);
    expect(liveRes.json().key).toMatchObject({ id: live.keyId, mode: 'live' });
    expect(testRes.json().key).toMatchObject({ id: test.keyId, mode: 'test' });
    expect(liveRes.json().organisation.id).toBe(live.orgId);
    expect(liveRes.json().key.display_prefix).toBe(`${live.key.slice(0, 13)}…`);
  });

  it('accepts the scheme in any case and extra spaces', async () => {
    const { key } = await t.newKey();
    expect((await get(`bearer   ${key}`)).statusCode).toBe(200);
  });

  it('never stores the key itself', async () => {
    const { key, keyId } = await t.newKey();
    const row = await t.db.kysely
      .selectFrom('api_keys')
      .selectAll()
      .where('id', '=', keyId)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(key.slice(9));
  });
});

describe('revocation reaches an instance that cached the key', () => {
  it('takes effect within one second on another instance sharing the database', async () => {
    const first = await createTestApp({ env: { AUTH_CACHE_TTL_MS: '1000' } });
    // A second instance on the same database: its auth cache is separate, as on another server.
    const second = await createTestApp({ db: first.db, env: { AUTH_CACHE_TTL_MS: '1000' } });
    try {
      const { key, keyId } = await first.newKey();
      const call = () => second.call(key, { method: 'GET', url: '/v1/account' });
      expect((await call()).statusCode).toBe(200); // now cached by the second instance
      await first.app.services.accounts.revokeKey(keyId);
      const revokedAt = Date.now();
      let status = 200;
      while (status === 200 && Date.now() - revokedAt < 1500) {
        status = (await call()).statusCode;
        if (status === 200) await new Promise((r) => setTimeout(r, 50));
      }
      expect(status).toBe(401);
      expect(Date.now() - revokedAt).toBeLessThanOrEqual(1100);
    } finally {
      await second.close();
      await first.close();
    }
  });

  it.skipIf(!process.env.REDIS_URL)(
    'with Redis, takes effect on the other instance at once, not after its cache expires',
    async () => {
      const ttl = { AUTH_CACHE_TTL_MS: '1000' };
      const first = await createTestApp({ env: ttl });
      const second = await createTestApp({ db: first.db, env: ttl });
      try {
        const { key, keyId } = await first.newKey();
        const call = () => second.call(key, { method: 'GET', url: '/v1/account' });
        expect((await call()).statusCode).toBe(200);
        await first.app.services.accounts.revokeKey(keyId);
        // Well inside the second instance's 1 s cache: only the published revocation can refuse it.
        await new Promise((r) => setTimeout(r, 150));
        expect((await call()).statusCode).toBe(401);
      } finally {
        await second.close();
        await first.close();
      }
    },
  );
});
