import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * What a receiver does with `WCS-Signature` (written from the documented scheme, not from the service's
 * code): every `v1` is an HMAC-SHA256 of "<t>.<raw body>" keyed with the endpoint's secret.
 */
export function verifies(header: string | string[] | undefined, body: string, secret: string): boolean {
  if (typeof header !== 'string') return false;
  const parts = header.split(',').map((p) => p.split('=') as [string, string]);
  const t = parts.find(([k]) => k === 't')?.[1];
  if (!t) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest();
  return parts
    .filter(([k]) => k === 'v1')
    .some(([, v]) => {
      const given = Buffer.from(v, 'hex');
      return given.length === expected.length && timingSafeEqual(given, expected);
    });
}
