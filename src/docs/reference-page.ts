import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SAMPLE_BASE_URL } from '../platform/openapi-code-samples.ts';
import { html } from '../portal/html.ts';
import { type DocsAssets, docsPage, PRODUCT } from './layout.ts';

/**
 * Redoc needs its own inline styles (styled-components) and runs its search index in a blob: worker;
 * everything else comes from this service, so nothing is fetched from elsewhere.
 */
const REFERENCE_POLICY =
  "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; connect-src 'self'; worker-src blob:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const require = createRequire(import.meta.url);

/**
 * Redoc's sidebar credits Redocly with a logo loaded from cdn.redoc.ly, which the page's policy refuses:
 * a request leaving the page and an error in the console on every visit. Redoc has no option to leave
 * it out (2.5), so the image element is dropped from the bundle and the credit stays, as text.
 */
const CDN_LOGO = /\b\w+\?\w+\.createElement\("img",\{alt:"redocly logo",[^}]*\}\):null/;

let redoc: { version: string; body: Buffer } | undefined;

/**
 * Redoc's standalone bundle from the installed package, less its CDN logo, and a version for its URL
 * (the package's, with a hash of what is served, so a change to either reaches browsers). Read once per
 * process: reading, editing and hashing a megabyte is most of the docs' cost when an app is built.
 */
export function redocBundle(): { version: string; body: Buffer } {
  redoc ??= (() => {
    const { version } = require('redoc/package.json') as { version: string };
    const bundle = readFileSync(require.resolve('redoc/bundles/redoc.standalone.js'), 'utf8');
    const body = Buffer.from(bundle.replace(CDN_LOGO, 'null'));
    return { version: `${version}-${createHash('sha256').update(body).digest('hex').slice(0, 8)}`, body };
  })();
  return redoc;
}

/** GET /docs: the API reference, rendered from /openapi.json in the browser. */
export function registerReferencePage(app: FastifyInstance, assets: DocsAssets): void {
  const page = docsPage({
    title: `${PRODUCT} reference`,
    assets,
    main: html`<main id="reference" data-spec="/openapi.json" data-sample-base="${SAMPLE_BASE_URL}" aria-busy="true">
<p class="docs-loading">Loading the API reference…</p>
<noscript><p class="docs-loading">The reference needs JavaScript. Read the <a href="/docs/guides">guides</a> or the <a href="/openapi.json">OpenAPI document</a> instead.</p></noscript>
</main>`,
    scripts: [assets.redocJs, assets.referenceJs],
  });
  app.get('/', async (_request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('content-security-policy', REFERENCE_POLICY)
      .header('cache-control', 'no-cache')
      .send(page),
  );
}

/**
 * Serves a large, versioned script: cached for good, and gzipped (compressed once, on first use) for
 * the clients that accept it, which cuts Redoc's bundle from about 1 MB to a third on a phone.
 */
export function sendVersionedScript(body: Buffer): (request: FastifyRequest, reply: FastifyReply) => void {
  let gzipped: Buffer | undefined;
  return (request, reply) => {
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('vary', 'accept-encoding');
    if (/\bgzip\b/.test(request.headers['accept-encoding'] ?? '')) {
      gzipped ??= gzipSync(body);
      reply.header('content-encoding', 'gzip').send(gzipped);
      return;
    }
    reply.send(body);
  };
}
