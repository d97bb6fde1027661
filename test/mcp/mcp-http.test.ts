import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { garageBody, PART_C, PART_D, partE } from '../consignments/consignment-app.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { recordUsage } from '../limits/limited-app.ts';
import { callTool, connectHttp, noteRequest } from './mcp-client.ts';

const TOOLS = [
  'classify_waste',
  'create_consignment_note',
  'generate_transfer_note',
  'get_consignment_note',
  'get_transfer_note',
  'list_transfer_notes',
  'look_up_ewc_code',
  'search_list_of_wastes',
  'sign_consignment_note',
  'verify_carrier',
];

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

const initialize = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'curl', version: '1' } },
};

function post(
  key: string | undefined,
  body: unknown,
  accept: string | undefined = 'application/json, text/event-stream',
): Promise<Response> {
  return fetch(`${base}/mcp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(accept ? { accept } : {}),
      ...(key ? { authorization: `Bearer ${key}` } : {}),
    },
    body: JSON.stringify(body),
  });
}

describe('the MCP server over Streamable HTTP at /mcp', () => {
  it('lists its tools, each with a description that says when to use it', async () => {
    const client = await connectHttp(base, testKey);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(TOOLS);
    for (const tool of tools) {
      expect(tool.description, tool.name).toMatch(/^Use /);
      expect(tool.inputSchema.type).toBe('object');
    }
    expect(client.getInstructions()).toContain('generate_transfer_note');
    await client.close();
  });

  it('verifies a carrier and cites the register check', async () => {
    const client = await connectHttp(base, testKey);
    const answer = await callTool(client, 'verify_carrier', { registration_number: 'CBDU100001' });
    expect(answer.isError).toBe(false);
    expect(answer.text).toMatch(
      /^CBDU100001: valid - .+, upper tier, expires \d{4}-\d{2}-\d{2} \(in 400 days\)\./,
    );
    expect(answer.text).toMatch(
      /Checked against the Environment Agency public register .*\(sandbox data for test keys\) at \d{4}-\d{2}-\d{2}T/,
    );
    expect(answer.data).toMatchObject({
      status: 'valid',
      registration_number: 'CBDU100001',
      is_compliant: true,
      origin: 'sandbox',
      checked_at: expect.any(String),
    });

    const expired = await callTool(client, 'verify_carrier', { registration_number: 'CBDU100003' });
    expect(expired.data).toMatchObject({ status: 'expired', is_compliant: false, days_until_expiry: -30 });
    expect(expired.text).toMatch(
      /^CBDU100003: expired - .+, upper tier, expired \d{4}-\d{2}-\d{2} \(30 days ago\)\./,
    );
    expect(expired.text).not.toMatch(/-\d+ days/);
    expect(expired.text).toContain('REGISTRATION_EXPIRED');
    await client.close();
  });

  it('answers a name that matches several registrations as several, checking none', async () => {
    const client = await connectHttp(base, testKey);
    const several = await callTool(client, 'verify_carrier', { business_name: 'Sandbox' });
    expect(several.data).toMatchObject({
      status: 'multiple_matches',
      registration_number: null,
      matches: 3,
      is_compliant: false,
    });
    const [first, ...listed] = several.text.split('\n');
    expect(first).toBe('3 registrations match, so no one carrier was checked (status multiple_matches):');
    expect(listed.slice(0, 3)).toEqual([
      expect.stringMatching(/^- CBDU100001 \(valid\): .+, upper tier, expires .+ \(in 400 days\)\.$/),
      expect.stringMatching(/^- CBDU100002 \(expiring_soon\): .+, upper tier, expires .+ \(in 45 days\)\.$/),
      expect.stringMatching(/^- CBDL100004 \(lower_tier\): .+, lower tier, no expiry\.$/),
    ]);
    expect(several.text).toContain('MULTIPLE_REGISTRATIONS_FOUND');
    await client.close();
  });

  it('classifies waste and looks codes up in the List of Wastes', async () => {
    const client = await connectHttp(base, testKey);
    const classified = await callTool(client, 'classify_waste', {
      description: 'oily rags from servicing vans',
    });
    expect(classified.isError).toBe(false);
    const [top] = classified.data.classifications as { ewc_code: string; is_hazardous: boolean }[];
    expect(top.ewc_code).toMatch(/^\d{2} \d{2} \d{2}$/);
    expect(classified.text).toContain(`1. ${top.ewc_code}`);

    const entry = await callTool(client, 'look_up_ewc_code', { code: '170504' });
    expect(entry.text).toMatch(/^17 05 04 - soil and stones other than those mentioned in 17 05 03/);
    expect(entry.text).toContain('Mirror partner on the other hazard side: 17 05 03.');
    const search = await callTool(client, 'search_list_of_wastes', { q: 'asbestos', hazardous: true });
    expect(search.data.count).toBeGreaterThan(3);
    expect(search.text).toMatch(/17 06 05\* - construction materials containing asbestos/);
    await client.close();
  });

  it('generates a transfer note, gets it back and finds it in the list', async () => {
    const client = await connectHttp(base, testKey);
    const created = await callTool(client, 'generate_transfer_note', noteRequest());
    expect(created.isError, created.text).toBe(false);
    const reference = created.data.reference as string;
    expect(reference).toMatch(/^WTN-\d{4}-\d{4}-[0-9A-Z]{4}$/);
    expect(created.text).toMatch(
      new RegExp(`^Created transfer note ${reference} \\(test, complete, unsigned\\)`),
    );
    expect(created.text).toContain('Carrier CBDU100001');
    expect(created.data).toMatchObject({
      mode: 'test',
      carrier: { status: 'valid', register_origin: 'sandbox' },
    });

    const found = await callTool(client, 'get_transfer_note', { reference });
    expect(found.text).toMatch(new RegExp(`^Found transfer note ${reference}`));
    expect(found.data).toMatchObject({ reference, is_compliant: created.data.is_compliant });

    const listed = await callTool(client, 'list_transfer_notes', {
      carrier_registration_number: 'CBDU100001',
    });
    expect(listed.text.split('\n')[0]).toMatch(new RegExp(`^${reference} `));
    expect((listed.data.notes as { reference: string }[]).map((n) => n.reference)).toContain(reference);

    // The note is the API's own: the same reference over REST.
    const rest = await t.call(testKey, { method: 'GET', url: `/v1/wtn/${reference}` });
    expect(rest.statusCode).toBe(200);
    await client.close();
  });

  it('answers an API refusal as a tool error naming the code and what to fix', async () => {
    const client = await connectHttp(base, testKey);
    const missing = await callTool(client, 'get_transfer_note', { reference: 'WTN-2026-0101-ZZZZ' });
    expect(missing.isError).toBe(true);
    expect(missing.text).toMatch(/^WTN_NOT_FOUND \(HTTP 404\): /);

    const invalid = await callTool(
      client,
      'generate_transfer_note',
      noteRequest({ transfer_date: '2026-02-30' }),
    );
    expect(invalid.isError).toBe(true);
    expect(invalid.text).toMatch(/^INVALID_REQUEST \(HTTP 400\): /);
    expect(invalid.text).toContain('- /transfer_date: must be a real calendar date, YYYY-MM-DD');
    expect(invalid.data).toMatchObject({ error: { code: 'INVALID_REQUEST', status: 400 } });
    await client.close();
  });

  it('refuses a missing or unknown key with 401 before any MCP processing', async () => {
    const refused = connectHttp(base, 'wcs_test_notARealKeyAtAll0000000000000000');
    await expect(refused).rejects.toBeInstanceOf(StreamableHTTPError);
    await expect(refused).rejects.toMatchObject({ code: 401 });

    const none = await post(undefined, initialize);
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toBe('Bearer realm="api"');
    expect(none.headers.get('request-id')).toMatch(/^req_/);
    expect(await none.json()).toMatchObject({ error: { code: 'INVALID_API_KEY', status: 401 } });
  });

  it('answers with the Request-Id, no-store and rate-limit headers, and 405 to GET', async () => {
    const res = await post(testKey, initialize);
    expect(res.status).toBe(200);
    expect(res.headers.get('request-id')).toMatch(/^req_/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-ratelimit-limit')).toBe('120');
    expect(res.headers.get('mcp-session-id')).toBeNull();
    expect(await res.json()).toMatchObject({
      id: 1,
      result: { serverInfo: { name: 'waste-compliance-service' } },
    });

    const get = await fetch(`${base}/mcp`, { headers: { authorization: `Bearer ${testKey}` } });
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    expect(await get.json()).toMatchObject({ error: { code: 'METHOD_NOT_ALLOWED' } });
  });
});

describe('hazardous waste consignment notes over MCP', () => {
  it('creates a consignment note, gets it back and signs Parts C, D and E through the tools', async () => {
    const client = await connectHttp(base, testKey);
    const created = await callTool(client, 'create_consignment_note', garageBody());
    expect(created.isError, created.text).toBe(false);
    const id = created.data.id as string;
    const code = created.data.consignment_code as string;
    expect(id).toMatch(/^cn_/);
    expect(code).toMatch(/^GARAGE\/\d{5}$/);
    expect(created.text).toMatch(
      new RegExp(`^Created consignment note ${code} \\(id ${id}, test, awaiting_collection\\)`),
    );
    expect(created.text).toContain('Line 1: 13 02 05*');
    expect(created.text).toContain('Next: Part C, signed by the carrier');
    expect(created.data).toMatchObject({ status: 'awaiting_collection', signed_parts: [], next_part: 'C' });

    const found = await callTool(client, 'get_consignment_note', { id });
    expect(found.isError, found.text).toBe(false);
    expect(found.text).toMatch(new RegExp(`^Found consignment note ${code} \\(id ${id},`));
    expect(found.data).toMatchObject({ id, consignment_code: code, lines: [{ ewc_code: '13 02 05*' }] });

    const c = await callTool(client, 'sign_consignment_note', { id, ...PART_C });
    expect(c.isError, c.text).toBe(false);
    expect(c.text).toMatch(
      /Part C: Alex Driver .*CBDU100001.*Sandbox test data \(registered\): not a real register check\./,
    );
    expect((await callTool(client, 'sign_consignment_note', { id, ...PART_D })).isError).toBe(false);
    const e = await callTool(client, 'sign_consignment_note', { id, ...partE() });
    expect(e.data).toMatchObject({ status: 'received', signed_parts: ['C', 'D', 'E'], next_part: null });
    expect(e.text).toContain('line 1 176 kg accepted (R9)');

    // The note is the API's own: the same id over REST, with every part.
    const rest = await t.call(testKey, { method: 'GET', url: `/v1/consignment-notes/${id}` });
    expect(rest.json()).toMatchObject({ id, status: 'received', content_sha256: e.data.content_sha256 });
    await client.close();
  });

  it("signs Part E of a round with the consignee's count of the collection, and says so", async () => {
    const client = await connectHttp(base, testKey);
    const created = await callTool(
      client,
      'create_consignment_note',
      garageBody({ multiple_collection: { round_number: 'MCP1' } }),
    );
    const id = created.data.id as string;
    expect(created.text).toContain('Multiple collection: round MCP1, collection 1.');
    expect(created.data).toMatchObject({
      multiple_collection: { round_number: 'MCP1', collection_number: 1 },
    });
    await callTool(client, 'sign_consignment_note', { id, ...PART_C });
    const d = await callTool(client, 'sign_consignment_note', { id, ...PART_D });
    expect(d.text).toContain('who also gives consignments_in_collection');
    const missing = await callTool(client, 'sign_consignment_note', { id, ...partE() });
    expect(missing.isError).toBe(true);
    expect(missing.text).toContain(
      'consignments_in_collection is required for Part E of a multiple collection',
    );
    const e = await callTool(client, 'sign_consignment_note', {
      id,
      ...partE(),
      consignments_in_collection: 4,
    });
    expect(e.isError, e.text).toBe(false);
    expect(e.text).toContain('(a collection of 4 consignments)');
    expect(e.data).toMatchObject({ consignments_in_collection: 4 });
    await client.close();
  });

  it('answers Part D signed before Part C as a tool error naming PART_OUT_OF_ORDER', async () => {
    const client = await connectHttp(base, testKey);
    const created = await callTool(client, 'create_consignment_note', garageBody());
    const id = created.data.id as string;
    const early = await callTool(client, 'sign_consignment_note', { id, ...PART_D });
    expect(early.isError).toBe(true);
    expect(early.text).toMatch(/^PART_OUT_OF_ORDER \(HTTP 409\): .*Part C/);
    expect(early.data).toMatchObject({ error: { code: 'PART_OUT_OF_ORDER', status: 409 } });
    expect((await callTool(client, 'get_consignment_note', { id })).data).toMatchObject({ signed_parts: [] });
    await client.close();
  });
});

describe('what /mcp takes', () => {
  it('answers JSON to a client that accepts JSON, anything, or says nothing', async () => {
    for (const accept of ['application/json', '*/*', undefined]) {
      const res = await post(testKey, { jsonrpc: '2.0', id: 7, method: 'tools/list' }, accept);
      expect(res.status, String(accept)).toBe(200);
      const body = (await res.json()) as { result: { tools: unknown[] } };
      expect(body.result.tools).toHaveLength(TOOLS.length);
    }
    const refused = await post(testKey, { jsonrpc: '2.0', id: 8, method: 'tools/list' }, 'text/html');
    expect(refused.status).toBe(406);
  });

  it('refuses a JSON-RPC batch in the API envelope, saying to send its messages one at a time', async () => {
    const ping = { jsonrpc: '2.0', method: 'ping' };
    for (const batch of [
      [],
      [
        { ...ping, id: 1 },
        { ...ping, id: 2 },
      ],
    ]) {
      const res = await post(testKey, batch);
      expect(res.status).toBe(400);
      const body = (await res.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe('INVALID_REQUEST');
      expect(body.error.message).toMatch(/one JSON-RPC message per request/);
    }
  });
});

describe('limits over MCP', () => {
  it('a tool call spends one monthly call, as its API call would; listing tools spends none', async () => {
    const { key } = await t.newKey({ mode: 'live', plan: 'starter' });
    const monthly = async () =>
      (await t.call(key, { method: 'GET', url: '/v1/account' })).headers['x-monthly-remaining'];
    const before = Number(await monthly());
    const client = await connectHttp(base, key);
    await client.listTools();
    expect(Number(await monthly())).toBe(before);
    const answer = await callTool(client, 'classify_waste', { description: 'broken pallets' });
    expect(answer.isError).toBe(false);
    expect(Number(await monthly())).toBe(before - 1);
    await client.close();

    // The tool call's HTTP answer carries the limits of the API call it made.
    const res = await post(key, {
      jsonrpc: '2.0',
      id: 3,
      method: 'tools/call',
      params: { name: 'classify_waste', arguments: { description: 'broken pallets' } },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-monthly-remaining')).toBe(String(before - 2));
    expect(res.headers.get('x-ratelimit-limit')).toBe('30');
    const { result } = (await res.json()) as {
      result: { structuredContent: { classifications: unknown[] } };
    };
    expect(result.structuredContent.classifications.length).toBeGreaterThan(0);
  });

  it('a tool call refused before it reaches the API still takes its request of the window', async () => {
    const { key } = await t.newKey({ mode: 'live', plan: 'starter' });
    const unknown = await post(key, {
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'no_such_tool', arguments: {} },
    });
    expect(unknown.status).toBe(200);
    expect(JSON.stringify(await unknown.json())).toContain('no_such_tool');
    const next = await post(key, { jsonrpc: '2.0', id: 2, method: 'tools/list' });
    expect(next.headers.get('x-ratelimit-remaining')).toBe('28');
  });

  it('a key over its per-minute rate gets RATE_LIMIT_EXCEEDED as a tool error with Retry-After', async () => {
    // A free live key: 10 requests in any 60 seconds; connecting takes two of them.
    const { key } = await t.newKey({ mode: 'live', plan: 'free' });
    const client = await connectHttp(base, key);
    const answers = [];
    for (let i = 0; i < 9; i++) answers.push(await callTool(client, 'look_up_ewc_code', { code: '170504' }));
    expect(answers.slice(0, 8).every((a) => !a.isError)).toBe(true);
    const refused = answers[8];
    expect(refused.isError).toBe(true);
    expect(refused.text).toMatch(
      /^RATE_LIMIT_EXCEEDED \(HTTP 429\): Rate limit exceeded: this key may make 10 requests/,
    );
    expect(refused.text).toMatch(/Retry after \d+ s\./);
    expect(refused.data).toMatchObject({
      error: { code: 'RATE_LIMIT_EXCEEDED', retry_after_seconds: expect.any(Number) },
    });

    // A protocol message over the limit is refused as an HTTP 429 by /mcp itself.
    const res = await post(key, { jsonrpc: '2.0', id: 2, method: 'tools/list' });
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    await client.close();
  });
});

describe('a spent month over MCP', () => {
  it('is a MONTHLY_QUOTA_EXCEEDED tool error, saying not to retry before the reset', async () => {
    const { key, keyId } = await t.newKey({ mode: 'live', plan: 'free' });
    await recordUsage(t.db, keyId, new Date().toISOString().slice(0, 10), 50);
    const client = await connectHttp(base, key);
    const refused = await callTool(client, 'classify_waste', { description: 'broken pallets' });
    expect(refused.isError).toBe(true);
    expect(refused.text).toMatch(/^MONTHLY_QUOTA_EXCEEDED \(HTTP 429\): Monthly limit reached/);
    expect(refused.text).toMatch(/Retry after \d+ s\./);
    expect(refused.text).toContain('trying again before the reset is refused the same way');
    expect(refused.data).toMatchObject({
      error: { code: 'MONTHLY_QUOTA_EXCEEDED', status: 429, retry_after_seconds: expect.any(Number) },
    });
    // A look-up costs no quota: it still answers.
    expect((await callTool(client, 'look_up_ewc_code', { code: '170504' })).isError).toBe(false);
    await client.close();
  });
});

describe('the log of an MCP request', () => {
  it('names the request id of each API call its tools made, so one can be followed into the other', async () => {
    const lines: string[] = [];
    const logged = await createTestApp({
      logger: pino({ level: 'info' }, { write: (line: string) => void lines.push(line) }),
    });
    try {
      await logged.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = logged.app.server.address() as { port: number };
      const client = await connectHttp(`http://127.0.0.1:${port}`, (await logged.newKey()).key);
      expect((await callTool(client, 'look_up_ewc_code', { code: '170504' })).isError).toBe(false);
      await client.close();

      const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
      const toolLine = entries.find((e) => e.msg === 'MCP tool called the API') as {
        request_id: string;
        api: { method: string; path: string; status: number; request_id: string };
      };
      expect(toolLine.api).toMatchObject({ method: 'GET', path: '/v1/ewc-codes/170504', status: 200 });
      expect(toolLine.api.request_id).not.toBe(toolLine.request_id);
      // The API call's own log lines carry that id, and they are about that path.
      const inner = entries.filter((e) => e.request_id === toolLine.api.request_id);
      expect(inner.length).toBeGreaterThan(0);
      expect(JSON.stringify(inner)).toContain('/v1/ewc-codes/170504');
    } finally {
      await logged.close();
    }
  });
});
