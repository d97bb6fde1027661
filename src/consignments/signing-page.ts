import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { ApiError } from '../platform/errors.ts';
import { notFoundPage, type SigningShell } from '../platform/signing/signing-layout.ts';
import { sendPage as send, signingScope } from '../platform/signing/signing-scope.ts';
import { isSigningToken } from '../platform/signing/signing-security.ts';
import type { ConsignmentService, ConsignmentSigningPage } from './consignment-service.ts';
import { fieldIds, freshValues, offerDeclaration, problemsOf, readPartForm } from './signing-form.ts';
import { alreadySignedPage, expiredPage, openPage, signedPage, waitingPage } from './signing-views.ts';

export interface ConsignmentSigningPageOptions {
  consignments: ConsignmentService;
}

const PREFIX = '/sign/consignment';
const FOOTER =
  'Hazardous waste consignment notes (Hazardous Waste (England and Wales) Regulations 2005, Part 6).';

/**
 * The page a consignment note's signing link opens, at /sign/consignment/<token>: the note in plain
 * English and the form for the link's part (C, D or E), signed with a typed name and an optional drawn
 * signature, on a phone, without an account.
 */
export const consignmentSigningPagePlugin: FastifyPluginAsync<ConsignmentSigningPageOptions> = async (
  app,
  { consignments },
) => {
  const { shell, postOptions } = await signingScope(app, { prefix: PREFIX, footer: FOOTER });

  app.get<{ Params: { token: string } }>(`${PREFIX}/:token`, async (request, reply) => {
    const { token } = request.params;
    if (!isSigningToken(token)) return send(reply, 404, notFoundPage(shell));
    return sendState(reply, await consignments.signingPage(token), shell, consignments.now());
  });

  app.post<{ Params: { token: string }; Body: Record<string, string> | undefined }>(
    `${PREFIX}/:token`,
    postOptions,
    async (request, reply) => {
      const { token } = request.params;
      if (!isSigningToken(token)) return send(reply, 404, notFoundPage(shell));
      const page = await consignments.signingPage(token);
      if (page.state !== 'open') return sendState(reply, page, shell, consignments.now(), 'post');
      const { note, part, expiresAt } = page;
      const form = readPartForm(note, part, request.body ?? {});
      if (!form.ok) {
        const problems = { errors: form.errors, general: [] };
        return send(reply, 400, openPage({ note, part, expiresAt, shell, values: form.values, problems }));
      }
      let result: ConsignmentSigningPage;
      try {
        result = await consignments.signWithLink(token, form.body, { ip: request.ip, drawing: form.drawing });
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        // Refused as the API refuses: the form again, as it was filled in, with the reasons beside it.
        const problems = problemsOf(error, fieldIds(note, part));
        if (error.code === 'CARRIER_NOT_REGISTERED') offerDeclaration(form.values, note);
        if (error.headers) reply.headers(error.headers);
        const again = openPage({ note, part, expiresAt, shell, values: form.values, problems });
        return send(reply, error.status, again);
      }
      // 'used' with the part signed is this signature; any other answer is why it was refused.
      if (result.state === 'used' && result.note.parts[result.part]) {
        return send(reply, 200, signedPage(result.note, result.part, shell));
      }
      return sendState(reply, result, shell, consignments.now(), 'post');
    },
  );
};

/**
 * What a link shows in each state. A signature already made is shown (200 when looked at, 409 when a
 * second signature was refused), as is a part waiting for the one before it; a link that can no longer
 * be used is 410 Gone.
 */
function sendState(
  reply: FastifyReply,
  page: ConsignmentSigningPage,
  shell: SigningShell,
  now: Date,
  method: 'get' | 'post' = 'get',
): FastifyReply {
  const refused = method === 'post' ? 409 : 200;
  switch (page.state) {
    case 'open':
      return send(reply, 200, openPage({ ...page, shell, values: freshValues(page.note, page.part, now) }));
    case 'not_found':
      return send(reply, 404, notFoundPage(shell));
    case 'expired':
      return send(reply, 410, expiredPage(page.note, page.part, shell));
    case 'waiting':
      return send(reply, refused, waitingPage(page.note, page.part, page.waitingFor, shell));
    case 'already_signed':
      return send(reply, refused, alreadySignedPage(page.note, page.part, shell));
    default:
      return send(reply, 410, alreadySignedPage(page.note, page.part, shell));
  }
}
