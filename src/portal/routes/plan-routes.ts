import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { PortalRouteOptions } from '../portal-plugin.ts';
import { accountOf, noticeFor, pageContext, requireAccount } from '../portal-request.ts';
import { planPage } from '../views/plan-page.ts';
import { FormBodySchema, NoticeQuery, sendPage } from './page-reply.ts';

const REFUSALS = {
  NOT_SELF_SERVE: 'Choose one of the plans listed. For Enterprise, get in touch by email.',
  MANAGED_BY_AGREEMENT: 'Your organisation is on an Enterprise agreement. Email us to change it.',
} as const;

/** The plan page: move between the self-serve plans; the change is recorded with its time. */
export const planRoutes: FastifyPluginAsyncTypebox<PortalRouteOptions> = async (
  app,
  { assets, portal, config },
) => {
  const contact = config.ENTERPRISE_CONTACT_EMAIL;

  app.get(
    '/plan',
    { schema: { querystring: NoticeQuery }, preHandler: requireAccount },
    async (request, reply) => {
      const { organisation } = accountOf(request);
      const changes = await portal.planChanges(organisation.id);
      const ctx = pageContext(request, reply, assets);
      return sendPage(
        reply,
        planPage({ ctx, organisation, changes, contact, message: noticeFor(request.query.done) }),
      );
    },
  );

  app.post(
    '/plan',
    { schema: { body: FormBodySchema }, preHandler: [requireAccount, app.csrfProtection] },
    async (request, reply) => {
      const { user } = accountOf(request);
      const result = await portal.changePlan(user, request.body.plan ?? '');
      if (result.ok) return reply.redirect('/portal/plan?done=plan', 303);
      const organisation =
        (await portal.organisation(user.organisation_id)) ?? accountOf(request).organisation;
      const changes = await portal.planChanges(organisation.id);
      const ctx = pageContext(request, reply, assets);
      return sendPage(
        reply,
        planPage({ ctx, organisation, changes, contact, error: REFUSALS[result.reason] }),
        400,
      );
    },
  );
};
