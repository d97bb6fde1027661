import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { lookup as dnsLookupAsync } from 'node:dns/promises';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/** Why a webhook URL, or the address its host resolved to, may not be called. */
export class UnsafeUrlError extends Error {
  override name = 'UnsafeUrlError';
}

export interface UrlPolicy {
  /** WEBHOOKS_ALLOW_HTTP_LOOPBACK: local development and tests may use http:// on loopback. */
  allowHttpLoopback: boolean;
}

/**
 * Whether an address is on the public internet. Everything ipaddr.js does not class as `unicast` is
 * refused: private (RFC 1918, RFC 4193), loopback, link-local (which holds the cloud metadata address
 * 169.254.169.254), carrier-grade NAT, multicast, reserved, unspecified, and the IPv6 transition ranges
 * that can reach them (6to4, Teredo, NAT64 are judged by the IPv4 address they carry when mapped).
 */
export function isPublicAddress(address: string, policy: UrlPolicy): boolean {
  if (!ipaddr.isValid(address)) return false;
  const ip = ipaddr.process(address);
  const range = ip.range();
  if (range === 'loopback') return policy.allowHttpLoopback;
  return range === 'unicast';
}

/**
 * Checks a webhook URL as given (scheme, credentials, literal addresses). Its host's DNS answers are
 * checked when it is saved (assertResolvesPublicly) and again on every delivery (safeLookup), so a name
 * that later rebinds to a private address is still refused.
 */
export function checkUrlShape(raw: string, policy: UrlPolicy): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UnsafeUrlError('is not an absolute URL');
  }
  if (url.username || url.password) throw new UnsafeUrlError('must not contain a user name or password');
  const host = hostOf(url);
  const literal = ipaddr.isValid(host) ? host : undefined;
  if (url.protocol === 'http:') {
    const loopback =
      host === 'localhost' || (literal !== undefined && ipaddr.process(literal).range() === 'loopback');
    if (!(policy.allowHttpLoopback && loopback)) throw new UnsafeUrlError('must use https');
  } else if (url.protocol !== 'https:') {
    throw new UnsafeUrlError('must use https');
  }
  if (literal !== undefined && !isPublicAddress(literal, policy)) {
    throw new UnsafeUrlError(`points at ${literal}, which is not a public internet address`);
  }
  return url;
}

/** The URL's host without IPv6 brackets. */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

/** Resolves the URL's host now and refuses it if any address it resolves to is not public. */
export async function assertResolvesPublicly(url: URL, policy: UrlPolicy): Promise<void> {
  const host = hostOf(url);
  if (ipaddr.isValid(host)) return;
  let addresses: LookupAddress[];
  try {
    addresses = await dnsLookupAsync(host, { all: true });
  } catch {
    throw new UnsafeUrlError(`host ${host} does not resolve`);
  }
  const refused = addresses.find((a) => !isPublicAddress(a.address, policy));
  if (refused)
    throw new UnsafeUrlError(
      `host ${host} resolves to ${refused.address}, which is not a public internet address`,
    );
}

/**
 * A DNS lookup for outbound webhook connections that refuses the whole name if any answer is not a
 * public address, so the connection is made only to an address that was checked (no rebinding between
 * the check and the connect).
 */
export function safeLookup(policy: UrlPolicy): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 4);
      const list = addresses as LookupAddress[];
      const refused = list.find((a) => !isPublicAddress(a.address, policy));
      if (refused || list.length === 0) {
        const why = new UnsafeUrlError(
          `host ${hostname} resolves to ${refused?.address ?? 'nothing'}, which is not a public internet address`,
        );
        return callback(Object.assign(why, { code: 'EADDRNOTPUBLIC' }), '', 4);
      }
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
      callback(null, list[0].address, list[0].family);
    });
  };
}
