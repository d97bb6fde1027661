import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';

// Refusals made before a route is reached, seen as a client on the wire sees them.
let t: TestApp;
let port: number;
let key: string;

beforeAll(async () => {
  t = await createTestApp({ env: { HEADERS_TIMEOUT_MS: '400', REQUEST_TIMEOUT_MS: '800' } });
  key = (await t.newKey({ mode: 'test' })).key;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(() => t.close());

interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Whether the server closed the connection. */
  closed: boolean;
}

/** Writes `parts` to a fresh connection, `gapMs` apart, and reads until the server closes or 10 s pass. */
function exchange(parts: string[], gapMs = 0): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    let text = '';
    let closed = false;
    const socket = net.connect(port, '127.0.0.1', async () => {
      for (const part of parts) {
        if (socket.destroyed) return;
        socket.write(part);
        if (gapMs) await new Promise((r) => setTimeout(r, gapMs));
      }
    });
    const finish = () => {
      clearTimeout(timer);
      const [head = '', body = ''] = text.split('\r\n\r\n', 2);
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(
        lines.map((line) => {
          const at = line.indexOf(':');
          return [line.slice(0, at).toLowerCase(), line.slice(at + 1).trim()];
        }),
      );
      if (!statusLine) reject(new Error('no response'));
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body, closed });
    };
    const timer = setTimeout(() => {
      socket.destroy();
      finish();
    }, 10_000);
    socket.on('data', (chunk) => {
      text += chunk;
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      closed = true;
      finish();
    });
  });
}

function expectEnvelope(response: RawResponse, status: number, code: string): void {
  expect(response.status).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const id = response.headers['request-id'];
  expect(id).toMatch(/^req_/);
  expect(JSON.parse(response.body)).toEqual({
    error: expect.objectContaining({ code, status, request_id: id, message: expect.any(String) }),
  });
}

describe('errors raised before a route, on the wire', () => {
  it('headers over 16 KiB: 431 HEADERS_TOO_LARGE in the envelope', async () => {
    const response = await exchange([
      `GET /v1/account HTTP/1.1\r\nHost: x\r\nX-Padding: ${'a'.repeat(20_000)}\r\n\r\n`,
    ]);
    expectEnvelope(response, 431, 'HEADERS_TOO_LARGE');
    expect(response.closed).toBe(true);
  });

  it('a query string over 16 KiB is the same 431', async () => {
    const response = await exchange([`GET /v1/wtn?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`]);
    expectEnvelope(response, 431, 'HEADERS_TOO_LARGE');
  });

  it('a path that is not valid percent-encoding: 400 INVALID_REQUEST naming the path', async () => {
    const response = await exchange([
      `GET /v1/wtn/%ff HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${key}\r\nConnection: close\r\n\r\n`,
    ]);
    expectEnvelope(response, 400, 'INVALID_REQUEST');
    expect(JSON.parse(response.body).error.message).toContain('/v1/wtn/%ff');
  });

  it('a path parameter of 10,000 characters: 414 URI_TOO_LONG, without echoing the path back', async () => {
    const response = await exchange([
      `GET /v1/wtn/${'a'.repeat(10_000)} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
    ]);
    expectEnvelope(response, 414, 'URI_TOO_LONG');
    expect(response.body.length).toBeLessThan(500);
  });

  it('an unknown long path is a 404 whose message does not echo the whole path', async () => {
    const response = await exchange([
      `GET /v1/${'b'.repeat(10_000)} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
    ]);
    expectEnvelope(response, 404, 'NOT_FOUND');
    expect(response.body.length).toBeLessThan(500);
  });

  it('bytes that are not HTTP: 400 in the envelope', async () => {
    const response = await exchange(['HELLO THERE\r\n\r\n']);
    expectEnvelope(response, 400, 'INVALID_REQUEST');
  });

  it('headers trickled slower than HEADERS_TIMEOUT_MS: 408 and the connection is closed', async () => {
    const lines = ['GET /v1/account HTTP/1.1\r\n', 'Host: x\r\n', ...Array(30).fill('X-Slow: 1\r\n')];
    const response = await exchange(lines, 150);
    expectEnvelope(response, 408, 'REQUEST_TIMEOUT');
    expect(response.closed).toBe(true);
  });

  it('a body trickled past REQUEST_TIMEOUT_MS: 408 and nothing is classified', async () => {
    const head =
      'POST /v1/classify-waste HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
      `Content-Length: 200\r\nAuthorization: Bearer ${key}\r\n\r\n`;
    const response = await exchange([head, ...'{"description":"waste'.split('')], 150);
    expectEnvelope(response, 408, 'REQUEST_TIMEOUT');
  });
});
