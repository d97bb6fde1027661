import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import pMap from 'p-map';
import Schema from 'typebox/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedCsv, writeZip } from '../carriers/export-fixture.ts';
import { FakeRegister } from '../carriers/fake-register.ts';
import {
  runCli,
  type ServerProcess,
  sharedDatabaseUrl,
  startServerProcess,
} from '../helpers/server-process.ts';
import { WebhookReceiver } from '../helpers/webhook-receiver.ts';
import {
  answerProblems,
  type Block,
  CURL_RECORDER,
  type CurlCall,
  curlCallAt,
  documentedFiles,
  envelopeProblems,
  expectedOutput,
  fencedBlocks,
  httpProblems,
  parseJson,
  ROOT,
  recordedCalls,
  run,
  type ShellRun,
  settingsProblems,
  shellProblems,
  startHere,
  typeErrors,
} from './snippets.ts';

// Every code block of the README and the guides, and the commands of the API reference's "Start here",
// run as written against one real server process (its own SQLite file or PostgreSQL schema): shell
// blocks with bash, TypeScript and JavaScript type-checked against the SDK's source and run with the
// project's Node, JSON parsed and, for a request body, held to the operation's schema, and every answer
// a doc shows compared with the real one. A block that is not run must be in NOT_RUN, with the reason.

/**
 * Blocks that cannot run here, each found by a phrase only it holds. Besides these, blocks marked `text`
 * are output shown for reading (an MCP tool's answer, whose wording test/mcp checks): nothing to run.
 */
const NOT_RUN = [
  {
    source: 'README.md',
    shows: 'npm install\nnpm start',
    why: 'installs packages, then starts a server that runs until stopped (this test runs against one started as `npm start` starts it: `wcs serve`)',
  },
  { source: 'README.md', shows: 'npm test', why: 'the whole suite, this test included' },
  {
    source: 'README.md',
    shows: 'LLM_API_KEY=sk-...',
    why: "needs a model provider's key, and starts a second server",
  },
  {
    source: 'README.md',
    shows: 'db.internal',
    why: 'a deployment: needs the PostgreSQL and Redis hosts it names, and starts a second server',
  },
  { source: 'docs/llm-engine.md', shows: 'vllm serve', why: 'starts a model server (vLLM, a GPU)' },
  { source: 'docs/llm-engine.md', shows: 'ollama pull', why: 'downloads a 7B model' },
  {
    source: 'docs/llm-engine.md',
    shows: 'npm run eval',
    why: 'measures a real model: needs its URL and key',
  },
  {
    source: 'docs/portal.md',
    shows: 'open http://127.0.0.1:8080/portal',
    why: 'a walk through the portal in a browser, pasting the key it showed (test/portal drives it in Chromium)',
  },
  {
    source: 'docs/sdk.md',
    shows: 'npm pack',
    why: 'packs the SDK and installs it in another project (test/sdk/pack.test.ts does exactly that)',
  },
];

/**
 * The answers the guides show, and the call that gives each: the shell block holding `from`, and of
 * its curl calls the one `from` is part of (or follows).
 */
const RESPONSES = [
  { source: 'docs/carriers.md', shows: '"status": "expiring_soon"', from: '"CBDU100001"}', status: 200 },
  { source: 'docs/wtn.md', shows: '"reference": "WTN-2026-0325-A7X9",\n', from: 'generate-wtn', status: 201 },
  { source: 'docs/wtn.md', shows: '"has_more"', from: 'signed=partially_signed', status: 200 },
  {
    source: 'docs/consignment-notes.md',
    shows: '"code_assigned"',
    from: '-X POST http://127.0.0.1:8080/v1/consignment-notes \\',
    status: 201,
  },
  { source: 'docs/limits.md', shows: '"mode": "live"', from: '/v1/usage', status: 200 },
  { source: 'docs/limits.md', shows: '"mode": "test"', from: '/v1/usage', status: 200 },
  { source: 'docs/requests.md', shows: '"api_request"', from: 'limit=2', status: 200 },
  {
    source: 'docs/webhooks.md',
    shows: '"object": "carrier_watch",\n  "registration_number"',
    from: 'carrier-watches',
    status: 201,
  },
];

/** Request bodies the guides show on their own, and the operation each is sent to. */
const REQUEST_BODIES = [
  { source: 'docs/dwt.md', shows: '"wtn_reference"', operation: 'post /v1/waste-receipts' },
  { source: 'docs/dwt.md', shows: '"consignment_note_id"', operation: 'post /v1/waste-receipts' },
];

