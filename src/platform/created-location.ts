import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';

/**
 * `Location` on a create's answer (RFC 9110 15.3.2: a 201 names what it created; a 202 may name where
 * to follow the work). A route opts in with `config: { location }`; this plugin sets the header from
 * the JSON answer, first sent or replayed for an Idempotency-Key alike, and documents it on the route's
 * 201 or 202 response.
 */
export interface CreatedRoute {
  /** Where what was created is read: a path under /v1, from the answer's JSON and the request. */
  of(created: Record<string, unknown>, request: FastifyRequest): string;
  /** What the header names, for the reference. */
  description: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Sets and documents `Location` on the route's 201 or 202 answer (installCreatedLocation). */
    location?: CreatedRoute;
  }
}

const CREATED = new Set([201, 202]);

export function installCreatedLocation(scope: FastifyInstance): void {
  scope.addHook('onRoute', documentLocation);
  // An answer sent as an object is read before it is serialised; one sent as JSON text (a stored
  // document, a replay) is parsed, unless its handler named what it created itself.
  scope.addHook('preSerialization', (request, reply, payload, done) => {
    const route = request.routeOptions.config.location;
    if (route && CREATED.has(reply.statusCode) && payload !== null && typeof payload === 'object') {
      reply.header('Location', route.of(payload as Record<string, unknown>, request));
    }
    done(null, payload);
  });
  scope.addHook('onSend', (request, reply, payload, done) => {
    const route = request.routeOptions.config.location;
    if (
      route &&
      CREATED.has(reply.statusCode) &&
      typeof payload === 'string' &&
      !reply.hasHeader('location')
    ) {
      reply.header('Location', route.of(JSON.parse(payload) as Record<string, unknown>, request));
    }
    done(null, payload);
  });
}

function documentLocation(route: RouteOptions): void {
  const location = route.config?.location;
  const responses = route.schema?.response as Record<string, Record<string, unknown>> | undefined;
  if (!location || !responses) return;
  for (const status of Object.keys(responses)) {
    if (!CREATED.has(Number(status))) continue;
    const response = responses[status];
    responses[status] = {
      ...response,
      headers: {
        ...(response.headers as object | undefined),
        Location: { type: 'string', description: location.description },
      },
    };
  }
}
