import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { startServerProcess } from '../helpers/server-process.ts';

// `wcs` loads only what the command it runs needs, so `wcs --help` and `wcs classify` start in well
// under a second instead of loading the whole service first. What a start loads is checked here, not
// how long it takes, which depends on the machine.
const ROOT = new URL('../../', import.meta.url).pathname;
const PROJECT_NODE = join(ROOT, 'node_modules/.bin/node');
const RECORDER = join(ROOT, 'test/cli/fixtures/record-modules.mjs');
const scratch = mkdtempSync(join(tmpdir(), 'wcs-start-up-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Runs `wcs ARGS` on the project's Node, stdin at its end: its output and every module it loaded. */
async function loadedBy(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ stdout: string; modules: string[] }> {
  const record = join(scratch, `${args[0]}-${Date.now()}.txt`);
  const running = promisify(execFile)(
    PROJECT_NODE,
    ['--import', RECORDER, join(ROOT, 'bin/wcs.js'), ...args],
    { cwd: scratch, env: { ...process.env, ...env, WCS_RECORD_MODULES: record } },
  );
  running.child.stdin?.end();
  const { stdout } = await running;
  return { stdout, modules: modulesIn(record) };
}

/** The project's files and packages' modules a recording lists, by their path within the project. */
function modulesIn(record: string): string[] {
  return readFileSync(record, 'utf8')
    .split('\n')
    .filter((url) => url.startsWith('file:'))
    .map((url) => url.slice(`file://${ROOT}`.length));
}

/** What only the server and the commands on its database need. */
const SERVICE = [
  'fastify',
  'pino',
  'kysely',
  'better-sqlite3',
  'pg',
  'ioredis',
  'pdfkit',
  'src/app.ts',
  'src/server.ts',
  'src/services.ts',
  'src/platform/db/database.ts',
];

/** The package a module belongs to (`fastify`, `@scope/name`), or its path within the project. */
function owner(path: string): string {
  const found = /^node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(path);
  return found ? found[1] : path;
}

describe('what a wcs command loads when it starts', () => {
  it('wcs --help loads commander and the command definitions, nothing of the service', async () => {
    const { stdout, modules } = await loadedBy(['--help']);
    expect(stdout).toMatch(/^Usage: wcs /);
    const beyondCli = modules.filter(
      (path) =>
        !/^(bin\/wcs\.js|src\/cli\/[\w-]+\.ts|src\/accounts\/plans\.ts|node_modules\/commander\/.*)$/.test(
          path,
        ),
    );
    // A module here was imported at the top of a file in src/cli: import it inside the command's action.
    expect(beyondCli).toEqual([]);
  });

  it('wcs classify loads the classifier, not the server, the database, Redis or the MCP SDK', async () => {
    const { stdout, modules } = await loadedBy(['classify', 'used engine oil', '--json']);
    expect(JSON.parse(stdout).classifications[0]).toMatchObject({ ewc_code: '13 02 05' });
    const loaded = new Set(modules.map(owner));
    for (const heavy of [...SERVICE, '@modelcontextprotocol/sdk']) {
      expect(loaded.has(heavy), `wcs classify loaded ${heavy}`).toBe(false);
    }
  });

  it('wcs mcp (which an MCP client starts for each session) loads the MCP server, not the service', async () => {
    const { modules } = await loadedBy(['mcp'], {
      WCS_API_KEY: 'wcs_test_x',
      WCS_BASE_URL: 'http://127.0.0.1:9',
    });
    const loaded = new Set(modules.map(owner));
    expect(loaded.has('@modelcontextprotocol/sdk')).toBe(true);
    for (const heavy of SERVICE) expect(loaded.has(heavy), `wcs mcp loaded ${heavy}`).toBe(false);
  });

  it('wcs serve on the embedded default loads the Redis client, pdfkit, the bank holidays and the password dictionaries only when first used', async () => {
    // Together they took about half a second of every start: of the server, and of each test's.
    const record = join(scratch, `serve-${Date.now()}.txt`);
    const server = await startServerProcess({
      NODE_OPTIONS: `--import ${RECORDER}`,
      WCS_RECORD_MODULES: record,
      DATABASE_URL: `sqlite:${join(scratch, 'serve.sqlite')}`,
      // The embedded default: no Redis, whatever the suite's own run uses.
      REDIS_URL: undefined,
    });
    await server.stop();
    const loaded = new Set(modulesIn(record).map(owner));
    // The service itself did load: the recording is of a real start.
    expect(loaded.has('fastify')).toBe(true);
    expect(loaded.has('better-sqlite3')).toBe(true);
    for (const lazy of ['ioredis', 'pdfkit', 'date-holidays', '@zxcvbn-ts/language-en', 'pino-pretty']) {
      expect(loaded.has(lazy), `wcs serve loaded ${lazy} at start`).toBe(false);
    }
  });
});