const SDK_SOURCE = join(ROOT, 'packages/sdk/src/index.ts');
const NODE = join(ROOT, 'node_modules/.bin/node');

/**
 * What a snippet's text stands for here. Before a block runs, each name below is replaced in its text
 * by what stands for it; nothing else in it is changed (substitute() is the one place).
 *
 * - The service: every doc calls http://127.0.0.1:8080, where `wcs serve` listens by default
 *   (test/docs/one-key-one-host.test.ts keeps it the one address). This file's server listens on a free
 *   port instead, and the address is rewritten to it: port 8080 may be a developer's own server, whose
 *   data the snippets would change, or another test file's, and the rewrite works wherever it runs.
 *   Scripts also get the server as WCS_BASE_URL, which the SDK reads when given no `baseUrl`.
 * - Example ids (EXAMPLES): a transfer note, site or organisation the reader already has. Each is
 *   made fresh for the document that names it, through the API or `wcs`, as the reader made theirs.
 * - The SDK by name: `waste-compliance-sdk` is not built in the repository, so a script's import of it
 *   is pointed at its source (packages/sdk/src/index.ts), which the project's Node runs as it is.
 */
const DOCUMENTED_HOST = 'http://127.0.0.1:8080';

type Api = (method: string, path: string, body?: unknown) => Promise<Record<string, unknown>>;

const EXAMPLES: Record<string, { is: string; make(api: Api): Promise<string> }> = {
  'WTN-2026-0325-A7X9': { is: 'a transfer note', make: (api) => note(api, NOTE) },
  'WTN-2026-0324-H8S2': {
    is: 'a transfer note both parties have signed',
    make: async (api) => {
      const reference = await note(api, NOTE);
      for (const party of ['transferor', 'transferee']) {
        await api('POST', `/v1/wtn/${reference}/signatures`, { party, name: 'Sam Patel' });
      }
      return reference;
    },
  },
  'WTN-2026-0331-S4T1': {
    is: 'a season ticket from 2026-04-01 to 2027-03-31',
    make: (api) =>
      note(api, { ...NOTE, season_ticket: { valid_from: '2026-04-01', valid_until: '2027-03-31' } }),
  },
  cn_7kQ2mX9pL4rT8vB3nC6d: {
    is: 'a consignment note (Parts A and B)',
    make: (api) => idOf(api('POST', '/v1/consignment-notes', CONSIGNMENT)),
  },
  cn_2Vb9sK4dQ7wL1xF5mR8t: {
    is: 'another consignment note',
    make: (api) => idOf(api('POST', '/v1/consignment-notes', CONSIGNMENT)),
  },
  site_5f7Gq2LmN8pR3sT6vW9x: { is: 'a receiving site', make: (api) => idOf(api('POST', '/v1/sites', SITE)) },
  'org_3fA9…': {
    is: 'an organisation, made with `wcs org create`',
    make: async () =>
      (await runCli(['org', 'create', '--name', 'Example Ltd'], { DATABASE_URL: db.url })).trim(),
  },
  'http://127.0.0.1:4000/hooks': { is: 'a webhook receiver', make: async () => receiver.url },
};

const substitute = (text: string, bindings: [string, string][]) =>
  bindings.reduce((out, [shown, real]) => out.replaceAll(shown, real), text);

/** Files the docs' commands read, made in the directory the commands run in. */
const FILES: Record<string, (path: string) => Promise<void>> = {
  // A small EA bulk export, shaped as the real one (test/carriers/export-fixture.ts).
  'waste-carriers-brokers.zip': (path) =>
    writeZip(
      path,
      'waste-carriers-brokers.csv',
      feedCsv([{ number: 'CBDU770001', name: 'Docs Haulage Ltd', tier: 'UPPER', expiry: '2099-01-01' }]),
      new Date('2026-01-14T06:00:00Z'),
    ),
};

const NOTE = {
  producer: { name: 'ABC Office Fit-out Ltd', address: '45 High Street, Bournemouth, BH1 2AA' },
  carrier: { registration_number: 'CBDU100001' },
  waste: { description: 'Broken plasterboard from office refurbishment', quantity_kg: 2500 },
  destination: { name: 'South Coast Recycling Ltd', address: 'Industrial Estate, Poole, BH15 1NF' },
  transfer_date: '2026-03-25',
};
const note = async (api: Api, body: unknown) =>
  String((await api('POST', '/v1/generate-wtn', body)).reference);

