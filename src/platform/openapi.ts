import swagger from '@fastify/swagger';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { type TSchema, Type } from 'typebox';
import { type ErrorCode, type ErrorDetail, errorCodes } from './errors.ts';
import { documentCodeSamples } from './openapi-code-samples.ts';
import {
  API_DESCRIPTION,
  API_TAGS,
  documentResponseHeaders,
  EXAMPLE_REQUEST_ID,
  RESPONSE_HEADERS,
} from './openapi-document.ts';

/** The error envelope every error response uses; shared by $id so the OpenAPI document names it once. */
export const ErrorResponse = Type.Object(
  {
    error: Type.Object({
      code: Type.Unsafe<ErrorCode>({
        type: 'string',
        enum: Object.keys(errorCodes),
        description: 'Stable, machine-readable error code: see the [errors guide](/docs/guides/errors).',
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

/** One error a route really answers with, worded as the service words it. */
export interface ErrorExample {
  /** Names the example in the reference, e.g. "No key sent". */
  summary: string;
  code: ErrorCode;
  /** The message the service sends; the registry's default when omitted. */
  message?: string;
  details?: ErrorDetail[];
}

/** Named examples in the form @fastify/swagger moves into the media type (`x-examples`). */
export type NamedExamples = Record<string, { summary: string; value: unknown }>;

/**
 * Documents an example body beside a schema, without touching what the schema validates or
 * serialises: the copy carries `x-examples`, which @fastify/swagger moves into the document's media
 * type and which the validators and the serialiser ignore.
 */
export function withExamples<T extends TSchema>(schema: T, examples: NamedExamples): T {
  return { ...schema, 'x-examples': examples };
}

/**
 * The error response of one status: the envelope, described, with an example of every code the route
 * answers with at that status (test/platform/openapi-examples.test.ts holds each code to its status).
 */
export function errorResponse(description: string, examples: ErrorExample[]): TSchema {
  const named: NamedExamples = {};
  for (const example of examples) {
    const { status } = errorCodes[example.code];
    named[slug(example.summary)] = {
      summary: example.summary,
      value: {
        error: {
          code: example.code,
          message: example.message ?? errorCodes[example.code].message,
          status,
          request_id: EXAMPLE_REQUEST_ID,
          ...(example.details ? { details: example.details } : {}),
        },
      },
    };
  }
  return { ...errorRef, description, 'x-examples': named } as unknown as TSchema;
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  app.addSchema(ErrorResponse);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Waste Compliance Service API',
        version: '1.0.0',
        description: API_DESCRIPTION,
        // The package is UNLICENSED (private): no open-source licence applies (docs/decisions.md).
        license: { name: 'Proprietary', url: '/docs/guides/licence' },
      },
      // Relative: the API is wherever this document was fetched from (docs/decisions.md).
      servers: [{ url: '/', description: 'The server that serves this document' }],
      tags: API_TAGS,
      externalDocs: {
        description: 'Guides: how each capability decides, flags and limits',
        url: '/docs/guides',
      },
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            description:
              'An API key from the developer portal or `wcs key create`: `wcs_live_…` (real register, counted) or `wcs_test_…` (sandbox, never counted).',
          },
        },
        headers: RESPONSE_HEADERS,
      },
    },
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => String(json.$id ?? `def-${i}`) },
    transform: ({ schema, url }) => ({ schema: examplesOfReferencedResponses(schema), url }),
    transformObject: (document) =>
      'openapiObject' in document
        ? documentCodeSamples(documentResponseHeaders(document.openapiObject))
        : document.swaggerObject,
  });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}

/**
 * @fastify/swagger drops everything beside a `$ref` response schema, examples included: for the
 * document only (the route's own schema, which serialises, is untouched), such a response is written in
 * the media-type form, where the examples survive.
 */
