/** Client addresses as rate limits count them (contact, valuation, sign-up, password reset, views). */

/**
 * The rate-limit key for a client address. An IPv6 client usually controls a whole /64, so it is
 * limited as one; an IPv4-mapped IPv6 address counts as its IPv4 address.
 */
export function rateLimitKeyForIp(ip: string): string {
  const addr = ip.trim().toLowerCase();
  if (!addr.includes(':')) return addr;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(addr);
  if (mapped) return mapped[1];
  const [head, tail] = addr.split('::');
  const headParts = head ? head.split(':') : [];
  const tailParts = tail === undefined ? [] : tail ? tail.split(':') : [];
  const missing = 8 - headParts.length - tailParts.length;
  const groups = tail === undefined ? headParts : [...headParts, ...Array(Math.max(0, missing)).fill('0'), ...tailParts];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
