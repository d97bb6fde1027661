import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import formbody from '@fastify/formbody';
import type {
  FastifyError,
  FastifyInstance,
  FastifyPluginAsync,
  FastifyReply,
  FastifyRequest,
} from 'fastify';
import { Type } from 'typebox';
import { type Html, html } from '../portal/html.ts';
import { DRAWING_MAX, readSigningForm } from './signing-form.ts';
import {
  alreadySignedPage,
  expiredPage,
  notFoundPage,
  openPage,
  problemPage,
  type SigningAssets,
  signedPage,
  supersededPage,
} from './signing-views.ts';
import type { SigningPage, WtnService } from './wtn-service.ts';

/** A signing link's token: 32 random bytes in base64url. Anything else is not looked up. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * The token in the URL is the signer's only credential: no inline script or style (so the policy can
 * forbid both), no framing, no Referer to carry the URL elsewhere, no copy in any cache
 * (OWASP Content Security Policy and Clickjacking Defense Cheat Sheets).
 */
const SECURITY_HEADERS = {
  'content-security-policy':
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'x-robots-tag': 'noindex, nofollow',
};

/** A drawn signature arrives form-encoded (base64's + and / become %2B and %2F): room for the largest. */
const BODY_LIMIT = Math.ceil(DRAWING_MAX * 1.5) + 8192;

/** Access logs show `/sign/[token]`: the link is written nowhere but the message that carried it. */
const hideToken = {
  logSerializers: {
    req: (request: FastifyRequest) => ({
      method: request.method,
      url: request.url.replace(/^\/sign\/[^?#]*/, '/sign/[token]'),
      host: request.host,
      remoteAddress: request.ip,
    }),
  },
};

/** A form is a flat map of strings: a repeated field is refused (400). Each field is judged in the form. */
const FormBody = Type.Record(Type.String(), Type.String());

export interface SigningPageOptions {
  wtn: WtnService;
}

/**
 * The page a signing link opens, at /sign/<token>: the note in plain English and a form to sign it with a
 * typed name and an optional drawn signature, on a phone, without an account.
 */
export const signingPagePlugin: FastifyPluginAsync<SigningPageOptions> = async (app, { wtn }) => {
  app.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, hide: true };
  });
  // Only forms: a JSON or text body is refused (415) before any handler runs.
  app.removeAllContentTypeParsers();
  await app.register(formbody, { bodyLimit: BODY_LIMIT });
  app.addHook('onSend', async (_request, reply) => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
      if (!reply.hasHeader(name)) reply.header(name, value);
    }
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
  const assets = registerAssets(app);
  app.setErrorHandler((error: FastifyError, request, reply) => renderError(error, request, reply, assets));

  app.get<{ Params: { token: string } }>('/sign/:token', hideToken, async (request, reply) => {
    const { token } = request.params;
    if (!TOKEN.test(token)) return send(reply, 404, notFoundPage(assets));
    return sendState(reply, await wtn.signingPage(token), assets);
  });

  app.post<{ Params: { token: string }; Body: Record<string, string> | undefined }>(
    '/sign/:token',
    { ...hideToken, bodyLimit: BODY_LIMIT, schema: { body: FormBody } },
    async (request, reply) => {
      const { token } = request.params;
      if (!TOKEN.test(token)) return send(reply, 404, notFoundPage(assets));
      const page = await wtn.signingPage(token);
      if (page.state !== 'open') return sendState(reply, page, assets, 'post');
      const form = readSigningForm(request.body ?? {});
      if (!form.ok) {
        const { note, party, expiresAt } = page;
        const values = form.values;
        return send(reply, 400, openPage({ note, party, expiresAt, assets, values, errors: form.errors }));
      }
      const result = await wtn.signWithLink(token, form.signature, { ip: request.ip });
      // 'used' with the party's signature is this signature; any other answer is why it was refused.
      if (result.state === 'used' && result.note.signatures[result.party]) {
        return send(reply, 200, signedPage(result.note, result.party, assets));
      }
      return sendState(reply, result, assets, 'post');
    },
  );

  // Deeper paths are no signing link either, and their URLs may hold a token: logged without it.
  app.all('/sign/*', hideToken, async (_request, reply) => send(reply, 404, notFoundPage(assets)));
};