const idOf = async (answer: Promise<Record<string, unknown>>) => String((await answer).id);

const CONSIGNMENT = {
  producer: {
    name: 'Garage Services Ltd',
    address: 'Unit 4, Mill Lane, Poole',
    postcode: 'BH15 2AB',
    sic_code: '45200',
    contact: 'Sam Patel',
    phone: '01202 123456',
    email: 'sam@garage.example',
  },
  consignee: {
    name: 'Southern Oil Recovery Ltd',
    address: 'Wharf Road, Southampton',
    postcode: 'SO14 3TJ',
    permit_number: 'EPR/AB1234CD',
  },
  carrier: { registration_number: 'CBDU100001' },
  process: 'Servicing of cars and light vans',
  lines: [
    {
      ewc_code: '130205',
      description: 'Waste engine oil',
      quantity_kg: 180,
      physical_form: 'liquid',
      components: [{ name: 'Mineral base oil', concentration: 100, unit: 'percent' }],
      hazard_codes: ['HP5', 'HP14'],
      container: { type: 'drum', number: 1 },
    },
  ],
};

const SITE = {
  name: 'Testtown Transfer Station',
  address: { full_address: '1 Quarry Lane, Testtown', postcode: 'TC1 2AB' },
  authorisation_numbers: ['EPR/AB1234CD'],
  dwt_api_code: '1f83215e-4b90-4785-9ab2-2614839aa2e9',
};

let db: Awaited<ReturnType<typeof sharedDatabaseUrl>>;
let register: FakeRegister;
let receiver: WebhookReceiver;
let server: ServerProcess;
let openapi: {
  info: { description: string };
  paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: object }> } }>>;
  components: unknown;
};
/** Where shell snippets run: inside the project, so `npx wcs` finds the project's `wcs` (git ignores it). */
let shellDir: string;
/** Where scripts are written: outside node_modules, where Node strips TypeScript. */
let scriptDir: string;
let organisation: string;
const realCurl = execFileSync('bash', ['-c', 'command -v curl'], { encoding: 'utf8' }).trim();

const blocks = new Map<string, Block[]>(
  documentedFiles().map((file) => [file, fencedBlocks(file, readFileSync(join(ROOT, file), 'utf8'))]),
);
const notRun = (block: Block) =>
  NOT_RUN.some((n) => n.source === block.source && block.text.includes(n.shows));
const problems = new Map<string, string[]>();
/** The answers shown in the docs that were compared with a real one. */
const compared = new Set<(typeof RESPONSES)[number]>();

beforeAll(async () => {
  db = await sharedDatabaseUrl();
  register = await new FakeRegister().start();
  receiver = await new WebhookReceiver().start();
  server = await startServerProcess({ DATABASE_URL: db.url, EA_REGISTER_URL: register.url });
  openapi = (await (await fetch(`${server.url}/openapi.json`)).json()) as typeof openapi;
  mkdirSync(join(ROOT, 'node_modules/.cache'), { recursive: true });
  shellDir = mkdtempSync(join(ROOT, 'node_modules/.cache/wcs-doc-snippets-'));
  mkdirSync(join(shellDir, 'bin'));
  writeFileSync(join(shellDir, 'bin/curl'), CURL_RECORDER);
  chmodSync(join(shellDir, 'bin/curl'), 0o755);
  scriptDir = mkdtempSync(join(tmpdir(), 'wcs-doc-scripts-'));
  symlinkSync(join(ROOT, 'node_modules'), join(scriptDir, 'node_modules'));

  organisation = await runStartHere();
  // Each document runs in order (a snippet may use what an earlier one made), documents side by side,
  // those whose commands take longest (each `npx wcs` starts npm and a process) first.
  const files = [...blocks.keys()].sort((a, b) => cost(b) - cost(a));
  await pMap(files, async (file) => problems.set(file, await runDocument(file).catch((e) => [String(e)])), {
    concurrency: 4,
  });
}, 300_000);

afterAll(async () => {
  await server?.stop();
  await register?.stop();
  await receiver?.stop();
  await db?.dispose();
  if (shellDir) rmSync(shellDir, { recursive: true, force: true });
  if (scriptDir) rmSync(scriptDir, { recursive: true, force: true });
});

const cost = (file: string) =>
  (blocks.get(file) ?? [])
    .filter((b) => !notRun(b))
    .reduce((n, b) => n + (b.text.match(/npx /g)?.length ?? 0), 0);

