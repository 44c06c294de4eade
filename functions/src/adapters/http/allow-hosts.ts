import { isIP } from 'node:net';

/**
 * The fixture allow-list of outbound fetches (FETCH_ALLOW_HOSTS, from the CDK context key
 * `fetchAllowHosts`): comma-separated `host:port` pairs that safe-fetch.ts connects to although
 * they are not public addresses. It exists for the local cloud's loopback fixture sites (the
 * scraper's sources, a dealer's photo site in tests), so an entry must name a loopback host
 * (`localhost`, 127.0.0.0/8 or `[::1]`) and an explicit port. It is empty in AWS.
 */
export type AllowHosts = ReadonlySet<string>;

export const NO_ALLOW_HOSTS: AllowHosts = new Set();

/** The key an allow-list entry and a connection are compared by: lower-case host (IPv6 in brackets), ':', port. */
export function hostKey(hostname: string, port: string | number): string {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return isIP(host) === 6 ? `[${host}]:${port}` : `${host}:${port}`;
}

const isLoopbackHost = (hostname: string) => {
  const host = hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host === '::1' || (isIP(host) === 4 && host.startsWith('127.'));
};

/**
 * Parses FETCH_ALLOW_HOSTS. Throws with the offending entry when one is not `host:port`, has no
 * port, or names a host that is not loopback: a typo must not silently open a hole.
 */
export function parseAllowHosts(raw: string | undefined): AllowHosts {
  const entries = (raw ?? '')
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  const keys = new Set<string>();
  for (const entry of entries) {
    let url: URL;
    try {
      url = new URL(`http://${entry}`);
    } catch {
      throw new Error(`FETCH_ALLOW_HOSTS: "${entry}" is not host:port`);
    }
    // The URL parser drops a port equal to http's default; only an explicit, non-default one is a fixture site.
    const port = url.port;
    if (!port || url.pathname !== '/' || url.username || url.search || url.hash || `${url.host}` !== entry.toLowerCase()) {
      throw new Error(`FETCH_ALLOW_HOSTS: "${entry}" is not host:port (for example 127.0.0.1:3005)`);
    }
    if (!isLoopbackHost(url.hostname)) {
      throw new Error(
        `FETCH_ALLOW_HOSTS: "${entry}" is not a loopback host (localhost, 127.x.x.x or [::1]); the list is for local fixture sites only`,
      );
    }
    keys.add(hostKey(url.hostname, port));
  }
  return keys;
}
