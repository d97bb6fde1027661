import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { basicCredentials, boom, type Outcome } from './dwt-stand-in-http.ts';

/**
 * DWT's access tokens: Cognito's client-credentials grant (waste-tracking-service
 * docs/api-authentication-guide.md) and the bearer check in front of the Receipt API
 * (waste-movement-external-api src/plugins/jwt-auth.js, which uses @hapi/jwt). Tokens here are opaque;
 * a client must not read anything into them beyond `expires_in`.
 */
export class CognitoTokens {
  /** Access token -> expiry in ms. */
  readonly #expiries = new Map<string, number>();

  readonly #client: { clientId: string; clientSecret: string };
  readonly #expiresIn: number;
  readonly #now: () => number;

  constructor(client: { clientId: string; clientSecret: string }, expiresIn: number, now: () => number) {
    this.#client = client;
    this.#expiresIn = expiresIn;
    this.#now = now;
  }

  /** POST /oauth2/token: credentials in a Basic header (as the guide sends them), or in the form. */
  issue(req: IncomingMessage, raw: Buffer): Outcome {
    const invalid = (error: string) => ({ status: 400, body: { error } });
    const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
    if (req.method !== 'POST' || type !== 'application/x-www-form-urlencoded')
      return invalid('invalid_request');
    const form = new URLSearchParams(raw.toString('utf8'));
    const [id, secret] = basicCredentials(req.headers.authorization) ?? [
      form.get('client_id'),
      form.get('client_secret'),
    ];
    if (!form.get('grant_type')) return invalid('invalid_request');
    if (id !== this.#client.clientId || secret !== this.#client.clientSecret) {
      return invalid('invalid_client');
    }
    if (form.get('grant_type') !== 'client_credentials') return invalid('unsupported_grant_type');
    const token = randomBytes(32).toString('base64url');
    this.#expiries.set(token, this.#now() + this.#expiresIn * 1000);
    return { status: 200, body: { access_token: token, expires_in: this.#expiresIn, token_type: 'Bearer' } };
  }

  /** null when the bearer token is good; else the 401 @hapi/jwt gives (lib/plugin.js, lib/token.js). */
  refusal(header: string | undefined): Outcome | null {
    const deny = (message: string | null) => ({
      status: 401,
      body: boom(401, message ?? 'Missing authentication'),
      headers: { 'www-authenticate': message ? `Bearer error="${message}"` : 'Bearer' },
    });
    const parts = (header ?? '').split(/\s+/);
    if (!header || parts[0].toLowerCase() !== 'bearer' || !parts[1]) return deny(null);
    if (parts.length !== 2) return deny('Bad HTTP authentication header format');
    const expiry = this.#expiries.get(parts[1]);
    // A token DWT's Cognito did not sign fails its signature check.
    if (expiry === undefined) return deny('Invalid token signature');
    if (expiry <= this.#now()) return deny('Token expired');
    return null;
  }

  expireAll(): void {
    for (const token of this.#expiries.keys()) this.#expiries.set(token, 0);
  }

  clear(): void {
    this.#expiries.clear();
  }
}
