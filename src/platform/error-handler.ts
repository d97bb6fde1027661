import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseUnreachable } from './db/database.ts';
import { ApiError, type ErrorDetail, errorBody } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The code of the error this request was answered with, if any: the request log records it. */
    errorCode: string | null;
  }
}

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

interface ValidationIssue {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
}

/** Turns schema validation errors into `details`: one entry per field, in words a developer can act on. */
export function validationDetails(issues: ValidationIssue[], part: string | undefined): ErrorDetail[] {
  const details = new Map<string, string>();
  const allowed = new Map<string, unknown[]>();
  const field = (path: string) => (part === 'body' ? path || '/' : path.replace(/^\//, '') || part || '/');
  for (const issue of issues) {
    const path = issue.instancePath;
    if (issue.keyword === 'required') {
      for (const name of (issue.params.requiredProperties as string[]) ?? []) {
        details.set(field(`${path}/${name}`), 'is required');
      }
    } else if (issue.keyword === 'additionalProperties') {
      for (const name of (issue.params.additionalProperties as string[]) ?? []) {
        details.set(field(`${path}/${name}`), 'is not a recognised field');
      }
    } else if (issue.keyword === 'boolean') {
      // "schema is false": the same unknown field, already reported by additionalProperties.
    } else if (issue.keyword === 'const') {
      allowed.set(path, [...(allowed.get(path) ?? []), issue.params.allowedValue]);
    } else if (issue.keyword === 'anyOf' || issue.keyword === 'oneOf') {
      if (!allowed.has(path) && !details.has(field(path)))
        details.set(field(path), 'is not an accepted value');
    } else if (!details.has(field(path))) {
      details.set(field(path), describe(issue));
    }
  }
  for (const [path, values] of allowed) {
    details.set(field(path), `must be one of: ${values.map((v) => JSON.stringify(v)).join(', ')}`);
  }
  return [...details].map(([f, issue]) => ({ field: f, issue }));
}

function describe(issue: ValidationIssue): string {
  const p = issue.params;
  switch (issue.keyword) {
    case 'type':
      return `must be ${article(String(p.type))}`;
    case 'minLength':
      return p.limit === 1 ? 'must not be empty' : `must be at least ${p.limit} characters`;
    case 'maxLength':
      return `must be at most ${p.limit} characters`;
    case 'minimum':
      return `must be at least ${p.limit}`;
    case 'maximum':
      return `must be at most ${p.limit}`;
    case 'format':
      return p.format === 'date' ? 'must be a real calendar date, YYYY-MM-DD' : `must be a valid ${p.format}`;
    case 'pattern':
      return 'is not in the expected format';
    default:
      return issue.message ?? 'is not valid';
  }
}

function article(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}

/** Long paths are not echoed back whole. */
const MAX_ECHOED_PATH = 80;

export function shortPath(path: string): string {
  return path.length > MAX_ECHOED_PATH ? `${path.slice(0, MAX_ECHOED_PATH)}…` : path;
}

/** Maps anything thrown while handling a request to the API's error envelope. */
export function toApiError(error: FastifyError): ApiError {
  if (error instanceof ApiError) return error;
  if (error.validation) {
    const part = error.validationContext;
    const details = validationDetails(error.validation as unknown as ValidationIssue[], part);
    const where =
      part === 'body'
        ? 'request body'
        : part === 'querystring'
          ? 'query string'
          : part === 'params'
            ? 'path'
            : part === 'headers'
              ? 'request headers'
              : part;
    return new ApiError('INVALID_REQUEST', `The ${where} is not valid: see details.`, details);
  }
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new ApiError(
        'INVALID_REQUEST',
        'Send the request body as JSON with Content-Type: application/json.',
      );
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new ApiError('INVALID_REQUEST', 'The body is empty but Content-Type is application/json.');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiError('PAYLOAD_TOO_LARGE');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new ApiError('INVALID_REQUEST', 'The request body is not valid JSON.');
  }
  if (error instanceof SyntaxError) {
    return new ApiError('INVALID_REQUEST', `The request body is not valid JSON: ${error.message}`);
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    if (error.statusCode === 413) return new ApiError('PAYLOAD_TOO_LARGE');
    return new ApiError('INVALID_REQUEST', error.message);
  }
  return unreachableStore(error) ?? new ApiError('INTERNAL_ERROR');
}

/** A database restart or failover takes seconds; a client that waits this long usually gets through. */
const RETRY_AFTER_S = '5';

/**
 * A request that failed because PostgreSQL (or, where nothing falls back, Redis) cannot be reached is
 * not a fault in the request or in our code: 503 SERVICE_UNAVAILABLE with Retry-After, so clients and
 * load balancers retry rather than report a bug (test/faults, docs/operations.md).
 */
function unreachableStore(error: Error): ApiError | undefined {
  const what = isDatabaseUnreachable(error) ? 'its database' : isRedisUnreachable(error) ? 'Redis' : null;
  if (!what) return undefined;
  return new ApiError(
    'SERVICE_UNAVAILABLE',
    `The service cannot reach ${what} just now. Try again in a few seconds.`,
    undefined,
    { 'retry-after': RETRY_AFTER_S },
  );
}

/** ioredis refusing a command while disconnected (this app turns its offline queue off: redis.ts). */
function isRedisUnreachable(error: Error): boolean {
  return (
    error.name === 'MaxRetriesPerRequestError' ||
    error.message === 'Connection is closed.' ||
    error.message.startsWith("Stream isn't writeable")
  );
}

export function sendApiError(reply: FastifyReply, error: ApiError): FastifyReply {
  reply.request.errorCode = error.code;
  if (error.headers) reply.headers(error.headers);
  return reply
    .code(error.status)
    .type('application/json; charset=utf-8')
    .send(errorBody(error, reply.request.id));
}

/**
 * One error path for the whole app: every error leaves in the envelope; unexpected ones become
 * INTERNAL_ERROR with no internal detail in the body (the detail goes to the log with the request id).
 */
export function installErrorHandling(app: FastifyInstance): void {
  app.decorateRequest('errorCode', null);
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const apiError = toApiError(error);
    if (apiError.status >= 500) request.log.error({ err: error }, 'request failed');
    return sendApiError(reply, apiError);
  });

  app.setNotFoundHandler((request: FastifyRequest, reply) => {
    const path = request.url.split('?')[0];
    const allowed = METHODS.filter((m) => m !== request.method && app.findRoute({ method: m, url: path }));
    if (allowed.length > 0) {
      reply.header('Allow', allowed.join(', '));
      return sendApiError(
        reply,
        new ApiError(
          'METHOD_NOT_ALLOWED',
          `${request.method} is not allowed on ${shortPath(path)}; use ${allowed.join(' or ')}.`,
        ),
      );
    }
    return sendApiError(
      reply,
      new ApiError('NOT_FOUND', `No route ${request.method} ${shortPath(path)}. See /docs.`),
    );
  });
}
