import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { readLibrary, registerGuides } from './guides.ts';
import type { DocsAssets } from './layout.ts';
import { redocBundle, registerReferencePage, sendVersionedScript } from './reference-page.ts';

/** The repository's docs/ folder: the guides served at /docs/guides. */
const DOCS_DIR = new URL('../../docs/', import.meta.url);

const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'same-origin',
};

/**
 * The documentation under /docs, readable without a key: the API reference (Redoc, served from the
 * redoc package, never a CDN) and the guides in docs/ rendered as pages. None of it is in the OpenAPI
 * document.
 */
export const docsPlugin: FastifyPluginAsync = async (app) => {
  app.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, hide: true };
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.headers(SECURITY_HEADERS);
  });
  const assets = registerAssets(app);
  registerReferencePage(app, assets);
  registerGuides(app, assets, readLibrary(DOCS_DIR));
};

/** The stylesheet and scripts, with a content hash (or Redoc's version) in the URL: cached for good. */
function registerAssets(app: FastifyInstance): DocsAssets {
  const ownFile = (file: string, type: string) => {
    const body = readFileSync(new URL(`./assets/${file}`, import.meta.url));
    app.get(`/assets/${file}`, async (_request, reply) =>
      reply.type(type).header('cache-control', 'public, max-age=31536000, immutable').send(body),
    );
    return `/docs/assets/${file}?v=${createHash('sha256').update(body).digest('hex').slice(0, 12)}`;
  };
  const redoc = redocBundle();
  app.get('/assets/redoc.standalone.js', sendVersionedScript(redoc.body));
  return {
    css: ownFile('docs.css', 'text/css; charset=utf-8'),
    referenceJs: ownFile('reference.js', 'text/javascript; charset=utf-8'),
    redocJs: `/docs/assets/redoc.standalone.js?v=${redoc.version}`,
  };
}
