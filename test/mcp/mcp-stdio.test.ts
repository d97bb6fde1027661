import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { callTool, noteRequest } from './mcp-client.ts';

const CLI = join(new URL('../../', import.meta.url).pathname, 'src/cli/main.ts');
/** The run's compile cache (test/global-setup.ts): each `wcs mcp` starts sooner, and runs the same. */
const COMPILE_CACHE: Record<string, string> = process.env.NODE_COMPILE_CACHE
  ? { NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE }
  : {};

let t: TestApp;
let apiUrl: string;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as { port: number };
  apiUrl = `http://127.0.0.1:${port}`;
});
afterAll(() => t.close());

/** `wcs mcp` as an MCP client starts it: a child process speaking the protocol on stdin/stdout. */
async function connectStdio(key: string): Promise<{ client: Client; stderr: () => string }> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [CLI, 'mcp'],
    env: { WCS_API_KEY: key, WCS_BASE_URL: apiUrl, PATH: process.env.PATH ?? '', ...COMPILE_CACHE },
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const client = new Client({ name: 'wcs-test-client', version: '1.0.0' });
  await client.connect(transport);
  return { client, stderr: () => stderr };
}

describe('wcs mcp over stdio', () => {
  it('lists the tools, generates a note against the API and gets it back', async () => {
    const { key } = await t.newKey({ mode: 'test' });
    const { client, stderr } = await connectStdio(key);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toContain('generate_transfer_note');

    const created = await callTool(client, 'generate_transfer_note', noteRequest());
    expect(created.isError, created.text).toBe(false);
    const reference = created.data.reference as string;
    expect(created.text).toMatch(new RegExp(`^Created transfer note ${reference} \\(test,`));

    const found = await callTool(client, 'get_transfer_note', { reference });
    expect(found.data).toMatchObject({ reference, carrier: { registration_number: 'CBDU100001' } });
    // The note was made by the server, with the key: the same reference over REST.
    expect((await t.call(key, { method: 'GET', url: `/v1/wtn/${reference}` })).statusCode).toBe(200);
    await client.close();
    expect(stderr()).toContain(`serving tools on stdio for ${apiUrl}`);
  });

  it('answers a refused key as a tool error with the 401 code', async () => {
    const { client } = await connectStdio('wcs_test_notARealKeyAtAll0000000000000000');
    const answer = await callTool(client, 'verify_carrier', { registration_number: 'CBDU100001' });
    expect(answer.isError).toBe(true);
    expect(answer.text).toMatch(/^INVALID_API_KEY \(HTTP 401\): The API key is invalid: no such key\./);
    expect(answer.text).toContain('WCS_API_KEY');
    await client.close();
  });

  it('answers a key over its per-minute rate with RATE_LIMIT_EXCEEDED as a tool error', async () => {
    // A free live key: 10 requests in any 60 seconds, each tool call one request of the API.
    const { key } = await t.newKey({ mode: 'live', plan: 'free' });
    const { client } = await connectStdio(key);
    const answers = [];
    for (let i = 0; i < 11; i++) answers.push(await callTool(client, 'look_up_ewc_code', { code: '170504' }));
    expect(answers.slice(0, 10).every((a) => !a.isError)).toBe(true);
    expect(answers[10].isError).toBe(true);
    expect(answers[10].text).toMatch(/^RATE_LIMIT_EXCEEDED \(HTTP 429\): Rate limit exceeded/);
    expect(answers[10].text).toMatch(/Retry after \d+ s\./);
    await client.close();
  });

  it('answers a service it cannot reach as a tool error, not a crash', async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [CLI, 'mcp'],
      env: {
        WCS_API_KEY: 'wcs_test_x',
        WCS_BASE_URL: 'http://127.0.0.1:9',
        PATH: process.env.PATH ?? '',
        ...COMPILE_CACHE,
      },
      stderr: 'pipe',
    });
    const client = new Client({ name: 'wcs-test-client', version: '1.0.0' });
    await client.connect(transport);
    const answer = await callTool(client, 'look_up_ewc_code', { code: '170504' });
    expect(answer.isError).toBe(true);
    expect(answer.text).toMatch(
      /^SERVICE_UNREACHABLE: Could not reach the service at http:\/\/127\.0\.0\.1:9/,
    );
    await client.close();
  });

  it('refuses to start without WCS_API_KEY, saying so on stderr', async () => {
    const run = promisify(execFile)(process.execPath, [CLI, 'mcp'], {
      env: { PATH: process.env.PATH ?? '', ...COMPILE_CACHE },
    });
    await expect(run).rejects.toMatchObject({
      code: 1,
      stdout: '',
      stderr: expect.stringMatching(/^wcs: WCS_API_KEY is not set/),
    });
  });

  it.each([
    ['not-a-url', /is not a URL/],
    ['ftp://wcs.example.org', /must be an http:\/\/ or https:\/\/ address/],
    ['https://wcs.example.org/v1', /ends in \/v1: give the service's address without it/],
  ])('refuses to start with WCS_BASE_URL=%s, saying what to give instead', async (url, message) => {
    const run = promisify(execFile)(process.execPath, [CLI, 'mcp'], {
      env: { WCS_API_KEY: 'wcs_test_x', WCS_BASE_URL: url, PATH: process.env.PATH ?? '', ...COMPILE_CACHE },
    });
    await expect(run).rejects.toMatchObject({ code: 1, stdout: '', stderr: expect.stringMatching(message) });
  });
});
