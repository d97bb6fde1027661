import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { promisify } from 'node:util';
import Schema from 'typebox/schema';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CodeSample,
  curlCommand,
  SAMPLE_BASE_URL,
  sampleRequest,
} from '../../src/platform/openapi-code-samples.ts';
import { SDK_METHODS } from '../../src/platform/openapi-sdk-samples.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';

// The curl and SDK samples the reference shows beside each operation (Redoc's x-codeSamples): each is
// read by a real shell or compiled against the SDK's source, and held to the operation it documents.

const ROOT = new URL('../../', import.meta.url).pathname;
const SDK_SOURCE = join(ROOT, 'packages/sdk/src');

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema: object;
  example?: unknown;
}
interface DocumentedOperation {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: {
    content: Record<string, { schema: object; examples?: Record<string, { value: unknown }> }>;
  };
  'x-codeSamples': CodeSample[];
}
interface Documented {
  method: string;
  path: string;
  operation: DocumentedOperation;
}

let t: TestApp;
let components: unknown;
const operations: Documented[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
  components = doc.components;
  for (const [path, methods] of Object.entries(
    doc.paths as Record<string, Record<string, DocumentedOperation>>,
  )) {
    for (const [method, operation] of Object.entries(methods)) operations.push({ method, path, operation });
  }
});
afterAll(() => t.close());

const sample = (operation: DocumentedOperation, label: string) =>
  operation['x-codeSamples'].find((s) => s.label === label)?.source ?? '';

/**
 * The words a POSIX shell makes of each curl command, all read by one shell: `curl` is a function that
 * prints its arguments and then a record separator.
 */
async function shellWords(commands: string[]): Promise<string[][]> {
  const { stdout } = await promisify(execFile)(
    'bash',
    ['-c', `curl() { printf '%s\\0' "$@"; printf '\\036\\0'; }\n${commands.join('\n')}`],
    { env: { PATH: process.env.PATH, WCS_API_KEY: 'wcs_test_SAMPLEKEY' } },
  );
  const words = stdout.split('\0').slice(0, -1);
  const commandsWords: string[][] = [[]];
  for (const word of words) {
    if (word === '\x1e') commandsWords.push([]);
    else commandsWords.at(-1)?.push(word);
  }
  const read = commandsWords.slice(0, -1);
  expect(read.length, 'every command ran curl once').toBe(commands.length);
  return read;
}

interface CurlRequest {
  method: string;
  url: URL;
  headers: Record<string, string>;
  data?: string;
  output?: string;
}

function curlRequest(words: string[]): CurlRequest {
  const request: CurlRequest = { method: 'GET', url: new URL('about:blank'), headers: {} };
  for (let i = 0; i < words.length; i++) {
    const word = words[i];
    if (word === '-s') continue;
    if (word === '-X') request.method = words[++i];
    else if (word === '-o') request.output = words[++i];
    else if (word === '-d') request.data = words[++i];
    else if (word === '-H') {
      const [name, ...value] = words[++i].split(': ');
      request.headers[name.toLowerCase()] = value.join(': ');
    } else if (/^https?:/.test(word)) request.url = new URL(word);
    else throw new Error(`unexpected curl argument: ${word}`);
  }
  return request;
}

