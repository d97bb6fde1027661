import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMcpServer } from '../../src/mcp/mcp-server.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';

interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: unknown;
  items?: JsonSchema;
  $ref?: string;
}

interface Operation {
  operationId: string;
  parameters?: { name: string; in: string }[];
  requestBody?: { content: { 'application/json': { schema: JsonSchema } } };
}

/** Each tool and the API operation it calls: the tool's inputs are that operation's. */
const CALLS: Record<string, { operationId: string; from: 'body' | 'query' | 'path' | 'path+body' }> = {
  verify_carrier: { operationId: 'verifyCarrier', from: 'body' },
  classify_waste: { operationId: 'classifyWaste', from: 'body' },
  generate_transfer_note: { operationId: 'generateWtn', from: 'body' },
  get_transfer_note: { operationId: 'getWtn', from: 'path' },
  list_transfer_notes: { operationId: 'listWtns', from: 'query' },
  look_up_ewc_code: { operationId: 'getEwcCode', from: 'path' },
  search_list_of_wastes: { operationId: 'listEwcCodes', from: 'query' },
  create_consignment_note: { operationId: 'createConsignmentNote', from: 'body' },
  get_consignment_note: { operationId: 'getConsignmentNote', from: 'path' },
  // The note's id, then the signature's body.
  sign_consignment_note: { operationId: 'signConsignmentNote', from: 'path+body' },
};

/** Field names, nested objects as `parent.child` and arrays' objects as `parent[].child`, with whether each is required. */
function fields(schema: JsonSchema, prefix = ''): string[] {
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).flatMap(([name, inner]) => [
    `${prefix}${name}${required.has(name) ? '' : '?'}`,
    ...(inner.properties ? fields(inner, `${prefix}${name}.`) : []),
    ...(inner.items?.properties ? fields(inner.items, `${prefix}${name}[].`) : []),
  ]);
}

let t: TestApp;
let operations: Map<string, Operation>;
let tools: { name: string; inputSchema: JsonSchema }[];

beforeAll(async () => {
  t = await createTestApp();
  const document = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
  operations = new Map();
  for (const path of Object.values(document.paths) as Record<string, Operation>[]) {
    for (const op of Object.values(path)) operations.set(op.operationId, op);
  }
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await createMcpServer({ call: async () => ({ status: 500, body: undefined, headers: {} }) }).connect(
    serverSide,
  );
  const client = new Client({ name: 'test', version: '1' });
  await client.connect(clientSide);
  tools = (await client.listTools()).tools as typeof tools;
});
afterAll(() => t.close());

describe("each tool's inputs are the fields of the API operation it calls", () => {
  it.each(Object.entries(CALLS))('%s', (name, { operationId, from }) => {
    const tool = tools.find((x) => x.name === name);
    const op = operations.get(operationId);
    expect(tool && op).toBeTruthy();
    const toolFields = fields(tool!.inputSchema);
    expect(toolFields.length).toBeGreaterThan(0);
    if (from === 'body' || from === 'path+body') {
      const path = from === 'body' ? [] : op!.parameters!.filter((p) => p.in === 'path').map((p) => p.name);
      expect(toolFields).toEqual([...path, ...fields(op!.requestBody!.content['application/json'].schema)]);
      expect(tool!.inputSchema.additionalProperties).toBe(false);
    } else {
      // `format=csv` is a file for spreadsheets, not an answer for an assistant: list tools answer JSON.
      const names = op!.parameters!.filter((p) => p.in === from && p.name !== 'format').map((p) => p.name);
      expect(toolFields.map((f) => f.replace(/\?$/, '')).sort()).toEqual(names.sort());
    }
  });
});
