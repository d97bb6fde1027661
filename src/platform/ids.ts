import { randomBytes, randomFillSync } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/**
 * Random bytes drawn from the system's CSPRNG a pool at a time, as crypto.randomInt does: one call per
 * byte or per id costs far more than the few bytes it returns.
 */
const pool = Buffer.alloc(4096);
let poolAt = pool.length;

function randomByte(): number {
  if (poolAt === pool.length) {
    randomFillSync(pool);
    poolAt = 0;
  }
  return pool[poolAt++];
}

/**
 * Cryptographically random text over `alphabet` (at most 256 characters). Rejection sampling keeps
 * every character equally likely: bytes at or above the largest multiple of the alphabet's size are
 * drawn again.
 */
export function randomText(alphabet: string, length: number): string {
  const even = 256 - (256 % alphabet.length);
  let out = '';
  while (out.length < length) {
    const byte = randomByte();
    if (byte < even) out += alphabet[byte % alphabet.length];
  }
  return out;
}

/** Cryptographically random base62 text: a 32-character body carries ~190 bits. */
export function randomBase62(length: number): string {
  return randomText(BASE62, length);
}

/** Readable, prefixed identifiers in Stripe's style: `org_…`, `key_…`, `req_…`. */
export function newId(prefix: string, length = 20): string {
  return `${prefix}_${randomBase62(length)}`;
}

/** Characters of a time-ordered id's time: 62^8 ms is about 6,900 years after 1970. */
const TIME_CHARS = 8;

/**
 * As newId, but beginning with the creation time (milliseconds, base62, fixed width), then random: ids
 * made one after another sort together, so a batch of inserts lands on the last page of the primary
 * key's index rather than on a random page each (fewer pages to write at every commit). For rows
 * written at a high rate whose ids need not hide when they were made (events and their deliveries
 * carry their creation time anyway); `length - 8` random characters keep them unguessable.
 */
export function newTimeOrderedId(prefix: string, length = 24, now = Date.now()): string {
  let time = '';
  for (let left = now, i = 0; i < TIME_CHARS; i++, left = Math.floor(left / 62)) {
    time = BASE62[left % 62] + time;
  }
  return `${prefix}_${time}${randomBase62(length - TIME_CHARS)}`;
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
