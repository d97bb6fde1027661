import ipaddr from 'ipaddr.js';

/**
 * The network a request comes from, as the per-client log-in limit counts it: an IPv4 address, or the
 * /64 an IPv6 address belongs to. A subscriber is given at least a /64 (RIPE-690 recommends a /48 or
 * /56), so counting single IPv6 addresses would let one client change address on every attempt.
 * IPv4-mapped IPv6 addresses count as IPv4.
 */
export function clientNetwork(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.toString();
  const parts = (address as ipaddr.IPv6).parts.slice(0, 4);
  return `${parts.map((p) => p.toString(16)).join(':')}::/64`;
}
