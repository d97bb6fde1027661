import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMcpServer } from '../../src/mcp/mcp-server.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { callTool, connectHttp, noteRequest } from './mcp-client.ts';

let t: TestApp;
let base: string;
let testKey: string;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as { port: number };
  base = `http://127.0.0.1:${port}`;
  testKey = (await t.newKey({ mode: 'test' })).key;
});
afterAll(() => t.close());

interface ToolError {
  isError: true;
  content: { type: 'text'; text: string }[];
  structuredContent: {
    error: {
      code: string;
      status: null;
      message: string;
      details: { field: string; issue: string }[];
      retry_after_seconds: null;
      request_id: null;
    };
  };
}

interface Answer {
  jsonrpc: '2.0';
  id: number;
  result?: ToolError;
  error?: { code: number; message: string };
}

/** One tools/call as raw JSON-RPC over HTTP, as a client that sends whatever it likes would. */
async function toolsCall(params: unknown, key = testKey): Promise<{ status: number; body: Answer }> {
  const res = await fetch(`${base}/mcp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      authorization: `Bearer ${key}`,
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 5, method: 'tools/call', params }),
  });
  return { status: res.status, body: (await res.json()) as Answer };
}

/** No validator's dump: no zod issue codes, no JSON of issues, no "Internal error". */
function expectReadable(text: string) {
  expect(text).not.toMatch(/invalid_type|"path"|"expected"|Internal error|received undefined/);
}

describe('tools/call arguments that are not an object of inputs', () => {
  it.each([
    ['a list', [], 'not a list'],
    ['null', null, 'not null'],
    ['text', 'limit=5', 'not text ("limit=5")'],
    ['a number', 7, 'not a number (7)'],
  ])('answers arguments given as %s with an isError result naming `arguments`', async (_, args, was) => {
    const { status, body } = await toolsCall({ name: 'list_transfer_notes', arguments: args });
    expect(status).toBe(200);
    expect(body.error).toBeUndefined();
    const result = body.result as ToolError;
    expect(result.isError).toBe(true);
    const text = result.content[0].text;
    expect(text).toMatch(/^INVALID_REQUEST: The arguments for list_transfer_notes are not valid/);
    expect(text).toContain(`- arguments: must be an object of the tool's inputs by name`);
    expect(text).toContain(was);
    expectReadable(text);
    expect(result.structuredContent.error).toMatchObject({
      code: 'INVALID_REQUEST',
      status: null,
      request_id: null,
      details: [{ field: 'arguments', issue: expect.stringContaining(was) }],
    });
  });

  it('still runs a tool called with no arguments at all', async () => {
    const { body } = await toolsCall({ name: 'list_transfer_notes' });
    expect(body.result?.isError).toBeUndefined();
  });
});

describe('tools/call without a tool name as text', () => {
  it.each([
    ['a number', { name: 42, arguments: {} }, 'it is a number (42)'],
    ['null', { name: null, arguments: {} }, 'it is null'],
    ['missing', { arguments: {} }, 'it is missing'],
  ])('answers a name that is %s with JSON-RPC -32602 in words', async (_, params, was) => {
    const { status, body } = await toolsCall(params);
    expect(status).toBe(200);
    expect(body.result).toBeUndefined();
    expect(body.id).toBe(5);
    expect(body.error?.code).toBe(-32602);
    expect(body.error?.message).toBe(
      `Invalid params: tools/call needs params.name, the name of a tool as text (tools/list lists them); ${was}.`,
    );
  });
});

describe('tools/call arguments that do not fit the tool', () => {
  it('names a field of the wrong type in words', async () => {
    const { body } = await toolsCall({ name: 'list_transfer_notes', arguments: { limit: 'x' } });
    const result = body.result as ToolError;
    expect(result.isError).toBe(true);
    expect(result.content[0].text).toContain('- /limit: must be a number, not text ("x")');
    expectReadable(result.content[0].text);
    expect(result.structuredContent.error.details).toEqual([
      { field: '/limit', issue: 'must be a number, not text ("x")' },
    ]);
  });

  it('names every field to fix: nested, missing, unknown, a value not allowed, a fraction', async () => {
    const note = noteRequest({ colour: 'red', transfer_date: undefined });
    const { body } = await toolsCall({
      name: 'generate_transfer_note',
      arguments: { ...note, producer: { name: 12, address: 'x' }, waste: { description: 'rubble' } },
    });
    expect(body.result?.structuredContent.error.details).toEqual([
      { field: '/producer/name', issue: 'must be text, not a number (12)' },
      { field: '/transfer_date', issue: 'is required' },
      { field: '/colour', issue: 'is not a recognised field' },
    ]);
    const list = await toolsCall({ name: 'list_transfer_notes', arguments: { status: 'open', limit: 2.5 } });
    expect(list.body.result?.structuredContent.error.details).toEqual([
      { field: '/limit', issue: 'must be a whole number, not a number (2.5)' },
      { field: '/status', issue: 'must be one of: "complete", "superseded"' },
    ]);
  });

  it('answers the same to the SDK client, and sends nothing to the API', async () => {
    const { key } = await t.newKey({ mode: 'live', plan: 'starter' });
    const monthly = async () =>
      (await t.call(key, { method: 'GET', url: '/v1/account' })).headers['x-monthly-remaining'];
    const before = await monthly();
    const client = await connectHttp(base, key);
    const answer = await callTool(client, 'classify_waste', { description: 'rags', max_results: 'three' });
    expect(answer.isError).toBe(true);
    expect(answer.text).toContain('- /max_results: must be a number, not text ("three")');
    expect(await monthly()).toBe(before);
    await client.close();
  });

  it('takes its request of the per-minute window, as any tool call refused before the API', async () => {
    const { key } = await t.newKey({ mode: 'live', plan: 'starter' });
    await toolsCall({ name: 'list_transfer_notes', arguments: [] }, key);
    await toolsCall({ name: 42 }, key);
    const next = await fetch(`${base}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'tools/list' }),
    });
    expect(next.headers.get('x-ratelimit-remaining')).toBe('27');
  });
});

describe('the same server on another transport', () => {
  it('answers arguments that do not fit as a tool result there too (wcs mcp builds the same server)', async () => {
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await createMcpServer({ call: async () => ({ status: 500, body: undefined, headers: {} }) }).connect(
      serverSide,
    );
    const client = new Client({ name: 'test', version: '1' });
    await client.connect(clientSide);
    const answer = await callTool(client, 'look_up_ewc_code', { code: 170504 });
    expect(answer.isError).toBe(true);
    expect(answer.text).toContain('- /code: must be text, not a number (170504)');
    await client.close();
  });
});
