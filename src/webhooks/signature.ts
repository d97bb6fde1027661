import { createHmac, randomBytes } from 'node:crypto';

/** A new signing secret, shown to the user once: `whsec_` and 32 random bytes. */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

/**
 * The `WCS-Signature` header (Stripe's scheme): `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`
 * keyed with the secret exactly as shown. During a rotation the payload is signed with each secret still
 * valid, one `v1=` each, so a receiver holding either one verifies it.
 */
export function signatureHeader(secrets: string[], timestamp: number, body: string): string {
  const signed = `${timestamp}.${body}`;
  const parts = secrets.map((secret) => `v1=${createHmac('sha256', secret).update(signed).digest('hex')}`);
  return [`t=${timestamp}`, ...parts].join(',');
}
