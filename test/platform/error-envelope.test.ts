import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';

function expectEnvelope(
  res: { statusCode: number; headers: Record<string, unknown>; json(): unknown },
  code: string,
) {
  const body = res.json() as { error: { code: string; status: number; message: string; request_id: string } };
  expect(Object.keys(body)).toEqual(['error']);
  expect(body.error.code).toBe(code);
  expect(body.error.status).toBe(res.statusCode);
  expect(typeof body.error.message).toBe('string');
  expect(body.error.message.length).toBeGreaterThan(10);
  expect(body.error.request_id).toMatch(/^req_/);
  expect(res.headers['request-id']).toBe(body.error.request_id);
  return body.error;
}

describe('the error envelope', () => {
  let t: TestApp;
  let key: string;
  beforeAll(async () => {
    t = await createTestApp();
    key = (await t.newKey()).key;
  });
  afterAll(() => t.close());

  it('every response carries a Request-Id, success or not', async () => {
    const ok = await t.call(key, { method: 'GET', url: '/v1/account' });
    expect(ok.headers['request-id']).toMatch(/^req_[\w-]{10,}$/);
    const health = await t.app.inject({ method: 'GET', url: '/health' });
    expect(health.headers['request-id']).toMatch(/^req_/);
    expect(health.headers['request-id']).not.toBe(ok.headers['request-id']);
  });

  it('404 for an unknown route, with or without a key', async () => {
    expectEnvelope(await t.app.inject({ method: 'GET', url: '/v1/nothing-here' }), 'NOT_FOUND');
    expectEnvelope(await t.call(key, { method: 'GET', url: '/nope' }), 'NOT_FOUND');
  });

  it('405 for a known route with the wrong method, naming the allowed ones', async () => {
    const res = await t.call(key, { method: 'DELETE', url: '/v1/account' });
    expect(res.statusCode).toBe(405);
    const error = expectEnvelope(res, 'METHOD_NOT_ALLOWED');
    expect(res.headers.allow).toContain('GET');
    expect(error.message).toContain('GET');
  });

  it('400 for malformed JSON, before anything else is looked at', async () => {
    const res = await t.call(key, {
      method: 'POST',
      url: '/v1/anything',
      headers: { 'content-type': 'application/json' },
      payload: '{"description": ',
    });
    expect(res.statusCode).toBe(400);
    expect(expectEnvelope(res, 'INVALID_REQUEST').message).toMatch(/not valid JSON/);
  });

  it('413 for a body over 1 MiB', async () => {
    const res = await t.call(key, {
      method: 'POST',
      url: '/v1/anything',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ description: 'x'.repeat(1_100_000) }),
    });
    expect(res.statusCode).toBe(413);
    expectEnvelope(res, 'PAYLOAD_TOO_LARGE');
  });

  it('401 comes in the envelope too', async () => {
    expectEnvelope(await t.app.inject({ method: 'GET', url: '/v1/account' }), 'INVALID_API_KEY');
  });

  it('unknown /ready database failure is a 503 in the envelope', async () => {
    const other = await createTestApp();
    await other.db.close();
    const res = await other.app.inject({ method: 'GET', url: '/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expectEnvelope(res, 'SERVICE_UNAVAILABLE');
    await other.app.close();
  });

  it('/health and /ready answer without a key', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/health' })).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject({ method: 'GET', url: '/ready' })).json().status).toBe('ready');
  });

  it('serves the OpenAPI document and a reference page without a key', async () => {
    const doc = await t.app.inject({ method: 'GET', url: '/openapi.json' });
    expect(doc.json().paths['/v1/account'].get.security).toEqual([{ bearerAuth: [] }]);
    const page = await t.app.inject({ method: 'GET', url: '/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
  });
});
