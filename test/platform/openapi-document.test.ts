import Schema from 'typebox/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCodes } from '../../src/platform/errors.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';

// What a developer reads in /docs and what a client generator reads in /openapi.json: every operation
// named, every example a body the service could really send (held to its schema here, so an example can
// never drift from it), every error example a code its status really uses, every header one we send.

interface Media {
  schema?: object;
  example?: unknown;
  examples?: Record<string, { value: unknown }>;
}
interface Response {
  content?: Record<string, Media>;
  headers?: Record<string, unknown>;
}
interface Parameter {
  name: string;
  in: string;
  schema: object;
  example?: unknown;
}
interface Operation {
  operationId?: string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, Media> };
  responses: Record<string, Response>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: Record<string, unknown>;
}

let t: TestApp;
let key: string;
let liveKey: string;
let doc: Document;
const operations: [string, Operation][] = [];

beforeAll(async () => {
  t = await createTestApp();
  key = (await t.newKey({ mode: 'test', plan: 'free' })).key;
  liveKey = (await t.newKey({ mode: 'live', plan: 'free' })).key;
  doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      operations.push([`${method.toUpperCase()} ${path}`, operation]);
    }
  }
});
afterAll(() => t.close());

/** Every example of a JSON media type, with the schema it must satisfy. */
function mediaExamples(): [string, object, unknown][] {
  const found: [string, object, unknown][] = [];
  const add = (where: string, media: Media | undefined) => {
    if (!media?.schema) return;
    if (media.example !== undefined) found.push([where, media.schema, media.example]);
    for (const [name, example] of Object.entries(media.examples ?? {})) {
      found.push([`${where} ${name}`, media.schema, example.value]);
    }
  };
  for (const [name, operation] of operations) {
    add(`${name} request`, operation.requestBody?.content['application/json']);
    for (const [status, response] of Object.entries(operation.responses)) {
      add(`${name} ${status}`, response.content?.['application/json']);
    }
  }
  return found;
}

/** A schema whose `#/components/...` references resolve against the document. */
const inDocument = (schema: object) => ({ ...schema, components: doc.components });

describe('the OpenAPI document', () => {
  it('names every operation, once, in camelCase', () => {
    const ids = operations.map(([, operation]) => operation.operationId);
    expect(ids.length).toBeGreaterThanOrEqual(11);
    for (const id of ids) expect(id).toMatch(/^[a-z][a-zA-Z]+$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('gives every JSON request and response an example', () => {
    for (const [name, operation] of operations) {
      const bodies = [
        operation.requestBody?.content['application/json'],
        ...Object.values(operation.responses).map((r) => r.content?.['application/json']),
      ];
      for (const media of bodies.filter((m) => m !== undefined)) {
        expect(media.example ?? media.examples, `${name} has a body without an example`).toBeDefined();
      }
      for (const parameter of operation.parameters ?? []) {
        expect(parameter.example, `${name} parameter ${parameter.name}`).toBeDefined();
      }
    }
  });

  it('holds every example to its schema', () => {
    const examples = mediaExamples();
    expect(examples.length).toBeGreaterThan(40);
    for (const [where, schema, value] of examples) {
      const [valid, errors] = Schema.Errors(inDocument(schema), value);
      expect(errors, where).toEqual([]);
      expect(valid, where).toBe(true);
    }
    for (const [name, operation] of operations) {
      for (const parameter of operation.parameters ?? []) {
        expect(Schema.Check(parameter.schema, parameter.example), `${name} ${parameter.name}`).toBe(true);
      }
    }
  });

  it('shows each error status with codes of that status only', () => {
    for (const [name, operation] of operations) {
      for (const [status, response] of Object.entries(operation.responses)) {
        if (Number(status) < 400) continue;
        const examples = Object.values(response.content?.['application/json']?.examples ?? {});
        expect(examples.length, `${name} ${status} has no example`).toBeGreaterThan(0);
        for (const { value } of examples) {
          const { error } = value as { error: { code: keyof typeof errorCodes; status: number } };
          expect(errorCodes[error.code].status, `${name} ${status}: ${error.code}`).toBe(Number(status));
          expect(error.status).toBe(Number(status));
        }
      }
    }
  });

  it('has the servers, licence and tags a linter and a client generator look for', () => {
    const full = doc as unknown as {
      servers: { url: string }[];
      info: { license: { name: string; url: string } };
      tags: { name: string; description: string }[];
    };
    expect(full.servers).toEqual([{ url: '/', description: expect.any(String) }]);
    expect(full.info.license.name).toBe('Proprietary');
    const used = new Set(operations.flatMap(([, o]) => (o as { tags?: string[] }).tags ?? []));
    expect(full.tags.map((tag) => tag.name).sort()).toEqual([...used].sort());
  });
});

describe('the documented headers are the ones sent', () => {
  const limitHeader = (name: string) => /^(x-ratelimit-|x-monthly-|ratelimit)/i.test(name);
  const documented = (operation: Operation, status: string) =>
    Object.keys(operation.responses[status].headers ?? {}).map((h) => h.toLowerCase());
  const account = () => doc.paths['/v1/account'].get;

  it('a 200 carries Request-Id and the limit headers, live or test, and nothing undocumented of theirs', async () => {
    const sentWith = async (k: string) => {
      const res = await t.call(k, { method: 'GET', url: '/v1/account' });
      return Object.keys(res.headers).filter((h) => h === 'request-id' || limitHeader(h));
    };
    const [test, live] = [await sentWith(key), await sentWith(liveKey)];
    expect(test).toContain('x-monthly-counted');
    expect(live).toContain('x-monthly-remaining');
    expect(documented(account(), '200').sort()).toEqual([...new Set([...test, ...live])].sort());
  });

  it('a 401 carries Request-Id and WWW-Authenticate, no limit headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/account' });
    expect(res.statusCode).toBe(401);
    const sent = Object.keys(res.headers).filter(
      (h) => h === 'request-id' || h === 'www-authenticate' || limitHeader(h),
    );
    expect(documented(account(), '401').sort()).toEqual(sent.sort());
  });

  it('a 429 adds Retry-After', async () => {
    // The free plan allows a live key 10 requests a minute (docs/limits.md): the 11th is refused.
    let res = await t.call(liveKey, { method: 'GET', url: '/v1/account' });
    for (let i = 0; i < 20 && res.statusCode === 200; i++) {
      res = await t.call(liveKey, { method: 'GET', url: '/v1/account' });
    }
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toMatch(/^\d+$/);
    expect(documented(account(), '429')).toContain('retry-after');
    expect(documented(account(), '200')).not.toContain('retry-after');
  });
});
