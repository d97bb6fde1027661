import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCodes } from '../../src/platform/errors.ts';

interface OpenApiOperation {
  responses?: Record<
    string,
    { content?: Record<string, { examples?: Record<string, { value?: { error?: { code?: string } } }> }> }
  >;
}

import { createTestApp, type TestApp } from '../helpers/app.ts';

// Like Fastify's own errors test: an error code a client can receive but cannot look up is a bug.
describe('every error code is documented', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const docs = readFileSync(new URL('../../docs/errors.md', import.meta.url), 'utf8');

  it.each(Object.entries(errorCodes))('%s is in docs/errors.md with its status', (code, { status }) => {
    const row = docs.split('\n').find((line) => line.startsWith(`| \`${code}\` |`));
    expect(row, `docs/errors.md has no row for ${code}`).toBeDefined();
    expect(row).toContain(`| ${status} |`);
  });

  it('docs/errors.md names no code the service does not have', () => {
    const documented = [...docs.matchAll(/^\| `([A-Z_]+)` \|/gm)].map((m) => m[1]);
    expect(documented.sort()).toEqual(Object.keys(errorCodes).sort());
  });

  it('the OpenAPI document shows every code an operation answers as an example under its status', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    // Answered before any operation is reached (by the router or the HTTP parser): the document's
    // introduction sends readers to the errors guide, which lists them (tested above).
    const beforeRouting = [
      'NOT_FOUND',
      'METHOD_NOT_ALLOWED',
      'REQUEST_TIMEOUT',
      'URI_TOO_LONG',
      'HEADERS_TOO_LARGE',
    ];
    expect(doc.info.description).toContain('(/docs/guides/errors)');
    const shown = new Set<string>();
    for (const operations of Object.values<Record<string, OpenApiOperation>>(doc.paths)) {
      for (const operation of Object.values(operations)) {
        for (const [status, response] of Object.entries(operation.responses ?? {})) {
          for (const example of Object.values(response.content?.['application/json']?.examples ?? {})) {
            const code = example.value?.error?.code;
            if (code) shown.add(`${code} ${status}`);
          }
        }
      }
    }
    // Answered only to PATCH, PUT and DELETE on a note, which are refusals, not operations of the API:
    // the transfer notes guide says what they answer.
    const refusedMethods = ['NOTE_SIGNED', 'NOTE_IMMUTABLE'];
    const wtnGuide = readFileSync(new URL('../../docs/wtn.md', import.meta.url), 'utf8');
    for (const code of refusedMethods) expect(wtnGuide, code).toContain(`\`${code}\``);
    for (const [code, { status }] of Object.entries(errorCodes)) {
      if (beforeRouting.includes(code) || refusedMethods.includes(code)) continue;
      expect(shown, code).toContain(`${code} ${status}`);
    }
  });
});
