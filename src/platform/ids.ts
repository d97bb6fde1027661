import { randomBytes, randomInt } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/**
 * Cryptographically random base62 text. Rejection sampling (randomInt) keeps every character equally
 * likely, so a 32-character body carries ~190 bits.
 */
export function randomBase62(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += BASE62[randomInt(62)];
  return out;
}

/** Readable, prefixed identifiers in Stripe's style: `org_…`, `key_…`, `req_…`. */
export function newId(prefix: string, length = 20): string {
  return `${prefix}_${randomBase62(length)}`;
}

const ID_BODY = /^[A-Za-z0-9]{1,64}$/;

/**
 * Whether `id` could have been made by newId(prefix). Any other text names nothing of ours, so a store
 * answers "not found" without a query: PostgreSQL cannot even compare text holding a NUL.
 */
export function isIdOf(prefix: string, id: string): boolean {
  return id.startsWith(`${prefix}_`) && ID_BODY.test(id.slice(prefix.length + 1));
}

// Request ids need to be unique, not secret: a random per-process prefix (so instances never collide)
// and a counter cost nothing per request, unlike drawing fresh random bytes each time.
const processPrefix = randomBytes(9).toString('base64url');
let requestCounter = 0;

/** A unique request id, e.g. `req_Qm3xY0aZ-t1c000042`. */
export function newRequestId(): string {
  requestCounter = (requestCounter + 1) % 2_176_782_336; // 36^6
  return `req_${processPrefix}${requestCounter.toString(36).padStart(6, '0')}`;
}