describe('the code samples beside each operation', () => {
  it('are a curl command and a Node.js SDK call for every operation', () => {
    expect(operations.length).toBeGreaterThanOrEqual(40);
    for (const { operation } of operations) {
      expect(
        operation['x-codeSamples'].map((s) => [s.lang, s.label]),
        operation.operationId,
      ).toEqual([
        ['Shell', 'curl'],
        ['JavaScript', 'Node.js SDK'],
      ]);
    }
  });

  it('send, in curl, the operation with its documented example: a body that parses and fits the schema', async () => {
    const words = await shellWords(operations.map(({ operation }) => sample(operation, 'curl')));
    for (const [i, { method, path, operation }] of operations.entries()) {
      const id = operation.operationId;
      const request = curlRequest(words[i]);
      expect(request.method, id).toBe(method.toUpperCase());
      expect(request.url.origin, id).toBe(SAMPLE_BASE_URL);
      expect(request.headers.authorization, id).toBe('Bearer wcs_test_SAMPLEKEY');

      // The path, its parameters filled in with values their schemas accept.
      const parameters = operation.parameters ?? [];
      const pattern = path.replace(/\{(\w+)\}/g, '(?<$1>[^/]+)');
      const match = new RegExp(`^${pattern}$`).exec(request.url.pathname);
      expect(match, `${id}: ${request.url.pathname}`).not.toBeNull();
      for (const parameter of parameters.filter((p) => p.in === 'path')) {
        const value = decodeURIComponent(match?.groups?.[parameter.name] ?? '');
        expect(value, `${id} ${parameter.name}`).toBe(String(parameter.example));
        expect(Schema.Check(parameter.schema, value), `${id} ${parameter.name}`).toBe(true);
      }
      // Every required query parameter, each a documented one with its example.
      const query = [...request.url.searchParams];
      for (const parameter of parameters.filter((p) => p.in === 'query' && p.required)) {
        expect(request.url.searchParams.has(parameter.name), `${id} ${parameter.name}`).toBe(true);
      }
      for (const [name, value] of query) {
        const parameter = parameters.find((p) => p.in === 'query' && p.name === name);
        expect(parameter, `${id} ?${name}`).toBeDefined();
        expect(value).toBe(String(parameter?.example));
      }

      const json = operation.requestBody?.content['application/json'];
      if (!json) {
        expect(request.data, id).toBeUndefined();
        continue;
      }
      expect(request.headers['content-type'], id).toBe('application/json');
      const body = JSON.parse(request.data ?? '');
      expect(body, id).toEqual(Object.values(json.examples ?? {})[0]?.value);
      const [valid, errors] = Schema.Errors({ ...json.schema, components }, body);
      expect(errors, id).toEqual([]);
      expect(valid, id).toBe(true);
    }
  });

  it('send the documented headers and save a PDF to a file named after the document', async () => {
    const byId = (id: string) => operations.find((o) => o.operation.operationId === id)!.operation;
    const [create, pdf] = (
      await shellWords([sample(byId('generateWtn'), 'curl'), sample(byId('getWtnPdf'), 'curl')])
    ).map(curlRequest);
    expect(create.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(pdf.output).toMatch(/^WTN-\d{4}-\d{4}-[A-Z0-9]{4}\.pdf$/);
  });

  it('quote for the shell whatever an example holds', async () => {
    const body = { name: "O'Brien's Skips", note: 'costs $5 and `more`; a\nnew line', quote: '"' };
    const command = curlCommand(
      sampleRequest('post', '/v1/sites', {
        operationId: 'createSite',
        requestBody: { content: { 'application/json': { examples: { one: { value: body } } } } },
      }),
    );
    const [request] = (await shellWords([command])).map(curlRequest);
    expect(JSON.parse(request.data ?? '')).toEqual(body);
  });

  it("call, in the SDK, the method the SDK's own source sends the operation with", () => {
    const client = readFileSync(join(SDK_SOURCE, 'client.ts'), 'utf8');
    const classOf = new Map(
      [...client.matchAll(/this\.(\w+) = new (\w+)\(this\.api\)/g)].map(([, name, type]) => [name, type]),
    );
    const resources = readdirSync(join(SDK_SOURCE, 'resources'))
      .map((file) => readFileSync(join(SDK_SOURCE, 'resources', file), 'utf8'))
      .join('\n');
    for (const { method, path, operation } of operations) {
      const call = `this.#api.${method.toUpperCase()}('${path}'`;
      const target = SDK_METHODS[operation.operationId];
      if (!target) {
        // No method of the SDK sends it: the sample uses the typed client underneath.
        expect(resources, `${operation.operationId}: add it to SDK_METHODS`).not.toContain(call);
        expect(sample(operation, 'Node.js SDK')).toContain(`wcs.api.${method.toUpperCase()}('${path}'`);
        continue;
      }
      const [namespace, name] = target.split('.');
      const body = methodSource(resources, classOf.get(namespace) ?? '?', name);
      expect(body, `${operation.operationId} -> ${target}`).toContain(call);
      expect(sample(operation, 'Node.js SDK')).toContain(`wcs.${target}(`);
    }
  });

  it('type-check against the SDK: every method, argument and field exists with the right type', () => {
    const dir = mkdtempSync(join(tmpdir(), 'wcs-sdk-samples-'));
    try {
      const files = operations.map(({ operation }) => {
        const file = join(dir, `${operation.operationId}.mts`);
        writeFileSync(file, sample(operation, 'Node.js SDK'));
        return file;
      });
      const program = ts.createProgram(files, {
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.NodeNext,
        moduleResolution: ts.ModuleResolutionKind.NodeNext,
        lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
        types: ['node'],
        typeRoots: [join(ROOT, 'node_modules/@types')],
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        allowImportingTsExtensions: true,
        // The SDK as its source says, not a build of it that may be older.
        paths: { 'waste-compliance-sdk': [join(SDK_SOURCE, 'index.ts')] },
      });
      // What getPreEmitDiagnostics reports of these files and of the program as a whole, without
      // checking the SDK's own source as well (its errors are its tests' business, and cost seconds).
      const diagnostics = ts.sortAndDeduplicateDiagnostics([
        ...program.getOptionsDiagnostics(),
        ...program.getGlobalDiagnostics(),
        ...files.flatMap((file) => {
          const source = program.getSourceFile(file);
          return [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)];
        }),
      ]);
      const problems = diagnostics
        .filter((d) => !d.file || d.file.fileName.startsWith(dir))
        .map(
          (d) =>
            `${d.file ? basename(d.file.fileName) : ''}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`,
        );
      expect(problems).toEqual([]);
      expect(
        program.getSourceFile(join(SDK_SOURCE, 'client.ts')),
        'the SDK source was not read',
      ).toBeDefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** The source of one method of one resource class, from its name to the next member. */
function methodSource(resources: string, className: string, method: string): string {
  const start = resources.indexOf(`export class ${className} {`);
  if (start < 0) return '';
  const end = resources.indexOf('\nexport class', start + 1);
  const body = resources.slice(start, end < 0 ? undefined : end);
  const at = new RegExp(`\\n  (?:async )?${method}\\(`).exec(body);
  if (!at) return '';
  const rest = body.slice(at.index + 1);
  const next = rest.slice(1).search(/\n {2}(?:async )?\w+\(/);
  return next < 0 ? rest : rest.slice(0, next + 1);
}
