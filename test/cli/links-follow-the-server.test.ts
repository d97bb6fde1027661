import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../../src/platform/db/database.ts';
import { createTestApp } from '../helpers/app.ts';
import {
  runCliOutput,
  type ServerProcess,
  sharedDatabaseUrl,
  startServerProcess,
} from '../helpers/server-process.ts';
import { PortalClient, uniqueEmail } from '../portal/portal-client.ts';

// The operator starts the server on a port of their choosing and runs `wcs` in another terminal, where
// PORT is not set: every URL either prints names the port the server really listens on.

/**
 * `wcs ARGS` as an operator runs it in another terminal, with only the environment given (in this
 * process, as test/helpers' runCli runs it: the command reads nothing but that environment): stdout and
 * stderr.
 */
async function wcs(args: string[], env: Record<string, string>) {
  // Blank is unset: the CLI knows nothing of the server's HOST, PORT or PUBLIC_URL.
  return runCliOutput(args, { HOST: '', PORT: '', PUBLIC_URL: '', LOG_LEVEL: 'warn', ...env });
}

describe('links follow the server', () => {
  let database: Awaited<ReturnType<typeof sharedDatabaseUrl>>;
  let server: ServerProcess;
  const OWNER = uniqueEmail('owner');

  beforeAll(async () => {
    database = await sharedDatabaseUrl();
    const db = createDb(database.url);
    const t = await createTestApp({ db });
    await new PortalClient(t.app).signUp(OWNER);
    await t.close();
    await db.close();
    server = await startServerProcess({ DATABASE_URL: database.url, LOG_LEVEL: 'info', LOG_FORMAT: 'json' });
  });
  afterAll(async () => {
    await server?.stop();
    await database?.dispose();
  });

  it('the reset link from `wcs user reset-password --link` names the running port, and opens', async () => {
    const { stdout, stderr } = await wcs(['user', 'reset-password', '--email', OWNER, '--link'], {
      DATABASE_URL: database.url,
    });
    const link = stdout.trim();
    expect(link).toMatch(new RegExp(`^${server.url.replace(/\./g, '\\.')}/portal/reset/[\\w-]{43}$`));
    expect(stderr).toContain(
      `PUBLIC_URL is not set, so it starts with the address the server listens on (${server.url}`,
    );

    const page = await fetch(link);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(OWNER);
  });

  it('follows the server even when the CLI is told another port, and PUBLIC_URL above all', async () => {
    const elsewhere = await wcs(['user', 'reset-password', '--email', OWNER, '--link'], {
      DATABASE_URL: database.url,
      PORT: '8080',
    });
    expect(elsewhere.stdout.startsWith(`${server.url}/portal/reset/`)).toBe(true);

    const published = await wcs(['user', 'reset-password', '--email', OWNER, '--link', '--json'], {
      DATABASE_URL: database.url,
      PUBLIC_URL: 'https://wcs.example.org/',
    });
    expect(JSON.parse(published.stdout).link).toMatch(
      /^https:\/\/wcs\.example\.org\/portal\/reset\/[\w-]{43}$/,
    );
    expect(published.stderr).not.toContain('PUBLIC_URL is not set');
  });

  it('the start-up line names the portal and the API reference at the address it listens on', () => {
    const line = server
      .output()
      .split('\n')
      .map((text) => (text.startsWith('{') ? JSON.parse(text).msg : ''))
      .find((msg: string) => msg.startsWith('Waste Compliance Service listening'));
    expect(line).toBe(
      `Waste Compliance Service listening on ${server.url}: the portal at ${server.url}/portal, the API reference at ${server.url}/docs`,
    );
  });
});

describe('with PUBLIC_URL, in a terminal', () => {
  let database: Awaited<ReturnType<typeof sharedDatabaseUrl>>;
  let server: ServerProcess;
  const ids: string[] = [];
  const PATHS = ['/health', '/v1/account', '/docs'];
  beforeAll(async () => {
    database = await sharedDatabaseUrl();
    server = await startServerProcess({
      DATABASE_URL: database.url,
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'pretty',
      PUBLIC_URL: 'https://wcs.example.org/',
    });
    for (const path of PATHS) ids.push((await fetch(`${server.url}${path}`)).headers.get('request-id')!);
    await server.stop();
  });
  afterAll(() => database?.dispose());

  it('the start-up line gives the public addresses beside the one it listens on', () => {
    const port = new URL(server.url).port;
    expect(server.output()).toMatch(
      new RegExp(
        `INFO \\(\\d+\\): Waste Compliance Service listening on http://127\\.0\\.0\\.1:${port}, reached at https://wcs\\.example\\.org: the portal at https://wcs\\.example\\.org/portal, the API reference at https://wcs\\.example\\.org/docs `,
      ),
    );
  });

  it('writes one line per request, with method, path, status, time and request id', () => {
    const lines = server.output().trimEnd().split('\n');
    for (const [i, path] of PATHS.entries()) {
      const mentioning = lines.filter((line) => line.includes(ids[i]));
      expect(mentioning, path).toHaveLength(1);
      expect(mentioning[0]).toMatch(
        new RegExp(
          `INFO \\(\\d+\\): GET ${path} ${path === '/v1/account' ? 401 : 200} \\d+\\.\\d ms ${ids[i]}$`,
        ),
      );
    }
    // Every line of the log is one event: no field spills onto lines of its own.
    for (const line of lines) expect(line).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] [A-Z]+ \(\d+\): /);
  });
});