/**
 * The reference's "Start here", on this new database: its commands make the first organisation and a
 * test key, and call the API with it; then the request it names. Problems are kept for their own test.
 */
async function runStartHere(): Promise<string> {
  const { commands, requests } = startHere(openapi.info.description);
  const script = substitute(commands.join('\n'), [[DOCUMENTED_HOST, server.url]]);
  // The key the commands exported, printed after them for this test to use.
  const result = await runShell(`${script}\necho\necho "$WCS_API_KEY"`, shellDir, {});
  const found = [...shellProblems(script, result)];
  const key = /^wcs_test_\w+$/m.exec(result.stdout)?.[0];
  if (!key) throw new Error(`Start here made no test key: ${JSON.stringify(result)}`);
  for (const { method, path, body } of requests) {
    found.push(...bodyProblems(body, `${method.toLowerCase()} ${path}`));
    await call(key)(method, path, body).catch((error) => found.push(String(error)));
  }
  problems.set('/docs Start here', commands.length >= 2 && requests.length >= 1 ? found : ['nothing found']);
  return ((await call(key)('GET', '/v1/account')).organisation as { id: string }).id;
}

/** The API with one key, as fixtures are made; a refusal throws with its answer. */
const call =
  (key: string): Api =>
  async (method, path, body) => {
    const res = await fetch(`${server.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const json = (await res.json()) as Record<string, unknown>;
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };

/**
 * A document's blocks in order. What runs against the server gets a test key of its own (made with
 * `wcs key create`, as documented), so one document's calls never spend another's rate limit.
 */
async function runDocument(file: string): Promise<string[]> {
  const runnable = (blocks.get(file) ?? []).filter((block) => !notRun(block));
  const everything = runnable
    .filter((block) => block.kind === 'shell' || block.kind === 'script')
    .map((block) => block.text)
    .join('\n');
  let key = '';
  const bindings: [string, string][] = [[DOCUMENTED_HOST, server.url]];
  if (runnable.some((block) => block.kind === 'shell' || block.kind === 'script')) {
    const args = ['key', 'create', '--org', organisation, '--mode', 'test', '--name', file, '--json'];
    key = JSON.parse(await runCli(args, { DATABASE_URL: db.url })).key;
    for (const [shown, example] of Object.entries(EXAMPLES)) {
      if (everything.includes(shown)) bindings.push([shown, await example.make(call(key))]);
    }
  }
  const cwd = join(shellDir, file.replace(/\W/g, '-'));
  mkdirSync(cwd);
  for (const [name, write] of Object.entries(FILES)) {
    if (everything.includes(name)) await write(join(cwd, name));
  }

  const found: string[] = [];
  const calls = new Map<Block, CurlCall[]>();
  for (const block of runnable) {
    const at = (list: string[]) => found.push(...list.map((p) => `${file}:${block.line}: ${p}`));
    const text = substitute(block.text, bindings);
    if (block.kind === 'shell') {
      const result = await runShell(text, cwd, { WCS_API_KEY: key });
      calls.set(block, result.calls);
      at(shellProblems(block.text, result));
    } else if (block.kind === 'settings') at(settingsProblems(block.text));
    else if (block.kind === 'script') at(await scriptProblems(block, text, key));
    else if (block.kind === 'http') at(httpProblems(block.text));
    else if (block.kind === 'json') at(jsonProblems(block));
    else if (block.kind === 'unknown') at([`no language this test knows ("${block.lang}")`]);
  }
  for (const response of RESPONSES.filter((r) => r.source === file)) {
    const shown = runnable.find((b) => b.kind === 'json' && b.text.includes(response.shows));
    const from = [...calls.keys()].find((b) => b.text.includes(response.from));
    if (!shown || !from) continue;
    compared.add(response);
    const real = calls.get(from)?.[curlCallAt(from.text, response.from)];
    const shape = answerProblems(parseJson(shown.text), real, response.status);
    found.push(...shape.map((p) => `${file}:${shown.line}: ${p}`));
  }
  return found;
}

/** Runs a script with bash, `curl` recorded and the database the server uses (for `wcs`). */
async function runShell(script: string, cwd: string, env: Record<string, string>): Promise<ShellRun> {
  const log = mkdtempSync(join(shellDir, 'calls-'));
  const result = await run('bash', ['-eo', 'pipefail', '-c', script], {
    cwd,
    env: {
      ...process.env,
      PATH: `${join(shellDir, 'bin')}:${process.env.PATH}`,
      DATABASE_URL: db.url,
      WCS_SNIPPET_CALLS: log,
      WCS_REAL_CURL: realCurl,
      ...env,
    },
  });
  return { ...result, calls: recordedCalls(log) };
}

/** A JSON block parses; a request body shown on its own fits its operation's schema. */
function jsonProblems(block: Block): string[] {
  let value: unknown;
  try {
    value = parseJson(block.text);
  } catch (error) {
    return [`not JSON: ${(error as Error).message}`];
  }
  const request = REQUEST_BODIES.find((r) => r.source === block.source && block.text.includes(r.shows));
  return request ? bodyProblems(value, request.operation) : envelopeProblems(value);
}

function bodyProblems(body: unknown, operation: string): string[] {
  const [method, path] = operation.split(' ');
  const schema = openapi.paths[path]?.[method]?.requestBody?.content['application/json']?.schema;
  if (!schema) return [`${operation} takes no JSON body`];
  const [valid, errors] = Schema.Errors({ ...schema, components: openapi.components }, body);
  return valid ? [] : errors.map((e) => `not a body of ${operation}: ${e.instancePath} ${e.message}`);
}

const scriptFile = (block: Block) =>
  join(
    scriptDir,
    `${block.source.replace(/\W/g, '-')}-${block.line}.${/^(ts|typescript|mts)$/.test(block.lang) ? 'mts' : 'mjs'}`,
  );

/** Runs a script with the project's Node, the SDK read from its source; checks what it says it prints. */
async function scriptProblems(block: Block, text: string, key: string): Promise<string[]> {
  const file = scriptFile(block);
  writeFileSync(file, text.replaceAll(`'waste-compliance-sdk'`, `'${pathToFileURL(SDK_SOURCE)}'`));
  const result = await run(NODE, [file], {
    cwd: scriptDir,
    env: { ...process.env, WCS_API_KEY: key, WCS_BASE_URL: server.url },
  });
  if (result.code !== 0) return [`exit status ${result.code}: ${result.stderr.trim().slice(0, 800)}`];
  const printed = result.stdout.split('\n');
  return expectedOutput(block.text)
    .filter((line) => !printed.includes(line))
    .map((line) => `printed no line "${line}": ${result.stdout.slice(0, 300)}`);
}

describe('every code block of the README and the guides', () => {
  it('is run, or not run for a reason given here', () => {
    const all = [...blocks.values()].flat();
    for (const entry of [...NOT_RUN, ...RESPONSES, ...REQUEST_BODIES]) {
      const matching = all.filter((b) => b.source === entry.source && b.text.includes(entry.shows));
      expect(matching.length, `${entry.source}: "${entry.shows}" names one block`).toBe(1);
    }
    expect(
      RESPONSES.filter((r) => !compared.has(r)),
      'answers shown but not compared',
    ).toEqual([]);
    const unknown = all.filter((b) => b.kind === 'unknown' && !notRun(b)).map((b) => `${b.source}:${b.line}`);
    expect(unknown, 'blocks without a language this test knows').toEqual([]);
    expect(all.filter((b) => !notRun(b) && b.kind !== 'text').length).toBeGreaterThan(50);
  });

  it('type-checks every script: TypeScript strictly against the SDK as its source says, JavaScript as such', () => {
    const scripts = [...blocks.values()].flat().filter((b) => b.kind === 'script' && !notRun(b));
    for (const block of scripts) writeFileSync(scriptFile(block), block.text);
    const files = scripts.map(scriptFile);
    expect(files.filter((f) => f.endsWith('.mts')).length).toBeGreaterThan(1);
    expect([
      ...typeErrors(
        files.filter((f) => f.endsWith('.mts')),
        { strict: true, sdk: SDK_SOURCE },
      ),
      ...typeErrors(
        files.filter((f) => f.endsWith('.mjs')),
        { strict: false, sdk: SDK_SOURCE },
      ),
    ]).toEqual([]);
  });

  it.each(['/docs Start here', ...documentedFiles()])('%s: every block works as written', (file) => {
    const found = problems.get(file) ?? [];
    // A fault on the server's side is explained by its log, under the request id the answer gave.
    const ids = new Set(found.join('\n').match(/req_[\w-]{20}/g));
    const log = server
      .output()
      .split('\n')
      .filter((line) => [...ids].some((id) => line.includes(id)));
    expect([...found, ...log]).toEqual([]);
  });
});
