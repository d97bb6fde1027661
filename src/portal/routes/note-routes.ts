import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { KeyMode } from '../../accounts/api-key-format.ts';
import { ApiError } from '../../platform/errors.ts';
import { sendNotesCsv } from '../../wtn/note-csv.ts';
import type { NoteScope } from '../../wtn/note-store.ts';
import type { WasteTransferNote } from '../../wtn/wtn-schemas.ts';
import type { ListOptions, WtnService } from '../../wtn/wtn-service.ts';
import { dateRangeProblems } from '../date-range.ts';
import type { PortalRouteOptions } from '../portal-plugin.ts';
import { accountOf, pageContext, requireAccount } from '../portal-request.ts';
import { viewedMode } from '../viewed-mode.ts';
import type { FieldErrors } from '../views/components.ts';
import {
  type ExportValues,
  type NoteFilters,
  notesPage,
  SIGNED_CHOICES,
  STATUS_CHOICES,
} from '../views/notes-page.ts';
import { sendPage } from './page-reply.ts';

const ExportQuery = Type.Object({
  from: Type.Optional(Type.String({ maxLength: 40 })),
  to: Type.Optional(Type.String({ maxLength: 40 })),
  mode: Type.Optional(Type.String({ maxLength: 10 })),
});

const ListQuery = Type.Object({
  mode: Type.Optional(Type.String({ maxLength: 10 })),
  status: Type.Optional(Type.String({ maxLength: 20 })),
  signed: Type.Optional(Type.String({ maxLength: 20 })),
  transfer_date_from: Type.Optional(Type.String({ maxLength: 40 })),
  transfer_date_to: Type.Optional(Type.String({ maxLength: 40 })),
  starting_after: Type.Optional(Type.String({ maxLength: 40 })),
});

/** Notes shown a page at a time; older ones follow a link. */
const PAGE_SIZE = 25;

/** The export form's problems, each worded for the field it is shown beside. */
function exportProblems(values: ExportValues): FieldErrors {
  const errors = dateRangeProblems(values, { from: 'from', to: 'to' });
  if (values.mode !== 'live' && values.mode !== 'test') errors.mode = 'Choose live or test notes';
  return errors;
}

const known = (choices: readonly { value: string }[], value: string | undefined) =>
  choices.some((c) => c.value === value) ? (value ?? '') : '';

/**
 * A page of the list, read by GET /v1/wtn's own service method. A cursor that names none of this
 * mode's notes (an old or edited link) starts again from the newest, as the request log does.
 */
async function listPage(wtn: WtnService, scope: NoteScope, options: ListOptions) {
  const page = await wtn.list(scope, options).catch((err: unknown) => {
    if (!(err instanceof ApiError) || err.code !== 'INVALID_REQUEST') throw err;
    return undefined;
  });
  const paged = page !== undefined && options.startingAfter !== undefined;
  const read = page ?? (await wtn.list(scope, { ...options, startingAfter: undefined }));
  const notes = read.documents.map((d) => JSON.parse(d) as WasteTransferNote);
  return { notes, next: read.next_starting_after, paged };
}

/**
 * Transfer notes in the portal: the organisation's notes a page at a time, filtered as GET /v1/wtn
 * filters them and read by the same service method, and the CSV export that GET /v1/wtn gives with
 * Accept: text/csv. Plain GET forms: they change nothing, so they need no CSRF token, and the session
 * cookie (SameSite=Lax) authenticates them.
 */
export const noteRoutes: FastifyPluginAsyncTypebox<PortalRouteOptions> = async (
  app,
  { assets, wtn, portal },
) => {
  app.get(
    '/notes',
    { schema: { querystring: ListQuery }, preHandler: requireAccount },
    async (request, reply) => {
      const { organisation } = accountOf(request);
      const q = request.query;
      const mode = await viewedMode(portal, organisation.id, q.mode);
      const filters: NoteFilters = {
        status: known(STATUS_CHOICES, q.status),
        signed: known(SIGNED_CHOICES, q.signed),
        transfer_date_from: q.transfer_date_from?.trim() || undefined,
        transfer_date_to: q.transfer_date_to?.trim() || undefined,
      };
      const ctx = pageContext(request, reply, assets);
      const filterErrors = dateRangeProblems(
        { from: filters.transfer_date_from, to: filters.transfer_date_to },
        { from: 'transfer_date_from', to: 'transfer_date_to' },
      );
      if (Object.keys(filterErrors).length > 0) {
        const view = { ctx, mode, filters, filterErrors, notes: [], next: null, paged: false };
        return sendPage(reply, notesPage(view), 400);
      }
      const page = await listPage(wtn, { organisationId: organisation.id, mode }, listOptions(filters, q));
      return sendPage(reply, notesPage({ ctx, mode, filters, ...page }));
    },
  );

  app.get(
    '/notes.csv',
    { schema: { querystring: ExportQuery }, preHandler: requireAccount },
    async (request, reply) => {
      const { organisation } = accountOf(request);
      const values: ExportValues = {
        from: request.query.from?.trim(),
        to: request.query.to?.trim(),
        mode: request.query.mode,
      };
      const errors = exportProblems(values);
      if (Object.keys(errors).length > 0) {
        // The page behind the form, in the mode the form was filled in for.
        const mode: KeyMode = values.mode === 'test' ? 'test' : 'live';
        const scope = { organisationId: organisation.id, mode };
        const page = await listPage(wtn, scope, { limit: PAGE_SIZE });
        const filters = { status: '', signed: '' };
        const ctx = pageContext(request, reply, assets);
        return sendPage(reply, notesPage({ ctx, mode, filters, ...page, values, errors }), 400);
      }
      const mode = values.mode as KeyMode;
      const from = values.from || undefined;
      const to = values.to || undefined;
      const pages = wtn.exportNotes(
        { organisationId: organisation.id, mode },
        { transferDateFrom: from, transferDateTo: to },
      );
      return sendNotesCsv(reply, pages, { mode, from, to });
    },
  );
};

function listOptions(filters: NoteFilters, q: { starting_after?: string }): ListOptions {
  return {
    limit: PAGE_SIZE,
    startingAfter: q.starting_after || undefined,
    transferDateFrom: filters.transfer_date_from,
    transferDateTo: filters.transfer_date_to,
    status: (filters.status || undefined) as ListOptions['status'],
    signed: (filters.signed || undefined) as ListOptions['signed'],
  };
}
