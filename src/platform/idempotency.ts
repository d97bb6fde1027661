import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { Type } from 'typebox';
import { ApiError } from './errors.ts';

/**
 * Idempotent creates, one piece for any POST (Stripe's convention): a route opts in with
 * `config: { idempotency }`, saying how to find what a key produced in the caller's scope; this
 * plugin reads and checks the `Idempotency-Key` header, hashes the body that validation accepted,
 * answers a replay (`Idempotent-Replayed: true`, never spending quota) or refuses a key reused with
 * another body, and hands the route `request.idempotency` to store beside what it creates, in the same
 * transaction, so a concurrent retry cannot create a second one.
 */

/** What a key produced earlier: the hash of the body it came with and the response it was answered. */
export interface IdempotentRecord {
  requestHash: string;
  status: number;
  /** The JSON response body, byte for byte. */
  body: string;
}

export interface IdempotentRoute {
  /** What `key` produced in this request's scope (organisation and mode) within its window. */
  find(request: FastifyRequest, key: string): Promise<IdempotentRecord | undefined>;
}

/** The key and body hash a route stores beside what it creates. */
export interface IdempotencyClaim {
  key: string;
  requestHash: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Makes a POST route idempotent under an `Idempotency-Key` header (installIdempotency). */
    idempotency?: IdempotentRoute;
  }
  interface FastifyRequest {
    /** Set when the request carries a new Idempotency-Key for an idempotent route. */
    idempotency: IdempotencyClaim | null;
    /** True when the response is a replay of an earlier one: it creates nothing and is not billed. */
    idempotentReplay: boolean;
  }
}

/** Stripe's limit; keys are usually UUIDs. */
const MAX_KEY_LENGTH = 255;

const KeyHeaders = Type.Object({
  'idempotency-key': Type.Optional(
    // Length is checked by idempotencyKeyOf, so every malformed key gets the same plain message.
    Type.String({
      examples: ['5f0c7a7e-2d4b-4e8f-9a51-1c3b2d6e8f90'],
      description:
        'One to 255 characters, e.g. a UUID. Makes a retry safe: the same key and body within 24 hours returns the first response (with `Idempotent-Replayed: true`) instead of creating again; the same key with another body is refused with 422 IDEMPOTENCY_KEY_REUSED.',
    }),
  ),
});

/**
 * Installs idempotency on a scope. Install it before the limits' preHandler (installLimits), so the
 * order of checks is: authenticate -> rate limit -> validation -> idempotency replay -> monthly quota.
 */
export function installIdempotency(scope: FastifyInstance): void {
  scope.decorateRequest('idempotency', null);
  scope.decorateRequest('idempotentReplay', false);

  scope.addHook('onRoute', documentKeyHeader);

  // preHandler, after validation: what is hashed is the body the schema accepted, never raw input.
  scope.addHook('preHandler', async (request, reply) => {
    const route = request.routeOptions.config.idempotency;
    if (!route) return;
    const key = idempotencyKeyOf(request);
    if (!key) return;
    const requestHash = bodyHash(request.body);
    const earlier = await route.find(request, key);
    if (!earlier) {
      request.idempotency = { key, requestHash };
      return;
    }
    if (earlier.requestHash !== requestHash) throw new ApiError('IDEMPOTENCY_KEY_REUSED');
    return sendReplay(request, reply, earlier.status, earlier.body);
  });
}

/**
 * Answers with a stored response as a replay. Routes call it when a concurrent request with the same
 * key committed first, so the loser answers exactly as a later retry would.
 */
export function sendReplay(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  body: string,
): FastifyReply {
  request.idempotentReplay = true;
  return reply
    .header('Idempotent-Replayed', 'true')
    .code(status)
    .type('application/json; charset=utf-8')
    .send(body);
}

/** Documents the header on every route that opts in (unless the route documents headers itself). */
function documentKeyHeader(route: RouteOptions): void {
  if (!route.config?.idempotency || !route.schema || route.schema.headers) return;
  route.schema.headers = KeyHeaders;
}

/** More than one Idempotency-Key line among a request's raw headers (name, value, name, value...). */
function sentTwice(rawHeaders: string[]): boolean {
  let seen = 0;
  for (let i = 0; i < rawHeaders.length; i += 2) {
    if (rawHeaders[i].length === 15 && rawHeaders[i].toLowerCase() === 'idempotency-key' && ++seen > 1)
      return true;
  }
  return false;
}

/**
 * The request's `Idempotency-Key`, or undefined when it sent none. A key that is empty, too long or
 * sent twice is refused rather than ignored: ignoring it would create a duplicate on a retry.
 */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const raw = request.headers['idempotency-key'];
  if (raw === undefined) return undefined;
  // Node joins a repeated header into one value ("a, b"); its raw headers still tell them apart.
  const key = Array.isArray(raw) || sentTwice(request.raw.rawHeaders) ? undefined : raw.trim();
  if (!key || key.length > MAX_KEY_LENGTH) {
    throw new ApiError(
      'INVALID_REQUEST',
      `The Idempotency-Key header must be one value of 1 to ${MAX_KEY_LENGTH} characters, e.g. a UUID.`,
      [{ field: 'Idempotency-Key', issue: `must be 1 to ${MAX_KEY_LENGTH} characters` }],
    );
  }
  return key;
}

/** Validated bodies nest a few levels; the guard keeps a schema that allows free JSON from recursing far. */
const MAX_DEPTH = 32;

/** JSON with object keys sorted at every level: equal bodies give equal text whatever the key order. */
export function canonicalJson(value: unknown, depth = 0): string {
  if (depth > MAX_DEPTH) {
    throw new ApiError('INVALID_REQUEST', `The request body is nested more than ${MAX_DEPTH} levels deep.`, [
      { field: '/', issue: `must not nest more than ${MAX_DEPTH} levels` },
    ]);
  }
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v, depth + 1)).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v, depth + 1)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** What "the same body" means for a replay: the same JSON value, however it was spaced or ordered. */
export function bodyHash(body: unknown): string {
  return createHash('sha256').update(canonicalJson(body)).digest('hex');
}
