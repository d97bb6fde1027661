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

/** A fast, non-secret request id (not used for anything that must be unguessable). */
export function newRequestId(): string {
  return `req_${randomBytes(12).toString('base64url')}`;
}
