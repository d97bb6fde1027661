import ipaddr from 'ipaddr.js';
import type { KeyMode } from '../accounts/api-key-format.ts';
import { type Config, trustProxyOption } from '../config.ts';
import type { UrlPolicy } from './url-safety.ts';

/** What decides whether an endpoint may use http on a loopback address (docs/webhooks.md). */
export interface LoopbackSettings {
  /** WEBHOOKS_ALLOW_HTTP_LOOPBACK: every endpoint, live ones too, may. */
  allowHttpLoopback: boolean;
  /** The service can only be reached from this machine (serviceIsLocal). */
  serviceIsLocal: boolean;
}

/**
 * Whether the service can only be reached from the machine it runs on: it listens on a loopback address
 * alone (HOST), is not told it sits behind a proxy (TRUST_PROXY) and has no address elsewhere
 * (PUBLIC_URL unset or itself on loopback). Only then is everyone who holds one of its test keys on
 * this machine already, so a test endpoint on loopback reaches nothing they could not reach themselves.
 * A server behind a reverse proxy on the same host also listens on loopback, but says so by
 * PUBLIC_URL or TRUST_PROXY, and there a loopback endpoint would let anyone with a key make the
 * service call the host's own ports (SSRF).
 */
export function serviceIsLocal(config: Pick<Config, 'HOST' | 'PUBLIC_URL' | 'TRUST_PROXY'>): boolean {
  if (!isLoopbackHost(config.HOST)) return false;
  if (trustProxyOption(config.TRUST_PROXY) !== false) return false;
  if (config.PUBLIC_URL === undefined) return true;
  return URL.canParse(config.PUBLIC_URL) && isLoopbackHost(new URL(config.PUBLIC_URL).hostname);
}

/** `localhost`, or an address in 127.0.0.0/8 or ::1 (bracketed or not, IPv4-mapped included). */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  if (bare === 'localhost') return true;
  if (!ipaddr.isValid(bare)) return false;
  return ipaddr.process(bare).range() === 'loopback';
}

const ADDRESSES = 'loopback addresses (127.0.0.1, ::1, localhost)';
const LOCAL_SERVICE =
  'while this service listens on loopback alone (HOST=127.0.0.1 or ::1) with PUBLIC_URL unset and TRUST_PROXY=false';
const SETTING = 'WEBHOOKS_ALLOW_HTTP_LOOPBACK=true';

/**
 * The policy for endpoints of one mode. A test-mode endpoint may use http on loopback while the service
 * is local (a developer's machine, a CI job); a live one only with the operator's setting. The refusal
 * names what would allow it.
 */
export function urlPolicyFor(mode: KeyMode, settings: LoopbackSettings): UrlPolicy {
  if (settings.allowHttpLoopback || (mode === 'test' && settings.serviceIsLocal)) {
    return { allowHttpLoopback: true };
  }
  const loopbackRule =
    mode === 'test'
      ? `${ADDRESSES} are allowed for test-mode endpoints ${LOCAL_SERVICE}, or when the operator sets ${SETTING}`
      : `${ADDRESSES} are allowed for live endpoints only when the operator sets ${SETTING} (test-mode endpoints may use them ${LOCAL_SERVICE})`;
  return { allowHttpLoopback: false, loopbackRule };
}
