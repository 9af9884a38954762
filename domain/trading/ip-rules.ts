/**
 * IP permissions of live betting (account-platform.md section 1, live betting: IP permissions):
 * address ranges allowed or denied, IPv4 and IPv6 in CIDR notation. The server enforces them on
 * createCoupon for live tips; the back office validates a range with the same parser (ipaddr.js).
 */
import ipaddr from 'ipaddr.js';

/** A stored rule as the check reads it. */
export interface IpRule { cidr: string; action: 'allow' | 'deny' }

/** True for a CIDR range or a single address (IPv4 or IPv6). */
export function isIpRange(s: string): boolean {
  return ipaddr.isValidCIDR(s) || ipaddr.isValid(s);
}

/**
 * The canonical form of a range: its network address and prefix ('10.1.0.0/16', '2001:db8::/32');
 * a single address becomes a /32 or /128, so one range is stored once whatever its spelling.
 */
export function canonicalRange(s: string): string {
  const [addr, prefix] = ipaddr.isValidCIDR(s) ? ipaddr.parseCIDR(s) : (() => { const a = ipaddr.parse(s); return [a, a.kind() === 'ipv4' ? 32 : 128] as const; })();
  const net = addr.kind() === 'ipv4'
    ? ipaddr.IPv4.networkAddressFromCIDR(`${addr.toString()}/${prefix}`)
    : ipaddr.IPv6.networkAddressFromCIDR(`${addr.toString()}/${prefix}`);
  return `${net.toString()}/${prefix}`;
}

function inRange(addr: ipaddr.IPv4 | ipaddr.IPv6, cidr: string): boolean {
  try {
    let range = ipaddr.parseCIDR(cidr);
    // A range written IPv4-mapped ('::ffff:10.0.0.0/104') is the IPv4 range it maps, as the
    // address it is matched against is read as IPv4.
    const [net, bits] = range;
    if (net.kind() === 'ipv6' && (net as ipaddr.IPv6).isIPv4MappedAddress() && bits >= 96) range = [(net as ipaddr.IPv6).toIPv4Address(), bits - 96];
    return addr.kind() === range[0].kind() && addr.match(range);
  } catch {
    return false;
  }
}

/**
 * Whether an address may bet live: a deny range holding it refuses it; when any allow range
 * exists, only addresses in one are let through. An IPv4-mapped IPv6 address (a dual-stack
 * socket's '::ffff:10.0.0.1') is read as its IPv4 address; an unreadable one matches no range.
 */
export function liveAddressAllowed(ip: string, rules: readonly IpRule[]): boolean {
  if (!rules.length) return true;
  const addr = ipaddr.isValid(ip) ? ipaddr.process(ip) : null;
  if (addr && rules.some((r) => r.action === 'deny' && inRange(addr, r.cidr))) return false;
  const allows = rules.filter((r) => r.action === 'allow');
  return !allows.length || (!!addr && allows.some((r) => inRange(addr, r.cidr)));
}
