import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { noteRequest, postMcp } from './mcp-client.ts';

// One MCP server answers every POST /mcp (src/mcp/json-exchanges.ts): what each client sees must be as
// if it had a server of its own.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function post(key: string, body: unknown, headers: Record<string, string> = {}) {
  return postMcp(t.app, key, body, headers);
}

const listNotes = (id: number | string) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name: 'list_transfer_notes', arguments: {} },
});

describe('one MCP server for every request', () => {
  it("answers clients that use the same JSON-RPC id at the same moment each with their own key's data", async () => {
    const a = await t.newKey({ mode: 'test' });
    const b = await t.newKey({ mode: 'test' });
    const created = await t.call(a.key, { method: 'POST', url: '/v1/generate-wtn', payload: noteRequest() });
    expect(created.statusCode).toBe(201);
    const reference = created.json().reference as string;

    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => post(i % 2 === 0 ? a.key : b.key, listNotes(1))),
    );
    for (const [i, res] of answers.entries()) {
      expect(res.statusCode).toBe(200);
      const body = res.json() as {
        id: number;
        result: { structuredContent: { notes: { reference: string }[] } };
      };
      expect(body.id).toBe(1);
      const references = body.result.structuredContent.notes.map((n) => n.reference);
      expect(references, `answer ${i}`).toEqual(i % 2 === 0 ? [reference] : []);
    }
  });

  it('gives a client its own id back, whatever its type', async () => {
    const { key } = await t.newKey({ mode: 'test' });
    const res = await post(key, { jsonrpc: '2.0', id: 'the-first', method: 'ping' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ jsonrpc: '2.0', id: 'the-first', result: {} });
  });

  it('answers a notification 202 with no body', async () => {
    const { key } = await t.newKey({ mode: 'test' });
    const res = await post(key, { jsonrpc: '2.0', method: 'notifications/initialized' });
    expect(res.statusCode).toBe(202);
    expect(res.body).toBe('');
  });

  it('refuses what the Streamable HTTP transport refuses, in its words', async () => {
    const { key } = await t.newKey({ mode: 'test' });
    const version = await post(
      key,
      { jsonrpc: '2.0', id: 1, method: 'ping' },
      { 'mcp-protocol-version': '1999-01-01' },
    );
    expect(version.statusCode).toBe(400);
    expect(version.json()).toMatchObject({ id: null, error: { code: -32000 } });
    expect(version.json().error.message).toMatch(/^Bad Request: Unsupported protocol version: 1999-01-01/);

    const notRpc = await post(key, { hello: 'world' });
    expect(notRpc.statusCode).toBe(400);
    expect(notRpc.json()).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32700, message: 'Parse error: Invalid JSON-RPC message' },
    });

    const text = await t.app.inject({
      method: 'POST',
      url: '/mcp',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'text/plain' },
      payload: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
    });
    expect(text.statusCode).toBe(415);
    expect(text.json()).toMatchObject({ error: { code: -32000 } });
  });
});
