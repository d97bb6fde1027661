import { readFileSync } from 'node:fs';
import * as mupdf from 'mupdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAVICON_ICO_FILE, faviconIco } from '../../scripts/favicon-ico.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';

// The icon a browser shows in the tab of the reference, a guide, the portal and a signing page.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The images an ICO file holds (ICONDIR, then one 16-byte ICONDIRENTRY per image). */
function icoImages(ico: Buffer): { size: number; png: Buffer }[] {
  expect(ico.readUInt16LE(0)).toBe(0);
  expect(ico.readUInt16LE(2)).toBe(1);
  return Array.from({ length: ico.readUInt16LE(4) }, (_, i) => {
    const entry = 6 + 16 * i;
    const offset = ico.readUInt32LE(entry + 12);
    return { size: ico[entry], png: ico.subarray(offset, offset + ico.readUInt32LE(entry + 8)) };
  });
}

describe('the favicon', () => {
  it('is the mark as SVG, an image that can run nothing, cached for good at its versioned address', async () => {
    const bare = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(bare.statusCode).toBe(200);
    expect(bare.headers['content-type']).toBe('image/svg+xml');
    expect(bare.body).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(bare.body).not.toMatch(/<script|on\w+=/i);
    expect(bare.headers['content-security-policy']).toContain("default-src 'none'");
    expect(bare.headers['x-content-type-options']).toBe('nosniff');
    expect(bare.headers['cache-control']).toBe('public, max-age=86400');
    const versioned = await t.app.inject({ method: 'GET', url: '/favicon.svg?v=1' });
    expect(versioned.headers['cache-control']).toContain('immutable');
  });

  it('is also /favicon.ico: the shield at 16, 32 and 48 pixels, made from the SVG as it is now', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/favicon.ico' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/x-icon');
    const images = icoImages(response.rawPayload);
    expect(images.map((image) => image.size)).toEqual([16, 32, 48]);
    for (const { size, png } of images) {
      const pixmap = new mupdf.Image(png).toPixmap();
      expect([pixmap.getWidth(), pixmap.getHeight()]).toEqual([size, size]);
      if (size !== 48) continue;
      // The shield's green at the left of its middle, nothing painted in the corner.
      const n = pixmap.getNumberOfComponents() + (pixmap.getAlpha() ? 1 : 0);
      const at = (x: number, y: number) => [
        ...pixmap.getPixels().subarray((y * size + x) * n, (y * size + x + 1) * n),
      ];
      const [r, g, b] = at(12, 24);
      expect(g).toBeGreaterThan(r + 40);
      expect(g).toBeGreaterThan(b + 20);
      expect(at(0, 0).at(-1)).toBe(0);
    }
    // A changed favicon.svg needs `node scripts/generate-favicon.ts`.
    expect(readFileSync(FAVICON_ICO_FILE).equals(await faviconIco())).toBe(true);
  });

  it('is linked from the reference, the guides, the portal and the signing pages, at addresses that answer', async () => {
    for (const url of ['/docs', '/docs/guides', '/docs/guides/wtn', '/portal/login', '/sign/not-a-token']) {
      const page = await t.app.inject({ method: 'GET', url });
      const links = [...page.body.matchAll(/<link rel="icon" href="([^"]+)"[^>]*>/g)].map((m) => m[1]);
      expect(links, url).toEqual([
        expect.stringMatching(/^\/favicon\.ico\?v=/),
        expect.stringMatching(/^\/favicon\.svg\?v=/),
      ]);
      for (const link of links)
        expect((await t.app.inject({ method: 'GET', url: link })).statusCode, link).toBe(200);
    }
  });

  it('is no part of the API reference', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    expect(Object.keys(doc.paths).filter((path) => path.includes('favicon'))).toEqual([]);
  });
});
