/**
 * The one guard for every fetch of an address someone else chose: a dealer's stock feed, the
 * photos named in a stock file, and the scraper's pages and photos. It makes sure such a fetch
 * only ever reaches the public internet, never our own network (loopback, the VPC, the Lambda
 * runtime API, instance metadata):
 *
 * - only http: and https:;
 * - every connection goes through one undici connector. A host written as an address is
 *   classified before connecting; a host name is resolved once, by the connector's `lookup`,
 *   which refuses the connection when ANY address the name resolves to is not public, and the
 *   socket then connects to exactly those checked addresses (no second resolution, so DNS
 *   rebinding between "check" and "connect" is impossible);
 * - addresses are classified with ipaddr.js (public-address.ts): only its `unicast` range is public, and for IPv6
 *   only inside 2000::/3. That refuses loopback, private, link-local, unique-local, carrier-grade
 *   NAT, multicast, broadcast, reserved and documentation ranges, and every IPv6 form that embeds
 *   an IPv4 address (IPv4-mapped, NAT64 64:ff9b::/96 and 64:ff9b:1::/48, 6to4, Teredo).
 *   Numeric spellings of a host (`http://2130706433/`, `http://0x7f.1/`, `http://017700000001/`)
 *   are turned into dotted addresses by the URL parser, and by getaddrinfo if one reaches DNS,
 *   and are classified like any other;
 * - redirects are followed by hand (at most MAX_REDIRECTS), each hop going through the same
 *   connector;
 * - a whole fetch has a time limit, and a body is read up to a byte limit.
 *
 * The only way past the address check is the fixture allow-list (allow-hosts.ts): exact
 * loopback `host:port` pairs, empty in AWS.
 *
 * Every failure throws FetchFailed; its `reason` is for logs only. What a user sees must not
 * depend on it (a message that differs between "refused", "connection refused" and "timed out"
 * turns the fetch into a port scanner).
 */
import { type LookupAddress, lookup as dnsLookup } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { Agent, buildConnector, fetch as undiciFetch } from 'undici';
import { type AllowHosts, hostKey, NO_ALLOW_HOSTS } from './allow-hosts.js';
import { addressRange, isPublicAddress } from './public-address.js';

const MAX_REDIRECTS = 5;

/** A fetch that did not produce a usable body. `reason` goes to logs, never to a user. */
export class FetchFailed extends Error {
  constructor(
    readonly reason: string,
    /** True when the guard itself refused (address, protocol, redirect count), not the far end. */
    readonly refused = false,
  ) {
    super(reason);
    this.name = 'FetchFailed';
  }
}

/** An address the guard will not connect to; carried as the `cause` of undici's "fetch failed". */
class AddressRefused extends Error {
  readonly code = 'ESSRFREFUSED';
}

/** Name resolution: every address of a host name. Tests substitute their own (a rebinding resolver). */
type Resolver = (hostname: string) => Promise<LookupAddress[]>;

const systemResolver: Resolver = (hostname) =>
  new Promise((resolve, reject) =>
    dnsLookup(hostname, { all: true, order: 'verbatim' }, (err, addresses) => (err ? reject(err) : resolve(addresses))),
  );

export interface SafeFetchGuard {
  /** The fixture allow-list (allow-hosts.ts); empty unless the function's FETCH_ALLOW_HOSTS names pairs. */
  allowHosts?: AllowHosts;
  resolve?: Resolver;
  /** Milliseconds to establish a connection (undici's default is 10 s). */
  connectTimeoutMs?: number;
}

type Connector = ReturnType<typeof buildConnector>;

/** The connector every guarded connection goes through (see the module comment). */
function guardedConnector(guard: SafeFetchGuard = {}): Connector {
  const allowHosts = guard.allowHosts ?? NO_ALLOW_HOSTS;
  const resolve = guard.resolve ?? systemResolver;
  const timeout = guard.connectTimeoutMs ?? 10_000;

  const lookup: LookupFunction = (hostname, options, callback) => {
    resolve(hostname).then(
      (all) => {
        const addresses = options.family === 4 || options.family === 6 ? all.filter((a) => a.family === options.family) : all;
        if (addresses.length === 0) {
          callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '', 0);
          return;
        }
        const refused = addresses.find((a) => !isPublicAddress(a.address));
        if (refused) {
          callback(new AddressRefused(`${hostname} resolves to ${refused.address} (${addressRange(refused.address)})`), '', 0);
          return;
        }
        // net.connect asks for every address (autoSelectFamily) or one; either way only the checked ones.
        if (options.all) (callback as unknown as (err: null, addresses: LookupAddress[]) => void)(null, addresses);
        else callback(null, addresses[0].address, addresses[0].family);
      },
      (err: NodeJS.ErrnoException) => callback(err, '', 0),
    );
  };
  const checked = buildConnector({ lookup, timeout });
  const fixtures = buildConnector({ timeout });

  return (opts, callback) => {
    const host = opts.hostname.replace(/^\[|\]$/g, '');
    const port = opts.port || (opts.protocol === 'https:' ? '443' : '80');
    if (opts.protocol !== 'http:' && opts.protocol !== 'https:') {
      callback(new AddressRefused(`protocol ${opts.protocol}`), null);
      return;
    }
    if (allowHosts.has(hostKey(host, port))) {
      fixtures(opts, callback);
      return;
    }
    // An address as host: net.connect will not call `lookup`, so it is classified here.
    if (isIP(host) && !isPublicAddress(host)) {
      callback(new AddressRefused(`${host} (${addressRange(host)})`), null);
      return;
    }
    checked(opts, callback);
  };
}

