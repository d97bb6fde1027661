import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';

const redoc = readFileSync(createRequire(import.meta.url).resolve('redoc/bundles/redoc.standalone.js'));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the API reference at /docs', () => {
  it('is a page with the product name that loads everything from this server', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<title>Waste Compliance Service API reference</title>');
    expect(page.body).toContain('data-spec="/openapi.json"');
    // No CDN: every script and stylesheet is one of ours, and the policy forbids any other origin.
    const sources = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    expect(sources.length).toBeGreaterThan(4);
    for (const source of sources) expect(source).toMatch(/^\//);
    const policy = String(page.headers['content-security-policy']);
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("connect-src 'self'");
    expect(policy).toContain("img-src 'self' data:");
  });

  it("serves Redoc's bundle from the installed package less its CDN logo, gzipped when asked, cached for good", async () => {
    const page = (await t.app.inject({ method: 'GET', url: '/docs' })).body;
    const src = page.match(/src="(\/docs\/assets\/redoc\.standalone\.js\?v=[^"]+)"/)?.[1];
    expect(src).toBeDefined();
    const plain = await t.app.inject({ method: 'GET', url: src! });
    expect(plain.headers['content-type']).toContain('javascript');
    expect(plain.headers['cache-control']).toContain('immutable');
    // The package's bundle but for the one image it loads from elsewhere: the sidebar's Redocly logo.
    const served = plain.rawPayload.toString();
    expect(redoc.toString()).toContain('"https://cdn.redoc.ly/redoc/logo-mini.svg"');
    expect(served).not.toContain('cdn.redoc.ly');
    expect(served).toContain('"API docs by Redocly"');
    expect(redoc.length - plain.rawPayload.length).toBeGreaterThan(0);
    expect(redoc.length - plain.rawPayload.length).toBeLessThan(200);
    const zipped = await t.app.inject({
      method: 'GET',
      url: src!,
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.rawPayload.length).toBeLessThan(redoc.length / 2);
    expect(gunzipSync(zipped.rawPayload).equals(plain.rawPayload)).toBe(true);
  });

  it('keeps the reference and the guides out of the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    expect(Object.keys(doc.paths).every((path) => path.startsWith('/v1/'))).toBe(true);
  });
});
