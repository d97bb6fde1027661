import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { clientGone } from '../platform/client-gone.ts';
import { withExamples } from '../platform/openapi.ts';
import { VerifyBatchRequest, VerifyBatchResult } from './batch-schemas.ts';
import { BATCH_DEADLINE_MS, MAX_BATCH, verifyBatch } from './batch-verify.ts';
import {
  VERIFY_BATCH_ERRORS,
  VERIFY_BATCH_REQUEST_EXAMPLES,
  VERIFY_BATCH_RESULT_EXAMPLES,
  VERIFY_ERRORS,
  VERIFY_REQUEST_EXAMPLES,
  VERIFY_RESULT_EXAMPLES,
} from './carrier-examples.ts';
import type { CarrierService } from './carrier-service.ts';
import { VerifyCarrierResultSchema } from './verify-result.ts';

const VerifyCarrierRequest = Type.Object(
  {
    registration_number: Type.Optional(
      Type.String({
        maxLength: 60,
        description: 'England registration number, e.g. CBDU123456 (spaces, hyphens and case are ignored).',
        examples: ['CBDU100001'],
      }),
    ),
    business_name: Type.Optional(
      Type.String({
        maxLength: 200,
        description: 'Registered name, or words from it, e.g. "Example Haulage".',
        examples: ['Sandbox Haulage'],
      }),
    ),
    postcode: Type.Optional(
      Type.String({
        maxLength: 16,
        description: 'Full UK postcode of the registered address, e.g. TE1 1AA.',
        examples: ['TE1 1AA'],
      }),
    ),
  },
  { additionalProperties: false },
);

const description =
  'Checks a waste carrier, broker or dealer against the Environment Agency public register. Give at least one of ' +
  '`registration_number`, `business_name` or `postcode`; the number wins when several are given. A registration ' +
  'is expired on its expiry date (Europe/London); `expiring_soon` means 1 to 90 days left; lower tier never ' +
  'expires. A name or postcode that matches several registrations answers `status: multiple_matches`: no one ' +
  'carrier is checked, `registrations` lists each with its own status, and a check by number decides. ' +
  'Not being on the register is a 200 with `status: not_found`; a register outage is a 503, never ' +
  '`not_found`. Test keys answer from the sandbox (see the [carriers guide](/docs/guides/carriers#test-keys-the-sandbox)).';

const response = { 200: withExamples(VerifyCarrierResultSchema, VERIFY_RESULT_EXAMPLES), ...VERIFY_ERRORS };

const batchDescription =
  `Checks up to ${MAX_BATCH} registration numbers in one request. \`results\` holds one answer per number, in ` +
  'the order sent: the body a single verify-carrier answers (with `registration_number` as sent), or, for a ' +
  'number that could not be checked, its `error` (a malformed number: 400; the register could not answer it: ' +
  '503). One bad number never fails the batch. Each number is one call of the monthly quota, except those the ' +
  'register could not answer; the batch is one request in the per-minute window. A batch whose numbers are more ' +
  'than the calls left this month is refused whole (429). Numbers are looked up with the same caches as single ' +
  'checks, a few at a time, and the batch answers within 20 seconds.';

/**
 * POST and GET /v1/verify-carrier: the same check, as a JSON body or as query parameters;
 * POST /v1/verify-carrier/batch: many numbers at once.
 */
export const carrierRoutes: FastifyPluginAsyncTypebox<{ carriers: CarrierService }> = async (
  app,
  { carriers },
) => {
  app.post(
    '/verify-carrier',
    {
      schema: {
        operationId: 'verifyCarrier',
        tags: ['Carriers'],
        summary: 'Verify a waste carrier registration',
        description,
        body: withExamples(VerifyCarrierRequest, VERIFY_REQUEST_EXAMPLES),
        response,
      },
    },
    async (request, reply) => carriers.verify(request.body, request.auth.mode, { signal: clientGone(reply) }),
  );

  app.get(
    '/verify-carrier',
    {
      schema: {
        operationId: 'verifyCarrierByQuery',
        tags: ['Carriers'],
        summary: 'Verify a waste carrier registration (query parameters)',
        description,
        querystring: VerifyCarrierRequest,
        response,
      },
    },
    async (request, reply) =>
      carriers.verify(request.query, request.auth.mode, { signal: clientGone(reply) }),
  );

  app.post(
    '/verify-carrier/batch',
    {
      config: {
        calls: (request) => (request.body as { registration_numbers: string[] }).registration_numbers.length,
      },
      schema: {
        operationId: 'verifyCarrierBatch',
        tags: ['Carriers'],
        summary: 'Verify many waste carrier registrations',
        description: batchDescription,
        body: withExamples(VerifyBatchRequest, VERIFY_BATCH_REQUEST_EXAMPLES),
        response: {
          200: withExamples(VerifyBatchResult, VERIFY_BATCH_RESULT_EXAMPLES),
          ...VERIFY_BATCH_ERRORS,
        },
      },
    },
    async (request, reply) => {
      const signal = AbortSignal.any([clientGone(reply), AbortSignal.timeout(BATCH_DEADLINE_MS)]);
      const { results, served } = await verifyBatch(
        carriers,
        request.body.registration_numbers,
        request.auth.mode,
        signal,
      );
      request.callsServed = served;
      return { results };
    },
  );
};