function send(reply: FastifyReply, status: number, page: Html): FastifyReply {
  return reply.code(status).type('text/html; charset=utf-8').send(page.value);
}

/**
 * What a link shows in each state. A signature already made is shown (200 when looked at, 409 when a
 * second signature was refused); a link that can no longer be used is 410 Gone.
 */
function sendState(
  reply: FastifyReply,
  page: SigningPage,
  assets: SigningAssets,
  method: 'get' | 'post' = 'get',
): FastifyReply {
  switch (page.state) {
    case 'open':
      return send(reply, 200, openPage({ ...page, assets }));
    case 'not_found':
      return send(reply, 404, notFoundPage(assets));
    case 'expired':
      return send(reply, 410, expiredPage(page.note, assets));
    case 'superseded':
      return send(reply, 410, supersededPage(page.note, assets));
    case 'already_signed':
      return send(reply, method === 'post' ? 409 : 200, alreadySignedPage(page.note, page.party, assets));
    default:
      return send(reply, 410, alreadySignedPage(page.note, page.party, assets));
  }
}

/** The stylesheet, signature_pad (from its npm package, never a CDN) and the page's script. */
function registerAssets(app: FastifyInstance): SigningAssets {
  const require = createRequire(import.meta.url);
  const padDir = dirname(require.resolve('signature_pad'));
  // Without its source-map comment: the map is not served.
  const pad = readFileSync(join(padDir, 'signature_pad.umd.min.js'), 'utf8').replace(
    /\n\/\/# sourceMappingURL=\S+\s*$/,
    '\n',
  );
  const own = (file: string) => readFileSync(new URL(`./signing-assets/${file}`, import.meta.url));
  const files: Record<keyof SigningAssets, [string, Buffer, string]> = {
    css: ['signing.css', own('signing.css'), 'text/css; charset=utf-8'],
    pad: ['signature_pad.js', Buffer.from(pad), 'text/javascript; charset=utf-8'],
    js: ['signing.js', own('signing.js'), 'text/javascript; charset=utf-8'],
    icon: ['icon.svg', own('icon.svg'), 'image/svg+xml'],
  };
  const urls: Partial<SigningAssets> = {};
  for (const [kind, [file, body, type]] of Object.entries(files) as [
    keyof SigningAssets,
    [string, Buffer, string],
  ][]) {
    const version = createHash('sha256').update(body).digest('hex').slice(0, 12);
    urls[kind] = `/sign/assets/${file}?v=${version}`;
    app.get(`/sign/assets/${file}`, async (_request, reply) =>
      reply.type(type).header('cache-control', 'public, max-age=31536000, immutable').send(body),
    );
  }
  return urls as SigningAssets;
}

function renderError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
  assets: SigningAssets,
) {
  const status = error.statusCode ?? 500;
  if (status === 413) {
    const message = html`<p>Your drawn signature was too large to send. Go back, clear it and draw it again more simply, or sign with your typed name only.</p>`;
    return send(reply, 413, problemPage('That was too much to send', message, assets));
  }
  if (status >= 400 && status < 500) {
    const message = html`<p>Go back, reload the page and try again.</p>`;
    return send(reply, status, problemPage('We could not read that form', message, assets));
  }
  // A fault (the database, say): logged with the request id, never shown.
  request.log.error({ err: error }, 'signing page failed');
  const message = html`<p>Your signature may not have been recorded. Wait a minute, then open the link again: it will show whether the note has been signed.</p><p class="muted">If it keeps happening, quote reference <code>${request.id}</code> to the person who sent you the link.</p>`;
  return send(
    reply.header('retry-after', '60'),
    503,
    problemPage('We could not do that just now', message, assets),
  );
}
