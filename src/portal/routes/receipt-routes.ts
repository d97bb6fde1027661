import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { Value } from 'typebox/value';
import type { KeyMode } from '../../accounts/api-key-format.ts';
import { ApiError } from '../../platform/errors.ts';
import type { ListReceiptsQuery, WasteReceipt } from '../../receipts/receipt-schemas.ts';
import { ResolveBody } from '../../receipts/receipt-schemas.ts';
import type { ReceiptService } from '../../receipts/receipt-service.ts';
import type { ReceiptScope } from '../../receipts/receipt-types.ts';
import { RECEIPT_STATUSES } from '../../receipts/tables.ts';
import type { FormBody } from '../forms.ts';
import { html } from '../html.ts';
import type { PortalRouteOptions } from '../portal-plugin.ts';
import { accountOf, noticeFor, pageContext, requireAccount } from '../portal-request.ts';
import { askedMode, viewedMode } from '../viewed-mode.ts';
import type { FieldErrors } from '../views/components.ts';
import { messagePage } from '../views/layout.ts';
import {
  fieldId,
  type ReceiptSection,
  type ReceiptsView,
  type ResolveAttempt,
  receiptsPage,
} from '../views/receipts-page.ts';
import { FormBodySchema, sendPage } from './page-reply.ts';

const ReceiptsQuery = Type.Object({
  mode: Type.Optional(Type.String({ maxLength: 10 })),
  review_after: Type.Optional(Type.String({ maxLength: 60 })),
  overdue_after: Type.Optional(Type.String({ maxLength: 60 })),
  done: Type.Optional(Type.String({ maxLength: 40 })),
});
const ReceiptParams = Type.Object({ id: Type.String({ maxLength: 60 }) });

const PAGE_SIZE = 20;
/** Receipts not yet in DWT: the ones a deadline still applies to. */
const WAITING = RECEIPT_STATUSES.filter((s) => s !== 'submitted');

/**
 * Waste receipts that need a person: those waiting for review, overdue, or due within a day, read by
 * the receipts service's own list queries (GET /v1/waste-receipts?status=needs_review, ?overdue=true).
 * Resolving is the service's `resolve`, exactly as POST /v1/waste-receipts/{id}/resolve does it, with
 * the body checked against that endpoint's own schema.
 */
export const receiptRoutes: FastifyPluginAsyncTypebox<PortalRouteOptions> = async (
  app,
  { assets, portal, receipts },
) => {
  async function render(
    request: FastifyRequest,
    reply: FastifyReply,
    mode: KeyMode,
    more: { cursors?: ReceiptsView['cursors']; resolve?: ResolveAttempt; message?: string },
    status = 200,
  ) {
    const scope = { organisationId: accountOf(request).organisation.id, mode };
    const cursors = more.cursors ?? {};
    const [review, overdue, dueSoon] = await Promise.all([
      section(receipts, scope, { status: 'needs_review' }, cursors.review_after),
      section(receipts, scope, { overdue: true }, cursors.overdue_after),
      dueWithinADay(receipts, scope),
    ]);
    // A form sent back with problems is shown with its receipt, even one beyond the first page.
    const attempt = more.resolve && (await find(receipts, scope, more.resolve.id));
    if (attempt?.status === 'needs_review' && !review.receipts.some((r) => r.id === attempt.id)) {
      review.receipts.unshift(attempt);
    }
    const ctx = pageContext(request, reply, assets);
    const view = {
      ctx,
      mode,
      review,
      overdue,
      dueSoon,
      cursors,
      resolve: more.resolve,
      message: more.message,
    };
    return sendPage(reply, receiptsPage(view), status);
  }

  app.get(
    '/receipts',
    { schema: { querystring: ReceiptsQuery }, preHandler: requireAccount },
    async (request, reply) => {
      const q = request.query;
      const mode = await viewedMode(portal, accountOf(request).organisation.id, q.mode);
      const cursors = {
        review_after: q.review_after || undefined,
        overdue_after: q.overdue_after || undefined,
      };
      return render(request, reply, mode, { cursors, message: noticeFor(q.done) });
    },
  );

  app.post(
    '/receipts/:id/resolve',
    {
      schema: { params: ReceiptParams, body: FormBodySchema },
      preHandler: [requireAccount, app.csrfProtection],
    },
    async (request, reply) => {
      const { id } = request.params;
      const mode = askedMode(request.body.mode);
      const scope = mode && { organisationId: accountOf(request).organisation.id, mode };
      const receipt = scope && (await find(receipts, scope, id));
      if (!mode || !receipt) return notFound(request, reply);
      const values = { outcome: request.body.outcome, waste_tracking_id: request.body.waste_tracking_id };
      const refuse = (errors: FieldErrors, status = 400) =>
        render(request, reply, mode, { resolve: { id, values, errors } }, status);
      const form = readResolve(id, request.body);
      if (!form.ok) return refuse(form.errors);
      try {
        await receipts.resolve(scope, id, form.body);
      } catch (err) {
        if (!(err instanceof ApiError)) throw err;
        if (err.code === 'RECEIPT_NOT_FOUND') return notFound(request, reply);
        if (err.code === 'RECEIPT_NOT_IN_REVIEW') {
          const now = await find(receipts, scope, id);
          const state = now ? ` (it is now ${now.status.replace('_', ' ')})` : '';
          const message = `This receipt is no longer waiting for review${state}. Nothing was changed.`;
          return refuse({ form: message }, 409);
        }
        if (err.code === 'INVALID_REQUEST')
          return refuse({ [fieldId(id, 'waste_tracking_id')]: TRACKING_ID_MISSING });
        throw err;
      }
      const done = form.body.outcome === 'in_dwt' ? 'receipt-in-dwt' : 'receipt-resend';
      return reply.redirect(`/portal/receipts?mode=${mode}&done=${done}`, 303);
    },
  );

  function notFound(request: FastifyRequest, reply: FastifyReply) {
    const message = html`<p>Your organisation has no waste receipt with that id. <a href="/portal/receipts">See your receipts</a>.</p>`;
    const ctx = pageContext(request, reply, assets);
    return sendPage(reply, messagePage({ title: 'Receipt not found', ctx, signedIn: true, message }), 404);
  }
};

