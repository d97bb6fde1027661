import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { KeyMode } from '../../accounts/api-key-format.ts';
import { ApiError } from '../../platform/errors.ts';
import { parseReference } from '../../wtn/reference.ts';
import type { Party, WasteTransferNote } from '../../wtn/wtn-schemas.ts';
import type { WtnService } from '../../wtn/wtn-service.ts';
import { html } from '../html.ts';
import type { PortalRouteOptions } from '../portal-plugin.ts';
import { accountOf, apiBase, pageContext, requireAccount } from '../portal-request.ts';
import { askedMode } from '../viewed-mode.ts';
import { messagePage } from '../views/layout.ts';
import { type NoteView, notePage } from '../views/note-page.ts';
import { FormBodySchema, sendPage } from './page-reply.ts';

const NoteParams = Type.Object({ reference: Type.String({ maxLength: 40 }) });
const ModeQuery = Type.Object({ mode: Type.Optional(Type.String({ maxLength: 10 })) });

/** What the signing-link endpoint refuses, in the words the page shows above the note. */
const REFUSALS: Partial<Record<string, (party: Party) => string>> = {
  ALREADY_SIGNED: (party) => `The ${party} has already signed this note: a party signs once.`,
  NOTE_SUPERSEDED: () => 'This note has been superseded: send a link for the note that corrects it.',
};

/**
 * One transfer note: the note as GET /v1/wtn/{reference} returns it, its PDF as GET …/pdf renders it,
 * and a signing link made by the same service call as POST …/signing-links. The session is the
 * credential (no API key), and only the organisation's own notes are found.
 */
export const noteDetailRoutes: FastifyPluginAsyncTypebox<PortalRouteOptions> = async (
  app,
  { assets, wtn, config },
) => {
  const find = (request: FastifyRequest, reference: string, mode: string | undefined) =>
    findNote(wtn, accountOf(request).organisation.id, reference, askedMode(mode));

  function notFound(request: FastifyRequest, reply: FastifyReply) {
    const message = html`<p>Your organisation has no transfer note with that reference. <a href="/portal/notes">See your notes</a>.</p>`;
    const ctx = pageContext(request, reply, assets);
    return sendPage(reply, messagePage({ title: 'Note not found', ctx, signedIn: true, message }), 404);
  }

  app.get(
    '/notes/:reference',
    { schema: { params: NoteParams, querystring: ModeQuery }, preHandler: requireAccount },
    async (request, reply) => {
      const found = await find(request, request.params.reference, request.query.mode);
      if (!found) return notFound(request, reply);
      return sendPage(reply, notePage({ ctx: pageContext(request, reply, assets), ...found }));
    },
  );

  app.get(
    '/notes/:reference/pdf',
    { schema: { params: NoteParams, querystring: ModeQuery }, preHandler: requireAccount },
    async (request, reply) => {
      const found = await find(request, request.params.reference, request.query.mode);
      if (!found) return notFound(request, reply);
      const scope = { organisationId: accountOf(request).organisation.id, mode: found.mode };
      const pdf = await wtn.renderPdf(scope, found.note);
      return reply
        .type('application/pdf')
        .header('Content-Disposition', `inline; filename="${found.note.reference}.pdf"`)
        .send(pdf);
    },
  );

  app.post(
    '/notes/:reference/signing-links',
    {
      schema: { params: NoteParams, body: FormBodySchema },
      preHandler: [requireAccount, app.csrfProtection],
    },
    async (request, reply) => {
      const found = await find(request, request.params.reference, request.body.mode);
      if (!found) return notFound(request, reply);
      const page = (status: number, more: Partial<NoteView>) =>
        sendPage(reply, notePage({ ctx: pageContext(request, reply, assets), ...found, ...more }), status);
      const party = request.body.party;
      if (party !== 'transferor' && party !== 'transferee') {
        return page(400, {
          errors: { form: 'Choose the party the link is for: the transferor or the transferee.' },
        });
      }
      const scope = { organisationId: accountOf(request).organisation.id, mode: found.mode };
      try {
        const base = apiBase(config, request);
        const link = await wtn.createSigningLink(scope, found.note.reference, { party }, base);
        // The link is in this response only: never cached, never stored (we keep its hash).
        return page(201, { link });
      } catch (err) {
        const refusal = err instanceof ApiError ? REFUSALS[err.code] : undefined;
        if (!refusal) throw err;
        // The note as it is now: another party may have signed since the page was loaded.
        const now = (await find(request, found.note.reference, found.mode)) ?? found;
        const view = { ctx: pageContext(request, reply, assets), ...now, errors: { form: refusal(party) } };
        return sendPage(reply, notePage(view), 409);
      }
    },
  );
};

/**
 * The organisation's note with this reference, in the mode asked for first. A reference is unique
 * across modes (wtn_notes' primary key), so the other mode is looked in only when that finds nothing.
 */
async function findNote(
  wtn: WtnService,
  organisationId: string,
  given: string,
  asked: KeyMode | undefined,
): Promise<{ note: WasteTransferNote; mode: KeyMode } | undefined> {
  const reference = parseReference(given);
  if (!reference) return undefined;
  const modes: KeyMode[] = asked === 'test' ? ['test', 'live'] : ['live', 'test'];
  for (const mode of modes) {
    const note = await wtn.get({ organisationId, mode }, reference);
    if (note) return { note, mode };
  }
  return undefined;
}
