import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { limitsFor } from '../../accounts/plans.ts';
import type { PortalRouteOptions } from '../portal-plugin.ts';
import { accountOf, noticeFor, pageContext, requireAccount } from '../portal-request.ts';
import { dashboardPage } from '../views/dashboard-page.ts';
import { sendPage } from './page-reply.ts';

const DashboardQuery = Type.Object({
  key: Type.Optional(Type.String({ maxLength: 64 })),
  done: Type.Optional(Type.String({ maxLength: 40 })),
});

/** The dashboard: plan, limits and this cycle's usage per key, with a daily chart for one key. */
export const dashboardRoutes: FastifyPluginAsyncTypebox<PortalRouteOptions> = async (
  app,
  { assets, portal },
) => {
  app.get(
    '/dashboard',
    { schema: { querystring: DashboardQuery }, preHandler: requireAccount },
    async (request, reply) => {
      const { organisation } = accountOf(request);
      const keys = await portal.usage(organisation);
      // Live keys first, then test keys (portal.usage orders them so): a test key's calls are charted too.
      const chartable = keys.filter((k) => k.usage);
      // The key named in ?key= only if it is one of this organisation's; otherwise the first (live first).
      const selected = chartable.find((k) => k.key.id === request.query.key) ?? chartable[0];
      const page = dashboardPage({
        ctx: pageContext(request, reply, assets),
        organisation,
        limits: limitsFor(organisation),
        keys,
        selected,
        usageAvailable: portal.usageAvailable,
        message: noticeFor(request.query.done),
      });
      return sendPage(reply, page);
    },
  );
};
