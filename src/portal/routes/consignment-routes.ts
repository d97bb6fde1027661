import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { KeyMode } from '../../accounts/api-key-format.ts';
import type { ConsignmentNote, ListConsignmentNotesQuery } from '../../consignments/consignment-schemas.ts';
import { ApiError } from '../../platform/errors.ts';
import { dateRangeProblems } from '../date-range.ts';
import { html } from '../html.ts';
import type { PortalRouteOptions } from '../portal-plugin.ts';
import { accountOf, pageContext, requireAccount } from '../portal-request.ts';
import { askedMode, viewedMode } from '../viewed-mode.ts';
import { consignmentPage } from '../views/consignment-page.ts';
import { type ConsignmentFilters, consignmentsPage, STATUS_CHOICES } from '../views/consignments-page.ts';
import { messagePage } from '../views/layout.ts';
import { sendPage } from './page-reply.ts';

const ListQuery = Type.Object({
  mode: Type.Optional(Type.String({ maxLength: 10 })),
  status: Type.Optional(Type.String({ maxLength: 30 })),
  consignment_code: Type.Optional(Type.String({ maxLength: 40 })),
  created_from: Type.Optional(Type.String({ maxLength: 40 })),
  created_to: Type.Optional(Type.String({ maxLength: 40 })),
  starting_after: Type.Optional(Type.String({ maxLength: 40 })),
});
const NoteParams = Type.Object({ id: Type.String({ maxLength: 40 }) });
const ModeQuery = Type.Object({ mode: Type.Optional(Type.String({ maxLength: 10 })) });

const PAGE_SIZE = 25;
/** The coding standard's shape, as GET /v1/consignment-notes checks its filter: prefix, slash, number. */
const CODE = /^[A-Za-z0-9]+\/[A-Za-z0-9]+$/;

/**
 * Hazardous waste consignment notes in the portal: the list GET /v1/consignment-notes gives, one note as
 * GET /v1/consignment-notes/{id} returns it, and its PDF, all through the consignments service.
 */
export const consignmentRoutes: FastifyPluginAsyncTypebox<PortalRouteOptions> = async (
  app,
  { assets, portal, consignments },
) => {
  app.get(
    '/consignments',
    { schema: { querystring: ListQuery }, preHandler: requireAccount },
    async (request, reply) => {
      const { organisation } = accountOf(request);
      const q = request.query;
      const mode = await viewedMode(portal, organisation.id, q.mode);
      const filters: ConsignmentFilters = {
        status: STATUS_CHOICES.some((c) => c.value === q.status) ? (q.status ?? '') : '',
        consignment_code: q.consignment_code?.trim() || undefined,
        created_from: q.created_from?.trim() || undefined,
        created_to: q.created_to?.trim() || undefined,
      };
      const errors = dateRangeProblems(
        { from: filters.created_from, to: filters.created_to },
        { from: 'created_from', to: 'created_to' },
      );
      if (filters.consignment_code && !CODE.test(filters.consignment_code)) {
        errors.consignment_code = 'Enter a consignment code like GARAGE/00001, or leave it blank';
      }
      const ctx = pageContext(request, reply, assets);
      if (Object.keys(errors).length > 0) {
        const view = { ctx, mode, filters, errors, notes: [], next: null, paged: false };
        return sendPage(reply, consignmentsPage(view), 400);
      }
      const scope = { organisationId: organisation.id, mode };
      const query: ListConsignmentNotesQuery = {
        limit: PAGE_SIZE,
        status: (filters.status || undefined) as ListConsignmentNotesQuery['status'],
        consignment_code: filters.consignment_code,
        created_from: filters.created_from,
        created_to: filters.created_to,
      };
      const startingAfter = q.starting_after || undefined;
      const page = await consignments
        .list(scope, { ...query, starting_after: startingAfter })
        .catch((err: unknown) => {
          // A cursor that names none of this mode's notes (an old or edited link): start from the newest.
          if (!(err instanceof ApiError) || err.code !== 'INVALID_REQUEST') throw err;
          return undefined;
        });
      const read = page ?? (await consignments.list(scope, query));
      const paged = page !== undefined && startingAfter !== undefined;
      const view = { ctx, mode, filters, notes: read.data, next: read.next_starting_after, paged };
      return sendPage(reply, consignmentsPage(view));
    },
  );

  app.get(
    '/consignments/:id',
    { schema: { params: NoteParams, querystring: ModeQuery }, preHandler: requireAccount },
    async (request, reply) => {
      const found = await find(request, request.params.id, request.query.mode);
      if (!found) return notFound(request, reply);
      return sendPage(reply, consignmentPage({ ctx: pageContext(request, reply, assets), ...found }));
    },
  );

  app.get(
    '/consignments/:id/pdf',
    { schema: { params: NoteParams, querystring: ModeQuery }, preHandler: requireAccount },
    async (request, reply) => {
      const found = await find(request, request.params.id, request.query.mode);
      if (!found) return notFound(request, reply);
      const scope = { organisationId: accountOf(request).organisation.id, mode: found.mode };
      const pdf = await consignments.renderPdf(scope, found.note);
      const name = found.note.consignment_code.replace(/[^A-Za-z0-9]+/g, '-');
      return reply
        .type('application/pdf')
        .header('Content-Disposition', `inline; filename="consignment-note-${name}.pdf"`)
        .send(pdf);
    },
  );

  /** The organisation's note, in the mode asked for first (ids are unique across modes). */
  async function find(
    request: FastifyRequest,
    id: string,
    mode: string | undefined,
  ): Promise<{ note: ConsignmentNote; mode: KeyMode } | undefined> {
    const organisationId = accountOf(request).organisation.id;
    const modes: KeyMode[] = askedMode(mode) === 'test' ? ['test', 'live'] : ['live', 'test'];
    for (const m of modes) {
      const note = await consignments.find({ organisationId, mode: m }, id.trim());
      if (note) return { note, mode: m };
    }
    return undefined;
  }

  function notFound(request: FastifyRequest, reply: FastifyReply) {
    const message = html`<p>Your organisation has no consignment note with that id. <a href="/portal/consignments">See your consignment notes</a>.</p>`;
    const ctx = pageContext(request, reply, assets);
    return sendPage(
      reply,
      messagePage({ title: 'Consignment note not found', ctx, signedIn: true, message }),
      404,
    );
  }
};
