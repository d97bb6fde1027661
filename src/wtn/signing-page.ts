import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { notFoundPage, type SigningShell } from '../platform/signing/signing-layout.ts';
import { sendPage as send, signingScope } from '../platform/signing/signing-scope.ts';
import { isSigningToken } from '../platform/signing/signing-security.ts';
import { readSigningForm } from './signing-form.ts';
import { alreadySignedPage, expiredPage, openPage, signedPage, supersededPage } from './signing-views.ts';
import type { SigningPage, WtnService } from './wtn-service.ts';

export interface SigningPageOptions {
  wtn: WtnService;
}

const FOOTER = 'Waste transfer notes for UK duty of care (Environmental Protection Act 1990 s34).';

/**
 * The page a signing link opens, at /sign/<token>: the note in plain English and a form to sign it with a
 * typed name and an optional drawn signature, on a phone, without an account.
 */
export const signingPagePlugin: FastifyPluginAsync<SigningPageOptions> = async (app, { wtn }) => {
  const { shell, postOptions } = await signingScope(app, { prefix: '/sign', footer: FOOTER });

  app.get<{ Params: { token: string } }>('/sign/:token', async (request, reply) => {
    const { token } = request.params;
    if (!isSigningToken(token)) return send(reply, 404, notFoundPage(shell));
    return sendState(reply, await wtn.signingPage(token), shell);
  });

  app.post<{ Params: { token: string }; Body: Record<string, string> | undefined }>(
    '/sign/:token',
    postOptions,
    async (request, reply) => {
      const { token } = request.params;
      if (!isSigningToken(token)) return send(reply, 404, notFoundPage(shell));
      const page = await wtn.signingPage(token);
      if (page.state !== 'open') return sendState(reply, page, shell, 'post');
      const form = readSigningForm(request.body ?? {});
      if (!form.ok) {
        const { note, party, expiresAt } = page;
        const values = form.values;
        return send(reply, 400, openPage({ note, party, expiresAt, shell, values, errors: form.errors }));
      }
      const result = await wtn.signWithLink(token, form.signature, { ip: request.ip });
      // 'used' with the party's signature is this signature; any other answer is why it was refused.
      if (result.state === 'used' && result.note.signatures[result.party]) {
        return send(reply, 200, signedPage(result.note, result.party, shell));
      }
      return sendState(reply, result, shell, 'post');
    },
  );
};

/**
 * What a link shows in each state. A signature already made is shown (200 when looked at, 409 when a
 * second signature was refused); a link that can no longer be used is 410 Gone.
 */
function sendState(
  reply: FastifyReply,
  page: SigningPage,
  shell: SigningShell,
  method: 'get' | 'post' = 'get',
): FastifyReply {
  switch (page.state) {
    case 'open':
      return send(reply, 200, openPage({ ...page, shell }));
    case 'not_found':
      return send(reply, 404, notFoundPage(shell));
    case 'expired':
      return send(reply, 410, expiredPage(page.note, shell));
    case 'superseded':
      return send(reply, 410, supersededPage(page.note, shell));
    case 'already_signed':
      return send(reply, method === 'post' ? 409 : 200, alreadySignedPage(page.note, page.party, shell));
    default:
      return send(reply, 410, alreadySignedPage(page.note, page.party, shell));
  }
}
