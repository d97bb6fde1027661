import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ApiError } from '../../platform/errors.ts';
import type { RequestLogScope } from '../../requests/request-log-service.ts';
import type { ListRequestsQuery } from '../../requests/request-schemas.ts';
import type { PortalRouteOptions } from '../portal-plugin.ts';
import { accountOf, pageContext, requireAccount } from '../portal-request.ts';
import { requestsPage, STATUS_CHOICES } from '../views/requests-page.ts';
import { sendPage } from './page-reply.ts';

const RequestsQuery = Type.Object({
  mode: Type.Optional(Type.String({ maxLength: 10 })),
  status: Type.Optional(Type.String({ maxLength: 10 })),
  starting_after: Type.Optional(Type.String({ maxLength: 64 })),
});

/** Requests shown a page at a time; older ones follow a link. */
const PAGE_SIZE = 50;

/**
 * The request log in the portal: the organisation's recent /v1 requests, live and test apart, read
 * through the same service as GET /v1/requests. A GET page that changes nothing, so links and a plain
 * form switch the mode, filter by status and page back, with or without JavaScript.
 */
export const requestLogRoutes: FastifyPluginAsyncTypebox<PortalRouteOptions> = async (
  app,
  { assets, portal, requests, config },
) => {
  app.get(
    '/requests',
    { schema: { querystring: RequestsQuery }, preHandler: requireAccount },
    async (request, reply) => {
      const { organisation } = accountOf(request);
      const { query } = request;
      // Without a choice, live for an organisation that has a live key, else test (where a new one starts).
      const mode: 'live' | 'test' =
        query.mode === 'live' || query.mode === 'test'
          ? query.mode
          : (await portal.keys(organisation.id)).some((k) => k.mode === 'live')
            ? 'live'
            : 'test';
      const status = STATUS_CHOICES.some((c) => c.value === query.status) ? (query.status ?? '') : '';
      const scope: RequestLogScope = { organisationId: organisation.id, mode };
      const asked: ListRequestsQuery = { limit: PAGE_SIZE, ...(status ? { status } : {}) };
      let startingAfter = query.starting_after;
      let page = await requests
        .list(scope, { ...asked, starting_after: startingAfter })
        .catch((err: unknown) => {
          // A cursor that names none of this mode's requests (an old or edited link): start from the newest.
          if (!(err instanceof ApiError) || err.code !== 'INVALID_REQUEST') throw err;
          startingAfter = undefined;
          return undefined;
        });
      page ??= await requests.list(scope, asked);
      const view = {
        ctx: pageContext(request, reply, assets),
        mode,
        status,
        requests: page.data,
        next: page.next_starting_after,
        paged: startingAfter !== undefined,
        retentionDays: config.REQUEST_LOG_RETENTION_DAYS,
      };
      return sendPage(reply, requestsPage(view));
    },
  );
};
