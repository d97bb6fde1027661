import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guideHref, headingId, readLibrary } from '../../src/docs/guides.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';

const DOCS = new URL('../../docs/', import.meta.url);
const guideNames = readdirSync(DOCS)
  .filter((f) => f.endsWith('.md'))
  .map((f) => f.slice(0, -3));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('the guides at /docs/guides', () => {
  it('lists every guide in docs/, each a page with its title', async () => {
    const index = await get('/docs/guides');
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toContain('text/html');
    for (const name of guideNames) {
      expect(index.body).toContain(`href="/docs/guides/${name}"`);
      const page = await get(`/docs/guides/${name}`);
      expect(page.statusCode, name).toBe(200);
      expect(page.body).toMatch(/<h1 id="[^"]+">/);
    }
    expect(index.body).toContain('Carrier verification');
  });

  it('renders Markdown: tables, code, and links between guides as addresses here', async () => {
    const errors = (await get('/docs/guides/errors')).body;
    expect(errors).toContain('<td><code>RATE_LIMIT_EXCEEDED</code></td>');
    const limits = (await get('/docs/guides/limits')).body;
    expect(limits).toContain('href="/docs/guides/decisions"');
    expect(limits).not.toContain('href="decisions.md"');
  });

  it('serves the pictures the guides show, and only those', async () => {
    const portal = (await get('/docs/guides/portal')).body;
    expect(portal).toContain('src="/docs/guides/screenshots/dashboard.png"');
    const picture = await get('/docs/guides/screenshots/dashboard.png');
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/png');
    const svg = await get('/docs/guides/classification-reliability.svg');
    expect(svg.headers['content-security-policy']).toContain("default-src 'none'");
  });

  it('a link out of docs/ becomes text, not a broken link', async () => {
    const page = (await get('/docs/guides/llm-engine')).body;
    expect(page).toContain('<code>prompts/classify-waste.v1.md</code>');
    expect(page).not.toContain('../prompts');
  });

  it.each([
    '/docs/guides/../package.json',
    '/docs/guides/..%2Fpackage.json',
    '/docs/guides/%2e%2e%2f%2e%2e%2fpackage.json',
    '/docs/guides/screenshots/../../package.json',
    '/docs/guides/..%5c..%5cpackage.json',
    '/docs/guides/errors.md',
    '/docs/guides/decisions%00.md',
    '/docs/guides/nope',
  ])('%s is a 404 in the envelope, never a file from elsewhere', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
    expect(res.body).not.toContain('waste-compliance-service');
  });
});

describe('what a library may serve', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'wcs-guides-'));
    mkdirSync(join(dir, 'docs', 'pictures'), { recursive: true });
    writeFileSync(join(dir, 'secret.md'), '# Secret\n');
    writeFileSync(join(dir, 'docs', 'guide.md'), '# A guide\n\nSee [the other](other.md#part-two).\n');
    writeFileSync(join(dir, 'docs', 'pictures', 'a.png'), 'png');
    writeFileSync(join(dir, 'docs', 'notes.txt'), 'text');
    symlinkSync(join(dir, 'secret.md'), join(dir, 'docs', 'linked.md'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is the Markdown files and pictures in the folder, never a symlink out of it', () => {
    const library = readLibrary(pathToFileURL(join(dir, 'docs/')));
    expect([...library.guides.keys()]).toEqual(['guide']);
    expect([...library.images.keys()]).toEqual(['pictures/a.png']);
    expect(library.guides.get('guide')?.title).toBe('A guide');
  });

  it('turns file links into addresses, and leaves unknown targets without one', () => {
    const library = readLibrary(pathToFileURL(join(dir, 'docs/')));
    expect(guideHref('guide.md#part-two', library)).toBe('/docs/guides/guide#part-two');
    expect(guideHref('./pictures/a.png', library)).toBe('/docs/guides/pictures/a.png');
    expect(guideHref('../secret.md', library)).toBeNull();
    expect(guideHref('other.md', library)).toBeNull();
    expect(guideHref('https://www.gov.uk/', library)).toBe('https://www.gov.uk/');
  });

  it("gives headings GitHub's anchors", () => {
    expect(headingId('Test keys: the sandbox')).toBe('test-keys-the-sandbox');
    expect(headingId('The register mirror: `wcs register import`')).toBe(
      'the-register-mirror-wcs-register-import',
    );
  });
});
