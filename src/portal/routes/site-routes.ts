import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { ApiError } from '../../platform/errors.ts';
import type { Site } from '../../receipts/site-types.ts';
import { html } from '../html.ts';
import type { PortalRouteOptions } from '../portal-plugin.ts';
import { accountOf, noticeFor, pageContext, requireAccount } from '../portal-request.ts';
import { readSite, serviceProblems, siteFormValues } from '../site-form.ts';
import type { FieldErrors } from '../views/components.ts';
import { messagePage } from '../views/layout.ts';
import { type SitesView, sitesPage } from '../views/sites-page.ts';
import { FormBodySchema, NoticeQuery, sendPage } from './page-reply.ts';

const SiteParams = Type.Object({ id: Type.String({ maxLength: 60 }) });

/**
 * Receiving sites, the same ones /v1/sites manages: listed per mode, added through SiteService (so
 * DWT's rules are checked once, in one place) and archived, never deleted.
 */
export const siteRoutes: FastifyPluginAsyncTypebox<PortalRouteOptions> = async (app, { assets, sites }) => {
  const scope = (organisationId: string, mode: 'live' | 'test') => ({ organisationId, mode });

  async function render(
    request: FastifyRequest,
    reply: FastifyReply,
    page: Omit<SitesView, 'ctx' | 'live' | 'test'>,
    status = 200,
  ) {
    const { organisation } = accountOf(request);
    // Archived sites are listed too: their receipts still name them.
    const [live, test] = await Promise.all([
      sites.list(scope(organisation.id, 'live'), true),
      sites.list(scope(organisation.id, 'test'), true),
    ]);
    const ctx = pageContext(request, reply, assets);
    return sendPage(reply, sitesPage({ ctx, live, test, ...page }), status);
  }

  app.get(
    '/sites',
    { schema: { querystring: NoticeQuery }, preHandler: requireAccount },
    async (request, reply) => render(request, reply, { message: noticeFor(request.query.done) }),
  );

  app.post(
    '/sites',
    { schema: { body: FormBodySchema }, preHandler: [requireAccount, app.csrfProtection] },
    async (request, reply) => {
      const { organisation } = accountOf(request);
      const values = siteFormValues(request.body);
      const refuse = (errors: FieldErrors) => render(request, reply, { values, errors }, 400);
      const form = readSite(request.body);
      if (!form.ok) return refuse(form.errors);
      try {
        await sites.create(scope(organisation.id, form.value.mode), form.value.body);
      } catch (err) {
        if (err instanceof ApiError && err.code === 'INVALID_REQUEST')
          return refuse(serviceProblems(err.details, form.value.body));
        throw err;
      }
      return reply.redirect('/portal/sites?done=site-added', 303);
    },
  );

  app.post(
    '/sites/:id/archive',
    {
      schema: { params: SiteParams, body: FormBodySchema },
      preHandler: [requireAccount, app.csrfProtection],
    },
    async (request, reply) => {
      const { organisation } = accountOf(request);
      const site = await findSite(organisation.id, request.params.id);
      if (!site) {
        const message = html`<p>Your organisation has no site with that id. <a href="/portal/sites">See your sites</a>.</p>`;
        const ctx = pageContext(request, reply, assets);
        return sendPage(reply, messagePage({ title: 'Site not found', ctx, signedIn: true, message }), 404);
      }
      if (!site.archived) await sites.archive(scope(organisation.id, site.mode), site.id);
      return reply.redirect('/portal/sites?done=site-archived', 303);
    },
  );

  /** The site in either mode: the page shows both, and an id is unique across them. */
  async function findSite(organisationId: string, id: string): Promise<Site | undefined> {
    return (
      (await sites.find(scope(organisationId, 'live'), id)) ??
      (await sites.find(scope(organisationId, 'test'), id))
    );
  }
};
