import { type FastifyPluginAsyncTypebox, TypeBoxValidatorCompiler } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { withExamples } from '../platform/openapi.ts';
import {
  SITE_EXAMPLES,
  SITE_INVALID,
  SITE_LIST_EXAMPLES,
  SITE_NOT_FOUND,
  SITE_REQUEST_EXAMPLES,
  SITE_UPDATE_EXAMPLES,
} from './receipt-examples.ts';
import type { ReceiptScope } from './receipt-types.ts';
import { CreateSiteBody, SiteList, SiteParams, SiteRef, SiteSchema, UpdateSiteBody } from './site-schemas.ts';
import type { SiteService } from './site-service.ts';

/**
 * Reading, changing and archiving sites is setting up, not work done: it costs no quota (docs/limits.md).
 * Registering one counts, as creating a carrier watch does, so a key cannot store sites without bound.
 */
const free = { billable: false };
const TAGS = ['Receiving sites'];
export const scopeOf = (request: FastifyRequest): ReceiptScope => ({
  organisationId: request.auth.organisationId,
  mode: request.auth.mode,
});

/** /v1/sites: the receiving sites whose receipts are reported to DWT. */
export const siteRoutes: FastifyPluginAsyncTypebox<{ sites: SiteService }> = async (app, { sites }) => {
  app.addSchema(SiteSchema);
  app.setValidatorCompiler(TypeBoxValidatorCompiler);

  app.post(
    '/sites',
    {
      config: {
        location: {
          of: (site) => `/v1/sites/${site.id}`,
          description: 'Where the site is read: `/v1/sites/{id}`.',
        },
      },
      schema: {
        operationId: 'createSite',
        tags: TAGS,
        summary: 'Register a receiving site',
        description:
          "A permitted site that receives waste: its permit numbers and the API code DEFRA issued it for Digital Waste Tracking. Sites belong to the key's mode.",
        body: withExamples(CreateSiteBody, SITE_REQUEST_EXAMPLES),
        response: { 201: withExamples(SiteRef, SITE_EXAMPLES), 400: SITE_INVALID },
      },
    },
    async (request, reply) => reply.code(201).send(await sites.create(scopeOf(request), request.body)),
  );

  app.get(
    '/sites',
    {
      config: free,
      schema: {
        operationId: 'listSites',
        tags: TAGS,
        summary: 'List receiving sites',
        description: 'Oldest first. Archived sites only with `include_archived=true`.',
        querystring: Type.Object(
          { include_archived: Type.Optional(Type.Boolean({ default: false, examples: [true] })) },
          { additionalProperties: false },
        ),
        response: { 200: withExamples(SiteList, SITE_LIST_EXAMPLES) },
      },
    },
    async (request) => ({ data: await sites.list(scopeOf(request), request.query.include_archived) }),
  );

  app.get(
    '/sites/:id',
    {
      config: free,
      schema: {
        operationId: 'getSite',
        tags: TAGS,
        summary: 'Retrieve a receiving site',
        params: SiteParams,
        response: { 200: withExamples(SiteRef, SITE_EXAMPLES), 404: SITE_NOT_FOUND },
      },
    },
    async (request) => sites.get(scopeOf(request), request.params.id),
  );

  app.patch(
    '/sites/:id',
    {
      config: free,
      schema: {
        operationId: 'updateSite',
        tags: TAGS,
        summary: 'Change a receiving site',
        description:
          'Only the fields sent change. Receipts already made keep the site details they were made with; correct a receipt to send the new ones.',
        params: SiteParams,
        body: withExamples(UpdateSiteBody, SITE_UPDATE_EXAMPLES),
        response: { 200: withExamples(SiteRef, SITE_EXAMPLES), 400: SITE_INVALID, 404: SITE_NOT_FOUND },
      },
    },
    async (request) => sites.update(scopeOf(request), request.params.id, request.body),
  );

  app.delete(
    '/sites/:id',
    {
      config: free,
      schema: {
        operationId: 'archiveSite',
        tags: TAGS,
        summary: 'Archive a receiving site',
        description:
          'The site takes no new receipts; it and its receipts are kept (records are kept for years), so nothing is deleted.',
        params: SiteParams,
        response: { 200: withExamples(SiteRef, SITE_EXAMPLES), 404: SITE_NOT_FOUND },
      },
    },
    async (request) => sites.archive(scopeOf(request), request.params.id),
  );
};
