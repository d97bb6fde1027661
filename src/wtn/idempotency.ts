import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../platform/errors.ts';

/** Stripe's limit; keys are usually UUIDs. */
const MAX_KEY_LENGTH = 255;

/**
 * The request's `Idempotency-Key`, or undefined when it sent none. A key that is empty, too long or
 * sent twice is refused rather than ignored: ignoring it would create a duplicate on a retry.
 */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const raw = request.headers['idempotency-key'];
  if (raw === undefined) return undefined;
  const key = Array.isArray(raw) ? undefined : raw.trim();
  if (!key || key.length > MAX_KEY_LENGTH) {
    throw new ApiError(
      'INVALID_REQUEST',
      `The Idempotency-Key header must be one value of 1 to ${MAX_KEY_LENGTH} characters, e.g. a UUID.`,
      [{ field: 'Idempotency-Key', issue: `must be 1 to ${MAX_KEY_LENGTH} characters` }],
    );
  }
  return key;
}

/** No request of ours nests deeper than a few levels; a deeper body is refused before it is walked. */
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
export function requestHash(body: unknown): string {
  return createHash('sha256').update(canonicalJson(body)).digest('hex');
}
