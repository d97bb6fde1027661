import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import formbody from '@fastify/formbody';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { type Html, html } from '../../portal/html.ts';
import { installFormTextGuard, parseForm } from '../text-guard.ts';
import { FORM_BODY_LIMIT } from './signing-form.ts';
import { notFoundPage, problemPage, type SigningAssets, type SigningShell } from './signing-layout.ts';
import { SECURITY_HEADERS } from './signing-security.ts';

/** A form is a flat map of strings: a repeated field is refused (400). Each field is judged in the form. */
export const FormBody = Type.Record(Type.String(), Type.String());

/** What a signing page's routes are given by its scope. */
export interface SigningScope {
  shell: SigningShell;
  /** Options for the route a form is posted to. */
  postOptions: { bodyLimit: number; schema: { body: typeof FormBody } };
}

export function sendPage(reply: FastifyReply, status: number, page: Html): FastifyReply {
  return reply.code(status).type('text/html; charset=utf-8').send(page.value);
}

/**
 * Makes the encapsulated plugin `app` the home of one kind of signing link, at `<prefix>/<token>`: its
 * routes are left out of the API reference, take only forms, answer with the security headers and
 * never stored; its assets are served under `<prefix>/assets/`, any deeper path is a 404 page, and an
 * error is a page saying what to do next. Call it before the plugin adds its routes.
 */
export async function signingScope(
  app: FastifyInstance,
  options: { prefix: string; footer: string },
): Promise<SigningScope> {
  const { prefix, footer } = options;
  app.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, hide: true };
  });
  // Only forms: a JSON or text body is refused (415) before any handler runs.
  app.removeAllContentTypeParsers();
  await app.register(formbody, { bodyLimit: FORM_BODY_LIMIT, parser: parseForm });
  installFormTextGuard(app);
  app.addHook('onSend', async (_request, reply) => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
      if (!reply.hasHeader(name)) reply.header(name, value);
    }
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
  const shell: SigningShell = { assets: registerAssets(app, prefix), footer };
  app.setErrorHandler((error: FastifyError, request, reply) => renderError(error, request, reply, shell));
  // Deeper paths are no signing link either (the access log keeps any token out: access-log.ts).
  app.all(`${prefix}/*`, async (_request, reply) => sendPage(reply, 404, notFoundPage(shell)));
  return { shell, postOptions: { bodyLimit: FORM_BODY_LIMIT, schema: { body: FormBody } } };
}

/** The stylesheet, signature_pad (from its npm package, never a CDN) and the page's script. */
function registerAssets(app: FastifyInstance, prefix: string): SigningAssets {
  const require = createRequire(import.meta.url);
  const padDir = dirname(require.resolve('signature_pad'));
  // Without its source-map comment: the map is not served.
  const pad = readFileSync(join(padDir, 'signature_pad.umd.min.js'), 'utf8').replace(
    /\n\/\/# sourceMappingURL=\S+\s*$/,
    '\n',
  );
  const own = (file: string) => readFileSync(new URL(`./assets/${file}`, import.meta.url));
  const files: Record<keyof SigningAssets, [string, Buffer, string]> = {
    css: ['signing.css', own('signing.css'), 'text/css; charset=utf-8'],
    pad: ['signature_pad.js', Buffer.from(pad), 'text/javascript; charset=utf-8'],
    js: ['signing.js', own('signing.js'), 'text/javascript; charset=utf-8'],
  };
  const urls: Partial<SigningAssets> = {};
  for (const [kind, [file, body, type]] of Object.entries(files) as [
    keyof SigningAssets,
    [string, Buffer, string],
  ][]) {
    const version = createHash('sha256').update(body).digest('hex').slice(0, 12);
    urls[kind] = `${prefix}/assets/${file}?v=${version}`;
    app.get(`${prefix}/assets/${file}`, async (_request, reply) =>
      reply.type(type).header('cache-control', 'public, max-age=31536000, immutable').send(body),
    );
  }
  return urls as SigningAssets;
}

function renderError(error: FastifyError, request: FastifyRequest, reply: FastifyReply, shell: SigningShell) {
  const status = error.statusCode ?? 500;
  if (status === 413) {
    const message = html`<p>Your drawn signature was too large to send. Go back, clear it and draw it again more simply, or sign with your typed name only.</p>`;
    return sendPage(reply, 413, problemPage('That was too much to send', message, shell));
  }
  if (status >= 400 && status < 500) {
    const message = html`<p>Go back, reload the page and try again.</p>`;
    return sendPage(reply, status, problemPage('We could not read that form', message, shell));
  }
  // A fault (the database, say): logged with the request id, never shown.
  request.log.error({ err: error }, 'signing page failed');
  const message = html`<p>Your signature may not have been recorded. Wait a minute, then open the link again: it will show whether the note has been signed.</p><p class="muted">If it keeps happening, quote reference <code>${request.id}</code> to the person who sent you the link.</p>`;
  return sendPage(
    reply.header('retry-after', '60'),
    503,
    problemPage('We could not do that just now', message, shell),
  );
}
