/**
 * Which addresses safe-fetch.ts may connect to: only ipaddr.js's `unicast` range, and for IPv6 only
 * inside 2000::/3 (its module comment says what that refuses). One module so the guard and its
 * property tests classify with the same code.
 */
import ipaddr from 'ipaddr.js';

const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');

/**
 * The ipaddr.js range of an address ('unicast' for a public one), or why it is not one:
 * 'zoned' for a scoped IPv6 address (fe80::1%eth0), 'invalid' for something that is not an
 * address, 'notGlobalUnicast' for IPv6 outside 2000::/3.
 */
export function addressRange(address: string): string {
  const text = address.replace(/^\[|\]$/g, '');
  if (text.includes('%')) return 'zoned';
  if (!ipaddr.isValid(text)) return 'invalid';
  const ip = ipaddr.parse(text);
  const range = ip.range();
  if (range !== 'unicast') return range;
  if (ip.kind() === 'ipv6' && !(ip as ipaddr.IPv6).match(GLOBAL_UNICAST_V6)) return 'notGlobalUnicast';
  return 'unicast';
}

/** Whether the guard lets a connection go to this address. */
export const isPublicAddress = (address: string) => addressRange(address) === 'unicast';
