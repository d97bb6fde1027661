import { type FastifyPluginAsyncTypebox, TypeBoxValidatorCompiler } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { withExamples } from '../platform/openapi.ts';
import type { MonitoringService } from './monitoring-service.ts';
import {
  CREATE_WATCH_ERRORS,
  CREATE_WATCH_EXAMPLES,
  DELETED_EXAMPLES,
  LIST_WATCH_ERRORS,
  UPDATE_WATCH_ERRORS,
  UPDATE_WATCH_EXAMPLES,
  WATCH_EXAMPLES,
  WATCH_LIST_EXAMPLES,
  WATCH_NOT_FOUND,
} from './watch-examples.ts';
import {
  CarrierWatchRef,
  CarrierWatchSchema,
  CreateWatchBody,
  DeletedWatch,
  ListWatchesQuery,
  UpdateWatchBody,
  WatchList,
  WatchParams,
} from './watch-schemas.ts';
import type { WatchScope } from './watch-store.ts';

const TAGS = ['Carrier watches'];
const scopeOf = (request: FastifyRequest): WatchScope => ({
  organisationId: request.auth.organisationId,
  mode: request.auth.mode,
});
/** Reading, relabelling and deleting watches cost no quota; creating one checks the register. */
const free = { billable: false };

/** /v1/carrier-watches: registration numbers re-checked against the register, with events on change. */
export const watchRoutes: FastifyPluginAsyncTypebox<{ monitoring: MonitoringService }> = async (
  app,
  { monitoring },
) => {
  app.addSchema(CarrierWatchSchema);
  app.setValidatorCompiler(TypeBoxValidatorCompiler);

  app.post(
    '/carrier-watches',
    {
      config: {
        location: {
          of: (watch) => `/v1/carrier-watches/${watch.id}`,
          description: 'Where the watch is read: `/v1/carrier-watches/{id}`.',
        },
      },
      schema: {
        operationId: 'createCarrierWatch',
        tags: TAGS,
        summary: 'Watch a carrier registration',
        description:
          'Checks the number against the register at once (as verify-carrier does, reading the register itself) and records that as the baseline; from then on it is checked every `WATCH_INTERVAL` (daily by default) and an event is sent when the registration nears expiry (90, 30, 7 days), expires, is removed or changes. If the register cannot be reached the watch is still created, `unchecked`, and the next check takes the baseline. One watch per number per mode. Costs one call, like verify-carrier; the scheduled checks cost nothing. See the [webhooks guide](/docs/guides/webhooks#carrier-watches).',
        body: withExamples(CreateWatchBody, CREATE_WATCH_EXAMPLES),
        response: { 201: withExamples(CarrierWatchRef, WATCH_EXAMPLES), ...CREATE_WATCH_ERRORS },
      },
    },
    async (request, reply) => reply.code(201).send(await monitoring.create(scopeOf(request), request.body)),
  );

  app.get(
    '/carrier-watches',
    {
      config: free,
      schema: {
        operationId: 'listCarrierWatches',
        tags: TAGS,
        summary: 'List carrier watches',
        description:
          "This organisation's watches for the key's mode, newest first. Pass `next_starting_after` as `starting_after` for the next page.",
        querystring: ListWatchesQuery,
        response: { 200: withExamples(WatchList, WATCH_LIST_EXAMPLES), ...LIST_WATCH_ERRORS },
      },
    },
    async (request) => monitoring.list(scopeOf(request), request.query),
  );

  app.get(
    '/carrier-watches/:id',
    {
      config: free,
      schema: {
        operationId: 'getCarrierWatch',
        tags: TAGS,
        summary: 'Retrieve a carrier watch',
        description: 'The watch with the registration as the last check found it, judged today.',
        params: WatchParams,
        response: { 200: withExamples(CarrierWatchRef, WATCH_EXAMPLES), 404: WATCH_NOT_FOUND },
      },
    },
    async (request) => monitoring.get(scopeOf(request), request.params.id),
  );

  app.patch(
    '/carrier-watches/:id',
    {
      config: free,
      schema: {
        operationId: 'updateCarrierWatch',
        tags: TAGS,
        summary: 'Relabel a carrier watch',
        description: 'Only the label changes; to watch another number, create a watch for it.',
        params: WatchParams,
        body: withExamples(UpdateWatchBody, UPDATE_WATCH_EXAMPLES),
        response: { 200: withExamples(CarrierWatchRef, WATCH_EXAMPLES), ...UPDATE_WATCH_ERRORS },
      },
    },
    async (request) => monitoring.setLabel(scopeOf(request), request.params.id, request.body.label),
  );

  app.delete(
    '/carrier-watches/:id',
    {
      config: free,
      schema: {
        operationId: 'deleteCarrierWatch',
        tags: TAGS,
        summary: 'Delete a carrier watch',
        description: 'Stops watching the number. Events already sent stay in the event log.',
        params: WatchParams,
        response: { 200: withExamples(DeletedWatch, DELETED_EXAMPLES), 404: WATCH_NOT_FOUND },
      },
    },
    async (request) => monitoring.remove(scopeOf(request), request.params.id),
  );
};
