import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * The service's mark, a shield with a tick, as the icon a browser shows for the reference, the guides,
 * the portal and the signing pages: one SVG, and the same mark as PNGs in /favicon.ico (made from the
 * SVG by `node scripts/generate-favicon.ts`) for browsers and tools that ask for that address.
 */
export const FAVICON_SVG_FILE = new URL('./assets/favicon.svg', import.meta.url);
export const FAVICON_ICO_FILE = new URL('./assets/favicon.ico', import.meta.url);

const svg = readFileSync(FAVICON_SVG_FILE);
const ico = readFileSync(FAVICON_ICO_FILE);

const version = (body: Buffer) => createHash('sha256').update(body).digest('hex').slice(0, 12);

/**
 * The `<head>` links every page carries: the ICO first and the SVG last, so a browser that reads SVG
 * icons takes the sharp one. Versioned, so the icons may be cached for good.
 */
export const FAVICON_LINKS = `<link rel="icon" href="/favicon.ico?v=${version(ico)}" sizes="16x16 32x32 48x48"><link rel="icon" href="/favicon.svg?v=${version(svg)}" type="image/svg+xml">`;

/** GET /favicon.svg and /favicon.ico, outside the API and its reference (no key, no OpenAPI entry). */
export function registerFavicon(app: FastifyInstance): void {
  const hide = { schema: { hide: true } };
  app.get('/favicon.svg', hide, (request, reply) => send(request, reply, 'image/svg+xml', svg));
  app.get('/favicon.ico', hide, (request, reply) => send(request, reply, 'image/x-icon', ico));
}

function send(request: FastifyRequest, reply: FastifyReply, type: string, body: Buffer): FastifyReply {
  // A versioned address never changes; the bare one (what a browser asks for unprompted) may, in a day.
  const versioned = Object.hasOwn(request.query as object, 'v');
  return (
    reply
      .type(type)
      .header('cache-control', versioned ? 'public, max-age=31536000, immutable' : 'public, max-age=86400')
      .header('x-content-type-options', 'nosniff')
      // An SVG opened on its own is a document: it may run nothing and load nothing.
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .send(body)
  );
}