const TRACKING_ID_MISSING = 'Enter the waste tracking id you found in DWT, like 26HRA0B2.';

/**
 * The form as the body POST /v1/waste-receipts/{id}/resolve takes, checked against that route's own
 * schema: `in_dwt` needs the id the person found; `not_in_dwt` sends the receipt again.
 */
function readResolve(
  id: string,
  form: FormBody,
): { ok: true; body: ResolveBody } | { ok: false; errors: FieldErrors } {
  const outcome = form.outcome;
  if (outcome !== 'in_dwt' && outcome !== 'not_in_dwt') {
    return { ok: false, errors: { [fieldId(id, 'outcome')]: 'Choose whether DWT holds this receipt.' } };
  }
  if (outcome === 'not_in_dwt') return { ok: true, body: { outcome } };
  const trackingId = (form.waste_tracking_id ?? '').trim();
  const body = { outcome, waste_tracking_id: trackingId };
  if (!trackingId) return { ok: false, errors: { [fieldId(id, 'waste_tracking_id')]: TRACKING_ID_MISSING } };
  if (!Value.Check(ResolveBody, body)) {
    const problem = 'A waste tracking id is 6 to 16 letters or digits, like 26HRA0B2.';
    return { ok: false, errors: { [fieldId(id, 'waste_tracking_id')]: problem } };
  }
  return { ok: true, body };
}

async function find(
  receipts: ReceiptService,
  scope: ReceiptScope,
  id: string,
): Promise<WasteReceipt | undefined> {
  return receipts.get(scope, id).catch((err: unknown) => {
    if (err instanceof ApiError && err.code === 'RECEIPT_NOT_FOUND') return undefined;
    throw err;
  });
}

/** A page of one list; a cursor that names none of this mode's receipts starts from the newest. */
async function section(
  receipts: ReceiptService,
  scope: ReceiptScope,
  query: ListReceiptsQuery,
  startingAfter: string | undefined,
): Promise<ReceiptSection> {
  const asked = { ...query, limit: PAGE_SIZE };
  const page = await receipts
    .list(scope, { ...asked, starting_after: startingAfter })
    .catch((err: unknown) => {
      if (!(err instanceof ApiError) || err.code !== 'INVALID_REQUEST') throw err;
      return undefined;
    });
  const read = page ?? (await receipts.list(scope, asked));
  return {
    receipts: read.data,
    next: read.next_starting_after,
    paged: page !== undefined && !!startingAfter,
  };
}

/**
 * Receipts not in DWT whose deadline falls in the next 24 hours, soonest first. The list has no
 * "due soon" filter, so each waiting status is asked for its receipts not yet overdue (a small set:
 * the worker sends a receipt within seconds) and the service's own `due_soon` judges each.
 */
async function dueWithinADay(receipts: ReceiptService, scope: ReceiptScope): Promise<WasteReceipt[]> {
  const lists = await Promise.all(WAITING.map((status) => notYetOverdue(receipts, scope, status)));
  return lists.flat().sort((a, b) => a.submission_due_by.localeCompare(b.submission_due_by));
}

async function notYetOverdue(
  receipts: ReceiptService,
  scope: ReceiptScope,
  status: WasteReceipt['status'],
): Promise<WasteReceipt[]> {
  const due: WasteReceipt[] = [];
  let startingAfter: string | undefined;
  do {
    const page = await receipts.list(scope, {
      status,
      overdue: false,
      limit: 100,
      starting_after: startingAfter,
    });
    due.push(...page.data.filter((r) => r.due_soon));
    startingAfter = page.next_starting_after ?? undefined;
  } while (startingAfter);
  return due;
}
