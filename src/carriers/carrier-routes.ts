import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { clientGone } from '../platform/client-gone.ts';
import { withExamples } from '../platform/openapi.ts';
import { VERIFY_ERRORS, VERIFY_REQUEST_EXAMPLES, VERIFY_RESULT_EXAMPLES } from './carrier-examples.ts';
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
  'expires. Not being on the register is a 200 with `status: not_found`; a register outage is a 503, never ' +
  '`not_found`. Test keys answer from the sandbox (see the [carriers guide](/docs/guides/carriers#test-keys-the-sandbox)).';

const response = { 200: withExamples(VerifyCarrierResultSchema, VERIFY_RESULT_EXAMPLES), ...VERIFY_ERRORS };

/** POST and GET /v1/verify-carrier: the same check, as a JSON body or as query parameters. */
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
};