/** What a single request may carry. */
interface OnceInit {
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** One guarded request that does not follow redirects (a 3xx comes back as it is). */
export type FetchOnce = (url: string, init?: OnceInit) => Promise<Response>;

const isRedirect = (s: number) => s === 301 || s === 302 || s === 303 || s === 307 || s === 308;

/** Whether the error (or its cause) is the guard refusing a connection. */
function refusalIn(err: unknown): AddressRefused | null {
  for (let e = err as { cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (e instanceof AddressRefused) return e;
  }
  return null;
}

/** Why a fetch failed, for a log line: the guard's refusal, an errno code, a timeout, or the message. */
export function failureReason(err: unknown): string {
  if (err instanceof FetchFailed) return err.reason;
  const refusal = refusalIn(err);
  if (refusal) return `refused: ${refusal.message}`;
  const e = err as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError') return 'timed out';
  return e?.cause?.code ?? e?.cause?.message ?? e?.message ?? String(err);
}

export interface SafeFetcher {
  /**
   * One request through the guard, redirects not followed. Throws FetchFailed (refused) for a
   * protocol other than http(s) or an address the guard refuses; other network errors as undici
   * throws them.
   */
  once: FetchOnce;
  /**
   * A whole fetch: redirects followed by hand (each hop through the guard, at most
   * `maxRedirects`), a 2xx required, at most `maxBytes` read, all within `timeoutMs`. Every
   * failure throws FetchFailed.
   */
  fetchBytes(url: string, limits: FetchLimits): Promise<{ bytes: Buffer; contentType: string | null; finalUrl: string }>;
  /** Closes the pooled connections. */
  close(): Promise<void>;
}

interface FetchLimits {
  maxBytes: number;
  timeoutMs: number;
  userAgent: string;
  maxRedirects?: number;
}

/** A fetcher whose every connection goes through guardedConnector. Create one per cold start and keep it. */
export function createSafeFetcher(guard: SafeFetchGuard = {}): SafeFetcher {
  const agent = new Agent({ connect: guardedConnector(guard), keepAliveTimeout: 4_000 });

  const once: FetchOnce = async (rawUrl, init = {}) => {
    let url: URL;
    try {
      url = new URL(rawUrl);
    } catch {
      throw new FetchFailed(`not a URL: ${rawUrl.slice(0, 200)}`, true);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FetchFailed(`protocol ${url.protocol}`, true);
    try {
      const res = await undiciFetch(url, { headers: init.headers, signal: init.signal, redirect: 'manual', dispatcher: agent });
      // undici's Response is the class Node's global fetch returns; only its type is declared apart.
      return res as unknown as Response;
    } catch (err) {
      const refusal = refusalIn(err);
      if (refusal) throw new FetchFailed(`refused: ${refusal.message}`, true);
      throw err;
    }
  };

  async function fetchBytes(rawUrl: string, limits: FetchLimits) {
    const maxRedirects = limits.maxRedirects ?? MAX_REDIRECTS;
    const signal = AbortSignal.timeout(limits.timeoutMs);
    let url = rawUrl;
    try {
      for (let hop = 0; ; hop++) {
        const res = await once(url, { signal, headers: { 'user-agent': limits.userAgent } });
        if (isRedirect(res.status) && res.headers.get('location')) {
          await res.body?.cancel();
          if (hop >= maxRedirects) throw new FetchFailed(`more than ${maxRedirects} redirects`, true);
          url = new URL(res.headers.get('location') as string, url).toString();
          continue;
        }
        if (!res.ok) {
          await res.body?.cancel();
          throw new FetchFailed(`HTTP ${res.status}`);
        }
        const declared = Number(res.headers.get('content-length') ?? 0);
        if (declared > limits.maxBytes) {
          await res.body?.cancel();
          throw new FetchFailed(`declared ${declared} bytes, more than ${limits.maxBytes}`);
        }
        const chunks: Buffer[] = [];
        let total = 0;
        for await (const chunk of (res.body ?? []) as AsyncIterable<Uint8Array>) {
          total += chunk.byteLength;
          if (total > limits.maxBytes) throw new FetchFailed(`more than ${limits.maxBytes} bytes`);
          chunks.push(Buffer.from(chunk));
        }
        return { bytes: Buffer.concat(chunks), contentType: res.headers.get('content-type'), finalUrl: url };
      }
    } catch (err) {
      if (err instanceof FetchFailed) throw err;
      throw new FetchFailed(signal.aborted ? 'timed out' : failureReason(err));
    }
  }

  return { once, fetchBytes, close: () => agent.close() };
}
