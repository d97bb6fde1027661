import type { FastifyInstance } from 'fastify';
import { ApiError } from '../platform/errors.ts';
import type { AccountService, AuthContext } from './account-service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext;
  }
  interface FastifyContextConfig {
    /** false for routes that cost no monthly quota (usage, catalogue look-ups). */
    billable?: boolean;
  }
}

const MESSAGES = {
  MISSING: 'No API key: send it as "Authorization: Bearer <key>".',
  MALFORMED: 'The API key is invalid: expected "Authorization: Bearer wcs_live_…" or "wcs_test_…".',
  UNKNOWN: 'The API key is invalid: no such key.',
  REVOKED: 'The API key has been revoked: create a new one in the portal or with `wcs key create`.',
} as const;

/** Authenticates every request in the scope it is installed in (the /v1 routes). */
export function installAuthentication(scope: FastifyInstance, accounts: AccountService): void {
  scope.decorateRequest('auth', null as unknown as AuthContext);
  scope.addHook('onRequest', async (request) => {
    const result = await accounts.verify(request.headers.authorization);
    if (!result.valid) {
      // RFC 6750 s3: a 401 names the scheme; error="invalid_token" when a key was sent and refused.
      const challenge =
        result.reason === 'MISSING' ? 'Bearer realm="api"' : 'Bearer realm="api", error="invalid_token"';
      throw new ApiError('INVALID_API_KEY', MESSAGES[result.reason], undefined, {
        'WWW-Authenticate': challenge,
      });
    }
    request.auth = result.auth;
  });
}
