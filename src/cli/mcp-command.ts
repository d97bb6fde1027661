import type { Command } from 'commander';
import { type CliContext, CliError } from './context.ts';

/**
 * Where `wcs mcp` sends its API calls: WCS_BASE_URL, else PUBLIC_URL (the operator's own server), else
 * this machine's server on PORT.
 */
export function apiBaseUrl(env: Record<string, string | undefined>): string {
  return env.WCS_BASE_URL || env.PUBLIC_URL || `http://127.0.0.1:${env.PORT || '8080'}`;
}

/** The service's address as the API caller takes it, or a CliError that says what is wrong with it. */
function serviceUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new CliError(
      `WCS_BASE_URL "${raw}" is not a URL: give the service's address, e.g. https://wcs.example.org.`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new CliError(`WCS_BASE_URL "${raw}" must be an http:// or https:// address.`);
  }
  if (/\/v1\/?$/.test(url.pathname)) {
    throw new CliError(
      `WCS_BASE_URL "${raw}" ends in /v1: give the service's address without it (the tools add /v1 themselves).`,
    );
  }
  return raw;
}

/**
 * `wcs mcp`: an MCP server on stdin/stdout for an assistant on this machine. Its tools call the API at
 * apiBaseUrl with WCS_API_KEY, so it needs no database and works against a hosted service. stdout
 * carries the protocol only: anything for a person goes to stderr.
 */
export function registerMcpCommand(program: Command, cli: CliContext): void {
  program
    .command('mcp')
    .description('serve the MCP tools on stdio, calling the API at WCS_BASE_URL with WCS_API_KEY')
    .action(async () => {
      const { env, stderr } = cli.io;
      const apiKey = env.WCS_API_KEY?.trim();
      if (!apiKey) {
        throw new CliError(
          'WCS_API_KEY is not set: give the MCP server an API key (wcs_live_… or wcs_test_…) in its environment.',
        );
      }
      const baseUrl = serviceUrl(apiBaseUrl(env));
      const [{ StdioServerTransport }, { httpCaller }, { createMcpServer }] = await Promise.all([
        import('@modelcontextprotocol/sdk/server/stdio.js'),
        import('../mcp/api-caller.ts'),
        import('../mcp/mcp-server.ts'),
      ]);
      const server = createMcpServer(httpCaller({ baseUrl, apiKey }));
      const transport = new StdioServerTransport(process.stdin, process.stdout);
      const closed = new Promise<void>((resolve) => {
        process.stdin.once('end', resolve);
        process.stdin.once('close', resolve);
      });
      await server.connect(transport);
      stderr.write(`wcs mcp: serving tools on stdio for ${baseUrl}\n`);
      await closed;
      await server.close();
    });
}
