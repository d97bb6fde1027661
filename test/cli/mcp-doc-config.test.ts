import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { BIN, ROOT, SYSTEM_NODE, SYSTEM_NPX, systemSetting } from './system-node.ts';

// The MCP client configurations in docs/mcp.md, as written (with this project's folder, a real test key
// and a real server put in), started as a desktop assistant starts them: by the official MCP client, on
// the machine's PATH, so `npx` and `node` are the system's (Node 20 here).
const { scratch, env: systemEnv } = systemSetting('wcs-mcp-doc-');
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const doc = readFileSync(join(ROOT, 'docs/mcp.md'), 'utf8');

interface ServerConfig {
  command: string;
  args: string[];
  env?: Record<string, string>;
}

describe.skipIf(!SYSTEM_NODE || !SYSTEM_NPX)(
  'the MCP client configuration in docs/mcp.md, as written',
  () => {
    let t: TestApp;
    let apiUrl: string;
    let key: string;

    beforeAll(async () => {
      t = await createTestApp();
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      apiUrl = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
      ({ key } = await t.newKey({ mode: 'test' }));
    });
    afterAll(() => t?.close());

    function fromDoc(text: string): string {
      return text
        .replaceAll('/path/to/waste-compliance-service', ROOT)
        .replaceAll('wcs_test_…', key)
        .replaceAll('https://wcs.example.org', apiUrl);
    }

    /** The first ```json block of the doc that configures a server started as a process. */
    function docConfig(): Required<ServerConfig> {
      for (const [, json] of doc.matchAll(/```json\n([\s\S]*?)```/g)) {
        const server = JSON.parse(fromDoc(json)).mcpServers?.['waste-compliance'];
        if (server?.command) return server;
      }
      throw new Error('docs/mcp.md has no configuration with a command');
    }

    /** Starts the configured command with the SDK's client, lists the tools and calls one. */
    async function listsToolsAndAnswers(server: ServerConfig): Promise<void> {
      const transport = new StdioClientTransport({
        ...server,
        env: { ...systemEnv, ...server.env },
        cwd: scratch,
        stderr: 'pipe',
      });
      let stderr = '';
      transport.stderr?.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
      });
      const client = new Client({ name: 'wcs-doc-config-test', version: '1.0.0' });
      await client.connect(transport);
      try {
        const { tools } = await client.listTools();
        expect(tools.map((tool) => tool.name)).toEqual(
          expect.arrayContaining(['verify_carrier', 'classify_waste', 'generate_transfer_note']),
        );
        const answer = await client.callTool({
          name: 'verify_carrier',
          arguments: { registration_number: 'CBDU100001' },
        });
        expect(answer.isError).toBeFalsy();
        expect((answer.content as { text: string }[])[0].text).toMatch(
          /^CBDU100001: valid - Sandbox Haulage Limited/,
        );
      } finally {
        await client.close();
      }
      expect(stderr).toContain(`serving tools on stdio for ${apiUrl}`);
      expect(stderr).not.toMatch(/EBADENGINE|npm warn/i);
    }

    it('the npx configuration connects, lists the tools and calls one', async () => {
      const server = docConfig();
      expect(server.command).toBe('npx');
      expect(server.args).toEqual(['--prefix', ROOT, 'wcs', 'mcp']);
      await listsToolsAndAnswers(server);
    });

    it('the configuration naming bin/wcs.js connects too', async () => {
      const line = /`"command": "([^"]+\/bin\/wcs\.js)", "args": \["mcp"\]`/.exec(doc);
      expect(line, 'docs/mcp.md names bin/wcs.js as a command').not.toBeNull();
      const command = fromDoc((line as RegExpExecArray)[1]);
      expect(command).toBe(BIN);
      await listsToolsAndAnswers({ command, args: ['mcp'], env: docConfig().env });
    });
  },
);
