import { type Static, Type } from 'typebox';
import { PageLimit, pageFields } from '../platform/paging.ts';

const Strict = { additionalProperties: false } as const;

export const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD'] as const;

export const ApiRequest = Type.Object(
  {
    id: Type.String({
      description:
        'The request id, `req_…`: the `Request-Id` header of its response, and `request_id` in an error.',
    }),
    object: Type.Literal('api_request'),
    method: Type.String({ description: 'The HTTP method.' }),
    route: Type.String({
      description: 'The route it matched, as the reference names it: `/v1/wtn/{reference}`.',
    }),
    path: Type.String({
      description:
        'The path it was sent to, without its query string (query values, like bodies, are never stored).',
    }),
    status: Type.Integer({ description: 'The HTTP status of the response.' }),
    error_code: Type.Union([Type.String(), Type.Null()], {
      description:
        "The error's `code` for an error response ([errors guide](/docs/guides/errors)); null for a success.",
    }),
    key: Type.Object(
      {
        id: Type.String({ description: 'The key that made it, `key_…`.' }),
        prefix: Type.String({
          description: "The key's display prefix, as the portal shows it: never the key.",
        }),
      },
      { description: 'The API key the request was made with.' },
    ),
    mode: Type.Union([Type.Literal('live'), Type.Literal('test')]),
    duration_ms: Type.Number({ description: 'From its arrival to its response, in milliseconds.' }),
    created_at: Type.String({ format: 'date-time', description: 'When it arrived (UTC).' }),
  },
  { $id: 'ApiRequest' },
);
export type ApiRequest = Static<typeof ApiRequest>;
export const ApiRequestRef = Type.Unsafe<ApiRequest>({ $ref: 'ApiRequest#' });

export const RequestList = Type.Object({
  data: Type.Array(ApiRequestRef),
  ...pageFields,
});
export type RequestList = Static<typeof RequestList>;

const Instant = (description: string, example: string) =>
  Type.String({ format: 'date-time', maxLength: 40, description, examples: [example] });

export const ListRequestsQuery = Type.Object(
  {
    limit: Type.Optional(PageLimit),
    starting_after: Type.Optional(
      Type.String({
        maxLength: 64,
        description: 'The last id of the previous page.',
        examples: ['req_Qm3xY0aZ-t1c000042'],
      }),
    ),
    status: Type.Optional(
      Type.String({
        pattern: '^[1-5]([0-9]{2}|xx)$',
        description: 'Only responses with this status (`404`) or in this class (`2xx`, `4xx`, `5xx`).',
        examples: ['4xx'],
      }),
    ),
    method: Type.Optional(
      Type.Union(
        METHODS.map((m) => Type.Literal(m)),
        { description: 'Only requests with this method.', examples: ['POST'] },
      ),
    ),
    path: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 200,
        pattern: '^/',
        description: 'Only requests whose path starts with this (case matters), e.g. `/v1/wtn`.',
        examples: ['/v1/verify-carrier'],
      }),
    ),
    key_id: Type.Optional(
      Type.String({
        maxLength: 40,
        description: 'Only requests made with this key of your organisation (`key_…`).',
        examples: ['key_acGzP92ZMXAEtNBwAJqx'],
      }),
    ),
    created_from: Type.Optional(
      Instant('Only requests that arrived at or after this instant.', '2026-11-23T00:00:00Z'),
    ),
    created_to: Type.Optional(
      Instant('Only requests that arrived at or before this instant.', '2026-11-23T23:59:59Z'),
    ),
  },
  Strict,
);
export type ListRequestsQuery = Static<typeof ListRequestsQuery>;
