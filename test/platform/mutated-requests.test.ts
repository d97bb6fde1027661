import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, REQUESTS_ONLY_ENV, type TestApp } from '../helpers/app.ts';

/**
 * Every operation in /openapi.json, called with its own documented example bent out of shape (a field
 * replaced by a hostile value or by anything fast-check draws, removed, an array grown, an object given
 * extra keys), with real or made-up ids in the path and odd query values: the answer is never a 5xx the
 * client caused, and every refusal is the API's JSON error envelope. Run on SQLite and on PostgreSQL.
 *
 * The register and DWT are deliberately out of reach, so their own 503s (which say so) are expected.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Step = string | number;

interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  example?: Json;
  query: Array<{ name: string; values?: Json[] }>;
}

/** An OpenAPI request body's JSON: its example may sit in any of the three places the spec allows. */
interface MediaType {
  example?: Json;
  schema?: { example?: Json };
  examples?: Record<string, { value?: Json }>;
}

/** Answers a client may get through no fault of the request: the upstream it needs is not there. */
const UPSTREAM_AWAY = /"code":"(EA_REGISTER_UNAVAILABLE|DWT_NOT_CONFIGURED)"/;

const HOSTILE: Json[] = [
  null,
  true,
  0,
  -1,
  1.5,
  1e308,
  -1e308,
  2 ** 53 + 1,
  '',
  ' ',
  'a'.repeat(5_000),
  '\u0000',
  '\ud800',
  '🦀',
  '<b>x</b>',
  '2026-02-30',
  '2026-13-01',
  '0000-01-01',
  '9999-12-31T23:59:59Z',
  '2026-11-29T25:00:00Z',
  'NaN',
  '1e999',
  [],
  [null],
  {},
  { a: 1 },
  '17 05 03*',
  'XX 99 99',
  'CBDU1',
  'R1',
];

/** A value to put in place of a field: one of the known troublemakers, or any JSON value at all. */
const hostileValue: fc.Arbitrary<Json> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<Json> },
);

/** One change to a body: `at` picks the node (modulo the body's node count). */
interface Change {
  at: number;
  kind: 'replace' | 'same-type' | 'remove' | 'grow' | 'extend' | 'add-key';
  value: Json;
  size: number;
  key: string;
}
const change: fc.Arbitrary<Change> = fc.record({
  at: fc.nat(),
  kind: fc.constantFrom('replace', 'same-type', 'same-type', 'remove', 'grow', 'extend', 'add-key'),
  value: hostileValue,
  size: fc.constantFrom(2, 50, 500),
  key: fc.constantFrom('extra', '__proto__', 'constructor', 'id'),
});

function nodes(value: Json, at: Step[] = [], out: Step[][] = []): Step[][] {
  out.push(at);
  if (value && typeof value === 'object') {
    for (const [k, child] of Object.entries(value))
      nodes(child, [...at, Array.isArray(value) ? Number(k) : k], out);
  }
  return out;
}

