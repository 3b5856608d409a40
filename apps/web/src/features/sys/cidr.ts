const IPV4_OCTET = '(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const IPV4 = new RegExp(`^${IPV4_OCTET}(\\.${IPV4_OCTET}){3}$`);
const IPV6_GROUP = /^[0-9a-f]{1,4}$/i;

export function isIpv4(text: string): boolean {
  return IPV4.test(text);
}

/** Full, compressed (::) and IPv4-suffixed (::ffff:10.0.0.1) forms; no zone ids. */
export function isIpv6(text: string): boolean {
  const halves = text.split('::');
  if (halves.length > 2) return false;
  const groupsOf = (half: string | undefined) => (half ? half.split(':') : []);
  const head = groupsOf(halves[0]);
  const tail = groupsOf(halves[1]);
  const all = [...head, ...tail];
  let count = all.length;
  const last = all.at(-1);
  // An IPv4 address may stand for the last two groups.
  if (last !== undefined && last.includes('.')) {
    if (!isIpv4(last)) return false;
    all.pop();
    count += 1;
  }
  if (!all.every((group) => IPV6_GROUP.test(group))) return false;
  return halves.length === 2 ? count <= 7 : count === 8;
}

/**
 * An IP range as the server takes it (apps/server domains/auth/ip-ranges.ts): IPv4 or IPv6 CIDR
 * ("10.0.0.0/8", "2001:db8::/32"), or a bare address meaning that one host.
 */
export function isValidIpRange(value: string): boolean {
  const text = value.trim();
  const [address = '', prefix, ...rest] = text.split('/');
  if (rest.length > 0) return false;
  const kind = isIpv4(address) ? 4 : isIpv6(address) ? 6 : null;
  if (kind === null) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (kind === 4 ? 32 : 128);
}
