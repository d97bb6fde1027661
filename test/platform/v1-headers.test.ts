import net from 'node:net';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';

// docs/errors.md: every /v1 response, success or error, carries Cache-Control: no-store and
// X-Content-Type-Options: nosniff, and every response a Request-Id.
let t: TestApp;
let key: string;
let port: number;

beforeAll(async () => {
  t = await createTestApp();
  key = (await t.newKey({ mode: 'test' })).key;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(() => t.close());

type Headers = Record<string, string | string[] | number | undefined>;

function expectApiHeaders(headers: Headers, what: string): void {
  expect(headers['cache-control'], what).toBe('no-store');
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['request-id'], what).toMatch(/^req_/);
}

/**
 * A request line sent as is, for paths a client library would refuse or re-encode. The status and the
 * headers of the answer, read until the server closes the connection.
 */
function raw(path: string, headerLines = ''): Promise<{ status: number; headers: Headers }> {
  return new Promise((resolve) => {
    let text = '';
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(`GET ${path} HTTP/1.1\r\nHost: x\r\n${headerLines}Connection: close\r\n\r\n`);
    });
    socket.on('data', (chunk) => {
      text += chunk;
    });
    // A refusal may close the socket while the request is still being written: the answer is read anyway.
    socket.on('error', () => {});
    socket.on('close', () => {
      const [statusLine = '', ...lines] = (text.split('\r\n\r\n', 1)[0] ?? '').split('\r\n');
      const headers = Object.fromEntries(
        lines.map((line) => {
          const at = line.indexOf(':');
          return [line.slice(0, at).toLowerCase(), line.slice(at + 1).trim()];
        }),
      );
      resolve({ status: Number(statusLine.split(' ')[1]), headers });
    });
  });
}

const errorCode = (response: LightMyRequestResponse) => response.json().error.code;

describe('every /v1 response carries no-store, nosniff and a Request-Id', () => {
  it('a normal 200', async () => {
    const response = await t.call(key, { method: 'GET', url: '/v1/account' });
    expect(response.statusCode).toBe(200);
    expectApiHeaders(response.headers, 'GET /v1/account');
  });

  it('an unknown route, by GET and by POST, with or without a key: 404 NOT_FOUND', async () => {
    for (const [method, url] of [
      ['GET', '/v1/no-such-thing'],
      ['POST', '/v1/no-such-thing'],
      ['GET', '/v1'],
      ['GET', '/v1/?x=1'],
    ] as const) {
      for (const send of [t.app.inject.bind(t.app), (o: object) => t.call(key, o)]) {
        const response = await send({ method, url, payload: method === 'POST' ? {} : undefined });
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(errorCode(response)).toBe('NOT_FOUND');
        expectApiHeaders(response.headers, `${method} ${url}`);
      }
    }
  });

  it('a method the route does not take: 405 with Allow', async () => {
    const response = await t.call(key, { method: 'DELETE', url: '/v1/verify-carrier' });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toContain('POST');
    expectApiHeaders(response.headers, 'DELETE /v1/verify-carrier');
  });

  it('a path that is not valid percent-encoding: 400', async () => {
    for (const path of ['/v1/%', '/v1/wtn/%ff']) {
      const response = await raw(path);
      expect(response.status, path).toBe(400);
      expectApiHeaders(response.headers, path);
    }
  });

  it('a path parameter over 100 characters: 414 URI_TOO_LONG', async () => {
    const response = await t.call(key, { method: 'GET', url: `/v1/wtn/${'a'.repeat(101)}` });
    expect(response.statusCode).toBe(414);
    expect(errorCode(response)).toBe('URI_TOO_LONG');
    expectApiHeaders(response.headers, '414');
  });

  it('headers too large to read: 431, before any URL is known', async () => {
    const response = await raw('/v1/account', `X-Padding: ${'a'.repeat(20_000)}\r\n`);
    expect(response.status).toBe(431);
    expectApiHeaders(response.headers, '431');
  });

  it('no key, or a key that is not one: 401', async () => {
    for (const headers of [{}, { authorization: 'Bearer wcs_test_not_a_key' }]) {
      const response = await t.app.inject({ method: 'GET', url: '/v1/account', headers });
      expect(response.statusCode).toBe(401);
      expectApiHeaders(response.headers, '401');
    }
  });

  it('a key over its rate limit: 429', async () => {
    const free = (await t.newKey({ mode: 'live', plan: 'free' })).key;
    let response: LightMyRequestResponse | undefined;
    for (let i = 0; i < 20 && response?.statusCode !== 429; i++) {
      response = await t.call(free, { method: 'GET', url: '/v1/account' });
    }
    expect(response?.statusCode).toBe(429);
    expectApiHeaders(response!.headers, '429');
  });

  it('a body that is not valid: 400 INVALID_REQUEST', async () => {
    const response = await t.call(key, { method: 'POST', url: '/v1/verify-carrier', payload: {} });
    expect(response.statusCode).toBe(400);
    expectApiHeaders(response.headers, '400');
  });
});

describe('outside /v1 the headers are the page’s own', () => {
  it('/health and an unknown path outside /v1 get a Request-Id, not the API’s cache rule', async () => {
    for (const url of ['/health', '/no-such-thing', '/v1beta/account']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.headers['request-id'], url).toMatch(/^req_/);
      expect(response.headers['cache-control'], url).toBeUndefined();
    }
  });

  it('the portal keeps its own: no-store on pages, a year on hashed assets', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/portal/login' });
    expect(page.headers['cache-control']).toBe('no-store');
    const asset = await t.app.inject({ method: 'GET', url: '/portal/assets/portal.css' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});
