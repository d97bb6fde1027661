import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { sendNotesCsv } from '../../wtn/note-csv.ts';
import type { PortalRouteOptions } from '../portal-plugin.ts';
import { accountOf, pageContext, requireAccount } from '../portal-request.ts';
import type { FieldErrors } from '../views/components.ts';
import { type ExportValues, notesPage } from '../views/notes-page.ts';
import { sendPage } from './page-reply.ts';

const ExportQuery = Type.Object({
  from: Type.Optional(Type.String({ maxLength: 40 })),
  to: Type.Optional(Type.String({ maxLength: 40 })),
  mode: Type.Optional(Type.String({ maxLength: 10 })),
});

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar date written YYYY-MM-DD (2026-02-30 is not one). */
function isCalendarDate(text: string): boolean {
  return DATE.test(text) && new Date(`${text}T00:00:00Z`).toISOString().startsWith(text);
}

/** The form's problems, each worded for the field it is shown beside. */
function problems(values: ExportValues): FieldErrors {
  const errors: FieldErrors = {};
  const { from, to, mode } = values;
  if (from && !isCalendarDate(from)) errors.from = 'Enter the start date as a real date, like 2026-04-01';
  if (to && !isCalendarDate(to)) errors.to = 'Enter the end date as a real date, like 2026-04-30';
  if (!errors.from && !errors.to && from && to && from > to) {
    errors.to = 'The end date must be the same as or after the start date';
  }
  if (mode !== 'live' && mode !== 'test') errors.mode = 'Choose live or test notes';
  return errors;
}

/**
 * Transfer notes in the portal: a page with the CSV export form, and the download itself, made by the
 * same service method as GET /v1/wtn's CSV for the signed-in user's organisation. A plain GET form: it
 * changes nothing, so it needs no CSRF token, and the session cookie (SameSite=Lax) authenticates it.
 */
export const noteRoutes: FastifyPluginAsyncTypebox<PortalRouteOptions> = async (app, { assets, wtn }) => {
  app.get('/notes', { preHandler: requireAccount }, async (request, reply) =>
    sendPage(reply, notesPage({ ctx: pageContext(request, reply, assets) })),
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
      const errors = problems(values);
      if (Object.keys(errors).length > 0) {
        return sendPage(reply, notesPage({ ctx: pageContext(request, reply, assets), values, errors }), 400);
      }
      const mode = values.mode as 'live' | 'test';
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
