/** A signing link's token: 32 random bytes in base64url. Anything else is not looked up. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export function isSigningToken(token: string): boolean {
  return TOKEN.test(token);
}

/**
 * The token in the URL is the signer's only credential: no inline script or style (so the policy can
 * forbid both), no framing, no Referer to carry the URL elsewhere, no copy in any cache
 * (OWASP Content Security Policy and Clickjacking Defense Cheat Sheets).
 */
export const SECURITY_HEADERS = {
  'content-security-policy':
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'x-robots-tag': 'noindex, nofollow',
};
