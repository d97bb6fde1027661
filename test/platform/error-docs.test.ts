import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCodes } from '../../src/platform/errors.ts';
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

  it('the OpenAPI document lists every code in the error envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    const codeSchema = doc.components.schemas.ErrorResponse.properties.error.properties.code;
    expect([...codeSchema.enum].sort()).toEqual(Object.keys(errorCodes).sort());
  });
});
