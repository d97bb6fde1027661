import { type FastifyPluginAsyncTypebox, TypeBoxValidatorCompiler } from '@fastify/type-provider-typebox';
import { withExamples } from '../platform/openapi.ts';
import { REQUEST_LIST_EXAMPLES, REQUEST_LIST_INVALID } from './request-examples.ts';
import type { RequestLogService } from './request-log-service.ts';
import { ApiRequest, ListRequestsQuery, RequestList } from './request-schemas.ts';

/** GET /v1/requests: the request log of the key's organisation, in the key's mode. Costs no quota. */
export const requestRoutes: FastifyPluginAsyncTypebox<{ requests: RequestLogService }> = async (
  app,
  { requests },
) => {
  app.addSchema(ApiRequest);
  app.setValidatorCompiler(TypeBoxValidatorCompiler);

  app.get(
    '/requests',
    {
      config: { billable: false },
      schema: {
        operationId: 'listRequests',
        tags: ['Account'],
        summary: 'List requests made with your keys',
        description:
          "The request log: every /v1 request made with any key of your organisation in the key's mode (test keys see test requests, live keys live ones), newest first, kept 30 days (the operator's `REQUEST_LOG_RETENTION_DAYS`): method, route and path, status and error code, request id, key, time taken. Bodies and query strings are never stored. A request appears once it has been answered (on another instance, within a fraction of a second). Pass `next_starting_after` as `starting_after` for the next page. Costs no quota. See the [request log guide](/docs/guides/requests).",
        querystring: ListRequestsQuery,
        response: { 200: withExamples(RequestList, REQUEST_LIST_EXAMPLES), 400: REQUEST_LIST_INVALID },
      },
    },
    async (request) =>
      requests.list({ organisationId: request.auth.organisationId, mode: request.auth.mode }, request.query),
  );
};
