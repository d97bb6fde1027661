import type { FastifyReply, FastifyRequest } from 'fastify';
import type { OrganisationRow } from '../accounts/tables.ts';
import type { Config } from '../config.ts';
import type { PortalSessionRow, PortalUserRow } from './tables.ts';
import type { PageContext } from './views/components.ts';

/** Who is signed in on this request, loaded from the session cookie. */
export interface PortalAccount {
  user: PortalUserRow;
  organisation: OrganisationRow;
  session: PortalSessionRow;
}

declare module 'fastify' {
  interface FastifyRequest {
    portalAccount: PortalAccount | null;
  }
}

export interface CookieNames {
  session: string;
  csrf: string;
  /** The device cookie: this browser has logged in to an account before (trusted-devices.ts). */
  device: string;
}

/**
 * Cookie names. Over HTTPS they carry the `__Host-` prefix, which browsers accept only with Secure,
 * Path=/ and no Domain, so a sibling subdomain cannot plant a session or CSRF cookie (RFC 6265bis 4.1.3.2).
 */
export function cookieNames(secure: boolean): CookieNames {
  const prefix = secure ? '__Host-' : '';
  return { session: `${prefix}wcs_session`, csrf: `${prefix}wcs_csrf`, device: `${prefix}wcs_device` };
}

export function servedOverHttps(config: Config): boolean {
  return config.PUBLIC_URL?.startsWith('https://') ?? false;
}

/** Where the API is reached, for the curl example: PUBLIC_URL when set, else the address the browser used. */
export function apiBase(config: Config, request: FastifyRequest): string {
  if (config.PUBLIC_URL) return config.PUBLIC_URL.replace(/\/+$/, '');
  return `${request.protocol}://${request.host}`;
}

/** Confirmations shown after a redirect, chosen by a code so no request text is ever echoed. */
const NOTICES: Record<string, string> = {
  'logged-out': 'You have logged out.',
  expired: 'Your session has ended. Log in again to continue.',
  welcome: 'Your account is ready. Create a test key below to make your first call.',
  revoked: 'Key revoked. Calls made with it are now refused.',
  'site-added': 'Site added. Record receipts at it with its site id, using a key of the same mode.',
  'site-archived': 'Site archived. It takes no new receipts; it and its receipts are kept.',
  'webhook-test-sent':
    'Test event queued: it is sent within seconds. Reload the page to see your receiver’s answer under Recent deliveries.',
  'webhook-disabled': 'Endpoint disabled. Nothing is sent to it until you enable it again.',
  'webhook-enabled': 'Endpoint enabled. Deliveries that were waiting are sent now.',
  'webhook-deleted': 'Endpoint deleted. No more events are sent to it.',
  'webhook-redelivered': 'Delivery queued again: it is sent within seconds, with a new 3-day retry window.',
  'webhook-enable-first': 'That endpoint is disabled. Enable it first, then try again.',
  'watch-added':
    'Carrier watched. It is checked against the register every day; changes become carrier.* events.',
  'watch-removed': 'Carrier no longer watched.',
  'receipt-in-dwt':
    'Receipt resolved: recorded as held by DWT under the waste tracking id you gave. It is not sent again.',
  'receipt-resend': 'Receipt resolved: DWT does not hold it, so it is being sent again now.',
  plan: 'Your plan has been changed. The new limits apply to every key from now on.',
  'password-changed':
    'Your password has been changed. Every other browser that was signed in to your account has been logged out.',
};

export function noticeFor(code: string | undefined): string | undefined {
  return code ? NOTICES[code] : undefined;
}

export interface Assets {
  css: string;
  js: string;
}

export function pageContext(request: FastifyRequest, reply: FastifyReply, assets: Assets): PageContext {
  const account = request.portalAccount;
  return {
    csrfToken: reply.generateCsrf(),
    assets,
    account: account ? { email: account.user.email, organisationName: account.organisation.name } : undefined,
  };
}

/** The signed-in account; a route guarded by `requireAccount` always has one. */
export function accountOf(request: FastifyRequest): PortalAccount {
  if (!request.portalAccount) throw new Error('portal route reached without a signed-in account');
  return request.portalAccount;
}

/** preHandler for pages that need a signed-in user: anyone else is sent to log in. */
export async function requireAccount(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (request.portalAccount) return;
  const hadSession = request.headers.cookie?.includes('wcs_session=') ?? false;
  return reply.redirect(hadSession ? '/portal/login?done=expired' : '/portal/login', 303);
}
