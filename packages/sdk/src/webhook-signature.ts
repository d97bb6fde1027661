import { WcsError } from './errors.ts';
import type { Event } from './types.ts';

/** Why a delivery was refused. */
export type WebhookSignatureFailure =
  | 'missing_header'
  | 'malformed_header'
  | 'timestamp_outside_tolerance'
  | 'no_matching_signature'
  | 'invalid_payload';

/** A delivery that must not be trusted: answer it with a 400 and do nothing. */
export class WcsWebhookSignatureError extends WcsError {
  readonly reason: WebhookSignatureFailure;

  constructor(reason: WebhookSignatureFailure, message: string) {
    super(message);
    this.reason = reason;
  }
}

export interface VerifyWebhookOptions {
  /** How far `t` may be from now, in seconds (default 300): an older delivery is refused as a replay. */
  toleranceSeconds?: number;
  /** The current time (default: the system clock). */
  now?: () => Date;
}

const encoder = new TextEncoder();

/**
 * Checks a delivery's `WCS-Signature` header (`t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`,
 * keyed with the endpoint's secret exactly as shown, `whsec_` included) and returns the event. Give the
 * body as received, before any JSON parsing. `secret` may be several secrets (during a rotation you hold
 * the old and the new); the delivery is accepted when any `v1` matches any of them. Comparison is
 * constant-time (Web Crypto's HMAC verify), so it works in Node.js 20+, browsers and edge runtimes.
 */
export async function verifyWebhookSignature(
  rawBody: string | Uint8Array,
  header: string | null | undefined,
  secret: string | readonly string[],
  options: VerifyWebhookOptions = {},
): Promise<Event> {
  if (!header) throw new WcsWebhookSignatureError('missing_header', 'No WCS-Signature header.');
  const { timestamp, signatures } = parseHeader(header);
  const tolerance = options.toleranceSeconds ?? 300;
  const now = (options.now?.() ?? new Date()).getTime() / 1000;
  if (Math.abs(now - timestamp) > tolerance) {
    throw new WcsWebhookSignatureError(
      'timestamp_outside_tolerance',
      `The signature's timestamp is more than ${tolerance} s from now: refused as a possible replay.`,
    );
  }
  const body = typeof rawBody === 'string' ? encoder.encode(rawBody) : rawBody;
  const signed = concat(encoder.encode(`${timestamp}.`), body);
  const secrets = typeof secret === 'string' ? [secret] : secret;
  if (!(await anyMatches(secrets, signatures, signed))) {
    throw new WcsWebhookSignatureError(
      'no_matching_signature',
      'No signature matches the secret: check the secret, and that the body is the raw body as received.',
    );
  }
  try {
    return JSON.parse(new TextDecoder().decode(body)) as Event;
  } catch {
    throw new WcsWebhookSignatureError('invalid_payload', 'The signed body is not JSON.');
  }
}

function parseHeader(header: string): { timestamp: number; signatures: Uint8Array<ArrayBuffer>[] } {
  let timestamp: number | undefined;
  const signatures: Uint8Array<ArrayBuffer>[] = [];
  for (const part of header.split(',')) {
    const at = part.indexOf('=');
    const key = part.slice(0, at).trim();
    const value = part.slice(at + 1).trim();
    if (key === 't' && /^\d+$/.test(value)) timestamp = Number(value);
    // Schemes other than v1 are ignored, so a receiver keeps working when one is added.
    if (key === 'v1' && /^[0-9a-f]{64}$/i.test(value)) signatures.push(fromHex(value));
  }
  if (timestamp === undefined || signatures.length === 0) {
    throw new WcsWebhookSignatureError('malformed_header', 'WCS-Signature has no t= or no v1= signature.');
  }
  return { timestamp, signatures };
}

async function anyMatches(
  secrets: readonly string[],
  signatures: Uint8Array<ArrayBuffer>[],
  signed: Uint8Array<ArrayBuffer>,
): Promise<boolean> {
  for (const secret of secrets) {
    const key = await globalThis.crypto.subtle.importKey(
      'raw',
      encoder.encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['verify'],
    );
    for (const signature of signatures) {
      if (await globalThis.crypto.subtle.verify('HMAC', key, signature, signed)) return true;
    }
  }
  return false;
}

function fromHex(hex: string): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}
