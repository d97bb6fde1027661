import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { lookup as dnsLookupAsync } from 'node:dns/promises';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/** Why a webhook URL, or the address its host resolved to, may not be called. */
export class UnsafeUrlError extends Error {
  override name = 'UnsafeUrlError';
}

export interface UrlPolicy {
  /** Loopback addresses may be called, over http too (src/webhooks/loopback-rule.ts decides when). */
  allowHttpLoopback: boolean;
  /** When they may not: what would allow them, added to a refusal of a loopback address. */
  loopbackRule?: string;
}

/** ", which is not a public internet address", and for a loopback address what would allow it. */
function notPublic(address: string, policy: UrlPolicy): string {
  const rule = policy.loopbackRule && rangeOf(address) === 'loopback' ? `; ${policy.loopbackRule}` : '';
  return `, which is not a public internet address${rule}`;
}

/**
 * Whether an address is on the public internet. Everything ipaddr.js does not class as `unicast` is
 * refused: private (RFC 1918, RFC 4193), loopback, link-local (which holds the cloud metadata address
 * 169.254.169.254), carrier-grade NAT, multicast, reserved, unspecified, and the IPv6 transition ranges
 * 6to4 and Teredo. An IPv6 address that carries an IPv4 address is judged by that IPv4 address
 * (rangeOf), so `[::7f00:1]` is loopback however it is spelt.
 */
export function isPublicAddress(address: string, policy: UrlPolicy): boolean {
  if (!ipaddr.isValid(address)) return false;
  const range = rangeOf(address);
  if (range === 'loopback') return policy.allowHttpLoopback;
  return range === 'unicast';
}

/**
 * The ipaddr.js range an address is judged by. For the IPv6 forms that carry an IPv4 address in their
 * last 32 bits and reach it, that is the IPv4 address's range:
 * - IPv4-compatible `::/96` (RFC 4291 2.5.5.1, deprecated but still routed to the IPv4 host by some
 *   stacks), except `::` and `::1`, which are IPv6's own unspecified and loopback addresses;
 * - IPv4-mapped `::ffff:0:0/96` (RFC 4291 2.5.5.2);
 * - NAT64's well-known prefix `64:ff9b::/96` (RFC 6052), which a DNS64 resolver returns for every IPv4
 *   host, so public ones stay reachable from an IPv6-only network;
 * - NAT64's local-use prefix `64:ff9b:1::/48` (RFC 8215), in the /96 layout only. Its operator may
 *   choose a longer or shorter prefix, which puts the IPv4 address elsewhere (RFC 6052 2.2), so any
 *   other address in it carries an address we cannot read and is refused as `reserved`.
 */
function rangeOf(address: string): string {
  const ip = ipaddr.parse(address);
  if (ip.kind() === 'ipv4') return ip.range();
  const parts = (ip as ipaddr.IPv6).parts;
  const zero = (from: number, to: number) => parts.slice(from, to).every((p) => p === 0);
  const carried = ipaddr.IPv4.parse(
    [parts[6] >> 8, parts[6] & 0xff, parts[7] >> 8, parts[7] & 0xff].join('.'),
  );
  const compatible = zero(0, 6) && !(parts[6] === 0 && parts[7] <= 1);
  const mapped = zero(0, 5) && parts[5] === 0xffff;
  const nat64 = parts[0] === 0x64 && parts[1] === 0xff9b;
  if (compatible || mapped || (nat64 && zero(2, 6))) return carried.range();
  if (nat64 && parts[2] === 1) return zero(3, 6) ? carried.range() : 'reserved';
  return ip.range();
}

/**
 * A port the URL may name: 1 to 65535 (RFC 6335 6: port 0 is reserved and cannot be connected to, and
 * a port is 16 bits). The WHATWG URL parser rejects a port above 65535 as an invalid URL, so when
 * parsing fails the text is read for such a port, to say which rule it broke.
 */
function assertPortInRange(raw: string, url?: URL): void {
  const port = url
    ? url.port
    : /^[a-z][a-z\d+.-]*:\/\/(?:[^/?#]*@)?(?:\[[^\]/?#]*\]|[^:/?#]*):(\d+)(?:[/?#]|$)/i.exec(raw)?.[1];
  if (port === undefined || port === '') return;
  const value = Number(port);
  if (value === 0 || value > 65535) {
    throw new UnsafeUrlError(`has port ${port.replace(/^0+(?=\d)/, '')}, but a port must be from 1 to 65535`);
  }
}

/**
 * Checks a webhook URL as given (scheme, credentials, port, literal addresses). Its host's DNS answers
 * are checked when it is saved (assertResolvesPublicly) and again on every delivery (safeLookup), so a
 * name that later rebinds to a private address is still refused.
 */
export function checkUrlShape(raw: string, policy: UrlPolicy): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    assertPortInRange(raw);
    throw new UnsafeUrlError('is not an absolute URL');
  }
  if (url.username || url.password) throw new UnsafeUrlError('must not contain a user name or password');
  assertPortInRange(raw, url);
  const host = hostOf(url);
  const literal = ipaddr.isValid(host) ? host : undefined;
  if (url.protocol === 'http:') {
    const loopback = host === 'localhost' || (literal !== undefined && rangeOf(literal) === 'loopback');
    if (loopback && !policy.allowHttpLoopback && policy.loopbackRule) {
      throw new UnsafeUrlError(`must use https; ${policy.loopbackRule}`);
    }
    if (!(policy.allowHttpLoopback && loopback)) throw new UnsafeUrlError('must use https');
  } else if (url.protocol !== 'https:') {
    throw new UnsafeUrlError('must use https');
  }
  if (literal !== undefined && !isPublicAddress(literal, policy)) {
    throw new UnsafeUrlError(`points at ${literal}${notPublic(literal, policy)}`);
  }
  return url;
}

/** The URL's host without IPv6 brackets. */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

/** Every address a name resolves to; the system resolver unless a test passes its own answers. */
export type ResolveAll = (host: string) => Promise<LookupAddress[]>;

const systemResolver: ResolveAll = (host) => dnsLookupAsync(host, { all: true });

/** Resolves the URL's host now and refuses it if any address it resolves to is not public. */
export async function assertResolvesPublicly(
  url: URL,
  policy: UrlPolicy,
  resolve: ResolveAll = systemResolver,
): Promise<void> {
  const host = hostOf(url);
  if (ipaddr.isValid(host)) return;
  let addresses: LookupAddress[];
  try {
    addresses = await resolve(host);
  } catch {
    throw new UnsafeUrlError(`host ${host} does not resolve`);
  }
  const refused = addresses.find((a) => !isPublicAddress(a.address, policy));
  if (refused)
    throw new UnsafeUrlError(
      `host ${host} resolves to ${refused.address}${notPublic(refused.address, policy)}`,
    );
}

/**
 * A DNS lookup for outbound webhook connections that refuses the whole name if any answer is not a
 * public address, so the connection is made only to an address that was checked (no rebinding between
 * the check and the connect).
 */
export function safeLookup(policy: UrlPolicy, lookup: typeof dnsLookup = dnsLookup): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 4);
      const list = addresses as LookupAddress[];
      const refused = list.find((a) => !isPublicAddress(a.address, policy));
      if (refused || list.length === 0) {
        const why = new UnsafeUrlError(
          refused
            ? `host ${hostname} resolves to ${refused.address}${notPublic(refused.address, policy)}`
            : `host ${hostname} resolves to nothing, which is not a public internet address`,
        );
        return callback(Object.assign(why, { code: 'EADDRNOTPUBLIC' }), '', 4);
      }
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
      callback(null, list[0].address, list[0].family);
    });
  };
}
