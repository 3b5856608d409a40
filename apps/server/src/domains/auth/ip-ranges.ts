import ipaddr from 'ipaddr.js';

type Parsed = [ipaddr.IPv4 | ipaddr.IPv6, number];

/** True when `cidr` is a CIDR range ("10.0.0.0/8", "2001:db8::/32"); a bare address counts as a one-host range. */
export function isValidIpRange(cidr: string): boolean {
  return parseRange(cidr) !== undefined;
}

function parseRange(cidr: string): Parsed | undefined {
  const text = cidr.trim();
  try {
    if (text.includes('/')) return ipaddr.parseCIDR(text);
    const address = ipaddr.parse(text);
    return [address, address.kind() === 'ipv4' ? 32 : 128];
  } catch {
    return undefined;
  }
}

/** The address in its own family: IPv4-mapped IPv6 (::ffff:10.1.2.3, as dual-stack sockets report) becomes IPv4. */
function parseAddress(ip: string): ipaddr.IPv4 | ipaddr.IPv6 | undefined {
  try {
    const address = ipaddr.parse(ip);
    if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress()) {
      return (address as ipaddr.IPv6).toIPv4Address();
    }
    return address;
  } catch {
    return undefined;
  }
}

/**
 * The prefix length of the most specific range containing `ip`, or -1 when none does (IPv4 and
 * IPv6; invalid ranges are ignored). Lets the most specific tenant win when ranges overlap.
 */
export function longestMatchingPrefix(ip: string, ranges: readonly string[]): number {
  const address = parseAddress(ip);
  if (!address) return -1;
  let best = -1;
  for (const range of ranges) {
    const parsed = parseRange(range);
    if (!parsed || parsed[0].kind() !== address.kind()) continue;
    if (address.match(parsed) && parsed[1] > best) best = parsed[1];
  }
  return best;
}

export function isIpInRanges(ip: string, ranges: readonly string[]): boolean {
  return longestMatchingPrefix(ip, ranges) >= 0;
}