function examplesOfReferencedResponses<S>(schema: S): S {
  const routeSchema = schema as { response?: Record<string, unknown> } | undefined;
  if (!routeSchema?.response) return schema;
  const response = Object.fromEntries(
    Object.entries(routeSchema.response).map(([status, value]) => [status, asMediaExamples(value)]),
  );
  return { ...routeSchema, response } as S;
}

function asMediaExamples(value: unknown): unknown {
  const schema = value as { $ref?: string; 'x-examples'?: NamedExamples; description?: string };
  if (!schema?.$ref || !schema['x-examples']) return value;
  const { $ref, 'x-examples': examples, description, ...rest } = schema;
  return { ...rest, description, content: { 'application/json': { schema: { $ref }, examples } } };
}

const INVALID_KEY_EXAMPLES: ErrorExample[] = [
  {
    summary: 'No key sent',
    code: 'INVALID_API_KEY',
    message: 'No API key: send it as "Authorization: Bearer <key>".',
  },
  {
    summary: 'Key revoked',
    code: 'INVALID_API_KEY',
    message: 'The API key has been revoked: create a new one in the portal or with `wcs key create`.',
  },
];

const RATE_LIMITED: ErrorExample = {
  summary: 'Per-minute rate limit',
  code: 'RATE_LIMIT_EXCEEDED',
  message: 'Rate limit exceeded: this key may make 30 requests in any 60 seconds. Try again in 42 s.',
};

const QUOTA_SPENT: ErrorExample = {
  summary: 'Monthly quota spent',
  code: 'MONTHLY_QUOTA_EXCEEDED',
  message:
    'Monthly limit reached: this key has used all 200 calls of its plan for 2026-11. The quota resets at 2026-12-01T00:00:00.000Z (00:00 UTC on the 1st).',
};

/**
 * Gives every authenticated route its security requirement and the error responses every such route
 * can produce (401, 429, 500, 413 with a body, and 414 and a 400 with path parameters), so the OpenAPI
 * document tells the truth without each route repeating it.
 * Routes document their own 400, 404, 422 and 503, with examples of their own.
 */
export function documentAuthenticatedRoute(route: RouteOptions): void {
  route.schema ??= {};
  const schema = route.schema as Record<string, unknown>;
  schema.security ??= [{ bearerAuth: [] }];
  schema.response ??= {};
  const response = schema.response as Record<string, unknown>;
  // A route that costs no quota can only meet the per-minute limit.
  const billable = route.config?.billable !== false;
  response['401'] ??= errorResponse('No key, or a key that is not valid.', INVALID_KEY_EXAMPLES);
  response['429'] ??= errorResponse(
    billable
      ? "The key's per-minute rate limit (`RATE_LIMIT_EXCEEDED`) or its monthly quota (`MONTHLY_QUOTA_EXCEEDED`) is spent: wait `Retry-After` seconds."
      : "The key's per-minute rate limit is spent: wait `Retry-After` seconds.",
    billable ? [RATE_LIMITED, QUOTA_SPENT] : [RATE_LIMITED],
  );
  if (schema.params) {
    response['400'] ??= errorResponse(
      'A path parameter does not have the form it must (each says its own).',
      [
        {
          summary: 'Path parameter too long',
          code: 'INVALID_REQUEST',
          message: 'The path is not valid: see details.',
          details: [{ field: 'id', issue: 'must be at most 40 characters' }],
        },
      ],
    );
    response['414'] ??= errorResponse('A path parameter is longer than 100 characters.', [
      { summary: 'Path too long', code: 'URI_TOO_LONG' },
    ]);
  }
  if (schema.body) {
    response['413'] ??= errorResponse('The body is larger than 1 MiB.', [
      { summary: 'Body too large', code: 'PAYLOAD_TOO_LARGE' },
    ]);
  }
  response['500'] ??= errorResponse('Something failed on our side. Never counted against the quota.', [
    { summary: 'Unexpected failure', code: 'INTERNAL_ERROR' },
  ]);
}

export { errorRef };