function mutate(body: Json, changes: Change[]): Json {
  let root = structuredClone(body);
  for (const change of changes) {
    const all = nodes(root);
    const at = all.length > 1 ? all[1 + (change.at % (all.length - 1))] : [];
    const parent = at.slice(0, -1).reduce<Json>((o, k) => (o as Record<string, Json>)[k], root) as
      | Record<string, Json>
      | Json[];
    const last = at.at(-1);
    const current = last === undefined ? root : (parent as Record<string, Json>)[last];
    const set = (value: Json) => {
      if (last === undefined) root = value;
      else (parent as Record<string, Json>)[last] = value;
    };
    if (change.kind === 'replace') set(structuredClone(change.value));
    else if (change.kind === 'same-type' && current !== null && typeof current !== 'object') {
      // A value of the type the schema wants, so the request gets past validation to the code behind it.
      set(sameType(current, change.at));
    } else if (change.kind === 'remove' && last !== undefined) {
      if (Array.isArray(parent)) parent.splice(Number(last), 1);
      else delete parent[last];
    } else if (change.kind === 'grow' && Array.isArray(current) && current.length > 0) {
      set(Array.from({ length: change.size }, () => structuredClone(current[0])));
    } else if (change.kind === 'extend' && typeof current === 'string') set(`${current}${current}*`);
    else if (change.kind === 'add-key' && current && typeof current === 'object' && !Array.isArray(current)) {
      // Defined, not assigned: `__proto__` must arrive as a key of the JSON, as a client could send it.
      Object.defineProperty(current, change.key, {
        value: structuredClone(change.value),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    } else set(structuredClone(change.value));
  }
  return root;
}

/** Values of each scalar type that a schema lets through and the code behind it must still judge. */
const STRINGS = [
  '',
  ' ',
  'x',
  '0',
  'N/A',
  '2026-02-29',
  '2027-01-01',
  '1999-12-31',
  '00:00',
  '23:59',
  'EXEMPT',
  'wales',
  'england',
  'R13',
  'D15',
  '20 01 21*',
  '17 05 04',
  'CBDU100003',
  'CBDU999999',
  'SW1A 1AA',
  'GIR 0AA',
  'a'.repeat(200),
];
const NUMBERS = [0, -0, 1, -1, 0.0001, 1e9, 999_999_999, 2 ** 31, 1.5];

function sameType(current: string | number | boolean, pick: number): Json {
  if (typeof current === 'boolean') return !current;
  if (typeof current === 'number') return NUMBERS[pick % NUMBERS.length];
  return STRINGS[pick % STRINGS.length];
}

/** Query text as a client would send it; a lone surrogate, which encodeURIComponent refuses, as its bytes. */
function queryText(value: Json): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
}

let t: TestApp;
let keys: string[];
let operations: Operation[];
/** Real ids by the collection path they live under, so a mutated request reaches the code behind a find. */
const realIds = new Map<string, string>();

beforeAll(async () => {
  t = await createTestApp({ env: { ...REQUESTS_ONLY_ENV } });
  const test = await t.newKey({ mode: 'test', plan: 'enterprise' });
  const live = await t.newKey({ mode: 'live', plan: 'enterprise', orgId: test.orgId });
  // Limits the run cannot reach, so every request gets past the rate limit to the code behind it.
  await t.app.services.accounts.changePlan(test.orgId, 'enterprise', {
    monthly: 1_000_000_000,
    perMinute: 100_000_000,
    changedBy: 'test',
  });
  keys = [test.key, live.key];
  const spec = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
  operations = [];
  for (const [path, item] of Object.entries<Record<string, Record<string, never>>>(spec.paths)) {
    if (!path.startsWith('/v1/')) continue;
    for (const [method, op] of Object.entries<Record<string, never>>(item)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const json = (op as { requestBody?: { content?: Record<string, MediaType> } }).requestBody?.content?.[
        'application/json'
      ];
      const parameters = (
        op as { parameters?: Array<{ in: string; name: string; schema?: { enum?: Json[] } }> }
      ).parameters;
      operations.push({
        method: method.toUpperCase() as Operation['method'],
        path,
        example:
          json && (json.example ?? json.schema?.example ?? Object.values(json.examples ?? {})[0]?.value),
        query: (parameters ?? [])
          .filter((p) => p.in === 'query')
          .map((p) => ({ name: p.name, values: p.schema?.enum })),
      });
    }
  }

  // One of each thing a path can name, made from the documented examples in test mode.
  const exampleOf = (method: string, path: string) =>
    structuredClone(operations.find((o) => o.method === method && o.path === path)?.example);
  const create = async (path: string, body: Json | undefined) => {
    const res = await t.call(test.key, { method: 'POST', url: path, payload: body as object });
    expect(res.statusCode, `${path}: ${res.body}`).toBeLessThan(300);
    const created = res.json();
    realIds.set(path, created.id ?? created.reference);
  };
  await create('/v1/sites', exampleOf('POST', '/v1/sites'));
  await create('/v1/generate-wtn', exampleOf('POST', '/v1/generate-wtn'));
  realIds.set('/v1/wtn', realIds.get('/v1/generate-wtn')!);
  const withOurs = (body: Json | undefined) =>
    JSON.parse(
      JSON.stringify(body)
        .replace(/:"site_[A-Za-z0-9]+"/g, `:"${realIds.get('/v1/sites')}"`)
        .replace(/:"WTN-[0-9A-Z-]+"/g, `:"${realIds.get('/v1/wtn')}"`),
    ) as Json;
  for (const o of operations) if (o.example !== undefined) o.example = withOurs(o.example);
  await create('/v1/waste-receipts', exampleOf('POST', '/v1/waste-receipts'));
  await create('/v1/consignment-notes', exampleOf('POST', '/v1/consignment-notes'));
  await create('/v1/webhook-endpoints', {
    ...(exampleOf('POST', '/v1/webhook-endpoints') as Record<string, Json>),
    url: 'http://127.0.0.1:9/hook',
  });
  await create('/v1/carrier-watches', exampleOf('POST', '/v1/carrier-watches'));
});

afterAll(async () => {
  await t?.close();
});

interface MadeRequest {
  operation: number;
  key: number;
  body: { changes: Change[] } | { whole: Json };
  realId: boolean;
  madeUpId: string;
  query: Array<[number, Json]>;
}

const request: fc.Arbitrary<MadeRequest> = fc.record({
  operation: fc.nat(),
  key: fc.nat({ max: 1 }),
  body: fc.oneof(
    {
      weight: 9,
      arbitrary: fc.array(change, { minLength: 1, maxLength: 3 }).map((changes) => ({ changes })),
    },
    { weight: 1, arbitrary: hostileValue.map((whole) => ({ whole })) },
  ),
  realId: fc.boolean(),
  madeUpId: fc.constantFrom(
    'x',
    '0',
    '-1',
    'site_x',
    'WTN-2026-1129-AAAA',
    'a'.repeat(300),
    '..',
    '%2F',
    ' ',
    '\ud800',
  ),
  query: fc.array(fc.tuple(fc.nat(), fc.oneof(hostileValue, fc.constant('enum'))), { maxLength: 3 }),
});

function urlOf(op: Operation, r: MadeRequest): string {
  const path = op.path.replace(/\{(\w+)\}/g, (placeholder, name: string) => {
    const collection = op.path.slice(0, op.path.indexOf(placeholder) - 1);
    const real = realIds.get(collection);
    if (name === 'code') return encodeURIComponent('17 05 03*');
    // A delete is never sent a real id: the things the run made stay for the requests after it.
    return queryText(real && r.realId && op.method !== 'DELETE' ? real : r.madeUpId);
  });
  const query = r.query
    .filter(() => op.query.length > 0)
    .map(([at, value]) => {
      const parameter = op.query[at % op.query.length];
      const chosen = value === 'enum' && parameter.values ? parameter.values[0] : value;
      return `${parameter.name}=${queryText(chosen)}`;
    });
  return query.length > 0 ? `${path}?${query.join('&')}` : path;
}

describe('requests bent out of shape', () => {
  it('are answered without a 5xx of their own making, and refused in the error envelope', async () => {
    expect(operations.length).toBeGreaterThan(40);
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        const op = operations[r.operation % operations.length];
        const url = urlOf(op, r);
        let payload: string | undefined;
        if (op.example !== undefined) {
          payload = JSON.stringify('whole' in r.body ? r.body.whole : mutate(op.example, r.body.changes));
        }
        // What the run made is in test mode: a request naming it uses the test key, others either key.
        const res = await t.call(r.realId ? keys[0] : keys[r.key], {
          method: op.method,
          url,
          ...(payload === undefined ? {} : { payload, headers: { 'content-type': 'application/json' } }),
        });
        const what = `${op.method} ${url} ${payload?.slice(0, 400) ?? ''} -> ${res.statusCode} ${res.body.slice(0, 300)}`;
        if (res.statusCode >= 500) expect(res.body, what).toMatch(UPSTREAM_AWAY);
        if (res.statusCode >= 400) {
          expect(res.headers['content-type'], what).toMatch(/^application\/json/);
          const error = res.json().error;
          expect(error?.code, what).toMatch(/^[A-Z_]+$/);
          expect(error?.message, what).toEqual(expect.any(String));
          expect(error?.status, what).toBe(res.statusCode);
        }
      }),
      // A new seed each run; a failure prints it, and MUTATED_SEED=<seed> replays that run.
      {
        numRuns: Number(process.env.MUTATED_REQUESTS ?? 1_000),
        ...(process.env.MUTATED_SEED && { seed: Number(process.env.MUTATED_SEED) }),
      },
    );
  });
});
