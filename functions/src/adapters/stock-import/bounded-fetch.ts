/**
 * Fetches a dealer-supplied URL (a stock feed or a photo) with limits: http(s) only, a timeout,
 * at most MAX_REDIRECTS redirects (each re-checked), a byte cap enforced while streaming, and no
 * private, loopback or link-local addresses outside the local cloud (a URL in a stock file must
 * never reach our own network).
 */
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';

export const MAX_REDIRECTS = 5;
export const USER_AGENT = 'TruckYard-StockImport/1.0 (+https://truckyard.example/contact)';

export class FetchRefused extends Error {}

const PRIVATE_V4 = [
  /^10\./,
  /^127\./,
  /^169\.254\./,
  /^172\.(1[6-9]|2\d|3[01])\./,
  /^192\.168\./,
  /^0\./,
  /^100\.(6[4-9]|[7-9]\d|1[01]\d|12[0-7])\./,
];
const isPrivateAddress = (ip: string) =>
  isIP(ip) === 6 ? /^(::1|fc|fd|fe80|::ffff:(10|127|192\.168|169\.254)\.)/i.test(ip) || ip === '::' : PRIVATE_V4.some((r) => r.test(ip));

async function checkHost(url: URL, allowPrivate: boolean): Promise<void> {
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new FetchRefused(`Only web addresses (https://) can be fetched: ${url.protocol}`);
  if (allowPrivate) return;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host) ? [host] : (await lookup(host, { all: true })).map((a) => a.address);
  if (addresses.some(isPrivateAddress)) throw new FetchRefused(`${url.hostname} is not a public address`);
}

export interface BoundedFetchOptions {
  maxBytes: number;
  timeoutMs: number;
  /** Loopback and private addresses allowed: only for the local cloud's fixture sites. */
  allowPrivate: boolean;
  fetchFn?: typeof fetch;
}

export async function boundedFetch(
  rawUrl: string,
  opts: BoundedFetchOptions,
): Promise<{ bytes: Buffer; contentType: string | null; finalUrl: string }> {
  const fetchFn = opts.fetchFn ?? fetch;
  let url = new URL(rawUrl);
  const signal = AbortSignal.timeout(opts.timeoutMs);
  for (let hop = 0; ; hop++) {
    await checkHost(url, opts.allowPrivate);
    const res = await fetchFn(url, { redirect: 'manual', signal, headers: { 'user-agent': USER_AGENT } });
    if (res.status >= 300 && res.status < 400 && res.headers.get('location')) {
      if (hop >= MAX_REDIRECTS) throw new FetchRefused(`More than ${MAX_REDIRECTS} redirects`);
      url = new URL(res.headers.get('location') as string, url);
      await res.body?.cancel();
      continue;
    }
    if (!res.ok) {
      await res.body?.cancel();
      throw new FetchRefused(`HTTP ${res.status}`);
    }
    const declared = Number(res.headers.get('content-length') ?? 0);
    if (declared > opts.maxBytes) {
      await res.body?.cancel();
      throw new FetchRefused(`Larger than ${Math.round(opts.maxBytes / 1024 / 1024)} MB`);
    }
    const chunks: Buffer[] = [];
    let total = 0;
    for await (const chunk of res.body ?? []) {
      total += chunk.byteLength;
      if (total > opts.maxBytes) throw new FetchRefused(`Larger than ${Math.round(opts.maxBytes / 1024 / 1024)} MB`);
      chunks.push(Buffer.from(chunk));
    }
    return { bytes: Buffer.concat(chunks), contentType: res.headers.get('content-type'), finalUrl: url.toString() };
  }
}
