import { type FastifyPluginAsyncTypebox, TypeBoxValidatorCompiler } from '@fastify/type-provider-typebox';
import { sendReplay } from '../platform/idempotency.ts';
import { withExamples } from '../platform/openapi.ts';
import {
  CORRECT_RECEIPT_ERRORS,
  CREATE_RECEIPT_ERRORS,
  LIST_RECEIPT_ERRORS,
  RECEIPT_EXAMPLES,
  RECEIPT_LIST_EXAMPLES,
  RECEIPT_NOT_FOUND,
  RECEIPT_REQUEST_EXAMPLES,
  RESOLVE_ERRORS,
  RESOLVE_EXAMPLES,
} from './receipt-examples.ts';
import {
  CreateReceiptBody,
  ListReceiptsQuery,
  ReceiptList,
  ReceiptParams,
  ResolveBody,
  WasteReceipt,
  WasteReceiptRef,
} from './receipt-schemas.ts';
import { checkListQuery, type ReceiptService } from './receipt-service.ts';
import { scopeOf } from './site-routes.ts';

const TAGS = ['Waste receipts'];

/** /v1/waste-receipts: receipts of waste, reported to DEFRA's Digital Waste Tracking service. */
export const receiptRoutes: FastifyPluginAsyncTypebox<{ receipts: ReceiptService }> = async (
  app,
  { receipts },
) => {
  app.addSchema(WasteReceipt);
  app.setValidatorCompiler(TypeBoxValidatorCompiler);

  app.post(
    '/waste-receipts',
    {
      config: {
        location: {
          of: (receipt) => `/v1/waste-receipts/${receipt.id}`,
          description: 'Where the receipt is followed to `submitted`: `/v1/waste-receipts/{id}`.',
        },
        idempotency: {
          find: async (request, key) => {
            const earlier = await receipts.findIdempotent(scopeOf(request), key);
            return earlier && { requestHash: earlier.requestHash, status: 202, body: earlier.body };
          },
        },
      },
      schema: {
        operationId: 'createWasteReceipt',
        tags: TAGS,
        summary: 'Record a receipt of waste and report it to DWT',
        description:
          "Checks the receipt as DEFRA's Digital Waste Tracking service does, stores it, and answers 202 at once; a worker then submits it to DWT (test keys: a sandbox) and the receipt moves to `submitted` with DWT's waste tracking id, `rejected` with DWT's reasons, `retrying` while DWT is unavailable, or `needs_review` when DWT's answer was lost. `wtn_reference` fills what a stored transfer note knows. Send an `Idempotency-Key` to make retries safe.",
        body: withExamples(CreateReceiptBody, RECEIPT_REQUEST_EXAMPLES),
        response: {
          202: {
            ...withExamples(WasteReceiptRef, RECEIPT_EXAMPLES),
            description: 'Stored and queued for DWT; follow `status`.',
          },
          ...CREATE_RECEIPT_ERRORS,
        },
      },
    },
    async (request, reply) => {
      const { receipt, replayed } = await receipts.create(
        scopeOf(request),
        request.body,
        request.idempotency ?? undefined,
      );
      if (replayed) return sendReplay(request, reply, 202, JSON.stringify(receipt));
      return reply.code(202).send(receipt);
    },
  );

  app.get(
    '/waste-receipts',
    {
      // Refused before the call is counted, as a schema error is.
      config: { check: (request) => checkListQuery(request.query as ListReceiptsQuery) },
      schema: {
        operationId: 'listWasteReceipts',
        tags: TAGS,
        summary: 'List waste receipts',
        description:
          "Newest first, for the key's mode. `overdue=true` finds receipts not yet in DWT after their submission deadline; `status=needs_review` those waiting for a person.",
        querystring: ListReceiptsQuery,
        response: { 200: withExamples(ReceiptList, RECEIPT_LIST_EXAMPLES), ...LIST_RECEIPT_ERRORS },
      },
    },
    async (request) => receipts.list(scopeOf(request), request.query),
  );

  app.get(
    '/waste-receipts/:id',
    {
      schema: {
        operationId: 'getWasteReceipt',
        tags: TAGS,
        summary: 'Retrieve a waste receipt',
        description: 'The receipt, its submission state, its deadline and what DWT said.',
        params: ReceiptParams,
        response: { 200: withExamples(WasteReceiptRef, RECEIPT_EXAMPLES), 404: RECEIPT_NOT_FOUND },
      },
    },
    async (request) => receipts.get(scopeOf(request), request.params.id),
  );

  app.put(
    '/waste-receipts/:id',
    {
      schema: {
        operationId: 'correctWasteReceipt',
        tags: TAGS,
        summary: 'Correct a waste receipt',
        description:
          'Replaces the receipt with a new revision (send the whole receipt, as on create; the site cannot change). Checked as on create; DWT receives it as its update (PUT) when it already holds the receipt, else as the create still owed. Earlier revisions are kept. DWT expects every mistake corrected, and disposal or recovery codes added once known.',
        params: ReceiptParams,
        body: withExamples(CreateReceiptBody, RECEIPT_REQUEST_EXAMPLES),
        response: { 200: withExamples(WasteReceiptRef, RECEIPT_EXAMPLES), ...CORRECT_RECEIPT_ERRORS },
      },
    },
    async (request) => receipts.correct(scopeOf(request), request.params.id, request.body),
  );

  app.post(
    '/waste-receipts/:id/resolve',
    {
      schema: {
        operationId: 'resolveWasteReceipt',
        tags: TAGS,
        summary: 'Resolve a receipt whose submission outcome is unknown',
        description:
          'For a receipt in `needs_review`: after checking DWT, say `in_dwt` with the waste tracking id you found, or `not_in_dwt` to send it again. Never resent without this answer, so DWT never holds it twice.',
        params: ReceiptParams,
        body: withExamples(ResolveBody, RESOLVE_EXAMPLES),
        response: { 200: withExamples(WasteReceiptRef, RECEIPT_EXAMPLES), ...RESOLVE_ERRORS },
      },
    },
    async (request) => receipts.resolve(scopeOf(request), request.params.id, request.body),
  );
};
