import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { Type } from 'typebox';
import { type ErrorCode, errorCodes } from './errors.ts';

/** The error envelope every error response uses; shared by $id so the OpenAPI document names it once. */
export const ErrorResponse = Type.Object(
  {
    error: Type.Object({
      code: Type.Unsafe<ErrorCode>({
        type: 'string',
        enum: Object.keys(errorCodes),
        description: 'Stable, machine-readable error code (see docs/errors.md).',
      }),
      message: Type.String({ description: 'What went wrong and what to do about it.' }),
      status: Type.Integer({ description: 'The HTTP status, repeated.' }),
      request_id: Type.String({ description: 'Quote this to support; also in the Request-Id header.' }),
      details: Type.Optional(
        Type.Array(
          Type.Object({
            field: Type.String({
              description: 'JSON pointer into the body (`/producer/name`) or a parameter name.',
            }),
            issue: Type.String(),
          }),
        ),
      ),
    }),
  },
  { $id: 'ErrorResponse', description: 'The error envelope.' },
);

const errorRef = { $ref: 'ErrorResponse#' };

export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  app.addSchema(ErrorResponse);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Waste Compliance Service API',
        version: '1.0.0',
        description:
          'Verify waste carriers against the Environment Agency public register, classify waste with List of Wastes (EWC) codes, and issue digital waste transfer notes. Every /v1 route needs `Authorization: Bearer <key>`; `wcs_test_` keys see only test data and the sandbox and are never billed.',
      },
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', description: 'wcs_live_… or wcs_test_…' },
        },
      },
    },
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => String(json.$id ?? `def-${i}`) },
  });
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    uiConfig: { docExpansion: 'list', deepLinking: true },
  });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}

/**
 * Gives every authenticated route its security requirement and the error responses it can produce, so
 * the OpenAPI document tells the truth without each route repeating it.
 */
export function documentAuthenticatedRoute(route: RouteOptions): void {
  route.schema ??= {};
  const schema = route.schema as Record<string, unknown>;
  schema.security ??= [{ bearerAuth: [] }];
  schema.response ??= {};
  const response = schema.response as Record<string, unknown>;
  for (const status of ['400', '401', '429', '500']) response[status] ??= errorRef;
}

export { errorRef };
