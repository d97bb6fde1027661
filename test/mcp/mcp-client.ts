import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { FastifyInstance } from 'fastify';

/** The SDK's own client over Streamable HTTP, sending the key as an MCP client's config would. */
export async function connectHttp(baseUrl: string, key: string): Promise<Client> {
  const client = new Client({ name: 'wcs-test-client', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL('/mcp', baseUrl), {
    requestInit: { headers: { Authorization: `Bearer ${key}` } },
  });
  await client.connect(transport);
  return client;
}

/** A tool call's answer: its text, its structured content and whether it is an error. */
export async function callTool(
  client: Client,
  name: string,
  args: Record<string, unknown>,
): Promise<{ text: string; data: Record<string, unknown>; isError: boolean }> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  const text = result.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
  return {
    text,
    data: (result.structuredContent ?? {}) as Record<string, unknown>,
    isError: result.isError === true,
  };
}

/** A transfer note request with a test key: the sandbox's valid carrier and a plain description. */
export function noteRequest(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    producer: { name: 'ABC Office Fit-out Ltd', address: '45 High Street, Bournemouth, BH1 2AA' },
    carrier: { registration_number: 'CBDU100001' },
    waste: { description: 'Mixed plasterboard offcuts from an office refit', quantity_kg: 850 },
    destination: {
      name: 'Poole Recycling Centre',
      address: 'Unit 4, Nuffield Industrial Estate, Poole, BH17 0RB',
    },
    transfer_date: new Date().toISOString().slice(0, 10),
    ...overrides,
  };
}

/** One JSON-RPC message POSTed to /mcp in-process, with the headers a Streamable HTTP client sends. */
export function postMcp(
  app: FastifyInstance,
  key: string,
  body: unknown,
  headers: Record<string, string> = {},
) {
  return app.inject({
    method: 'POST',
    url: '/mcp',
    headers: {
      authorization: `Bearer ${key}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...headers,
    },
    payload: JSON.stringify(body),
  });
}
