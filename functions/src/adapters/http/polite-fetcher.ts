import { type BackoffPolicy, DEFAULT_BACKOFF, backoffDelayMs, parseRetryAfter } from './backoff.js';
import { type Clock, systemClock } from './clock.js';
import { HostPacer } from './host-pacer.js';
import { ROBOTS_TTL_MS, type RobotsRules, isAllowedBy, robotsRulesFrom } from './robots.js';
import type { AllowHosts } from './allow-hosts.js';
import { type FetchOnce, FetchFailed, createSafeFetcher } from './safe-fetch.js';

import type { FetchOutcome, PageFetcher } from '../../domain/scraper/ports.js';

/** What a fetch came to (domain/scraper/ports.ts). `robots`: robots.txt forbids the URL, or the site is unreachable for robots. */
export type { FetchOutcome };

export interface Validators {
  etag?: string | null;
  lastModified?: string | null;
}

export interface PoliteFetcherOptions {
  /** Identifies the crawler, with a contact URL: 'TruckYardBot/1.0 (+https://…)'. */
  userAgent: string;
  /** Per request, headers and body. */
  timeoutMs: number;
  /** Ceiling for every host, whatever a source asks for (issue 12: at most one request per second). */
  maxRequestsPerSecond?: number;
  maxRedirects?: number;
  maxBodyBytes?: number;
  backoff?: BackoffPolicy;
  clock?: Clock;
  /**
   * The fixture allow-list (allow-hosts.ts): loopback host:port pairs reachable although not
   * public. Empty in AWS; tests and the local cloud name their fixture sites.
   */
  allowHosts?: AllowHosts;
  /** One request, redirects not followed; the SSRF-guarded fetch of safe-fetch.ts unless a test fakes the network. */
  fetchFn?: FetchOnce;
  random?: () => number;
}

const MAX_REDIRECTS = 5;
const DEFAULT_MAX_BODY = 5 * 1024 * 1024;

const originOf = (url: string) => new URL(url).origin;
const isRedirect = (s: number) => s === 301 || s === 302 || s === 303 || s === 307 || s === 308;
const isRetryable = (s: number) => s === 429 || s >= 500;
const isWebUrl = (url: string) => /^https?:\/\//i.test(url);

/** What a run report says of an address the guard refused; the reason goes to the log only. */
const REFUSED_REASON = 'could not be fetched';

function logRefusal(url: string, reason: string): void {
  console.warn(JSON.stringify({ level: 'warn', message: 'Scraper fetch refused', url: url.slice(0, 300), reason }));
}

/**
 * A polite HTTP client for the scraper (RFC 9309 and common crawler manners): robots.txt per
 * origin, cached at most 24 h (4xx → allowed, 5xx or no answer → disallowed), Crawl-delay
 * honoured, at most one request per second per host, exponential backoff with jitter on 429 and
 * 5xx honouring Retry-After, a timeout per request, up to 5 redirects (each hop checked against
 * robots), conditional GETs, and an identifying user agent. Every request goes through the SSRF
 * guard (safe-fetch.ts: public addresses only, every hop); a refused address is an error whose
 * report says only REFUSED_REASON, and is not retried.
 */
export class PoliteFetcher implements PageFetcher {
  private readonly robots = new Map<string, { rules: RobotsRules; fetchedAt: number; pending?: Promise<RobotsRules> }>();
  private readonly pacer: HostPacer;
  private readonly clock: Clock;
  private readonly fetchFn: FetchOnce;
  private readonly backoff: BackoffPolicy;
  private readonly random: () => number;
  /** Requests sent (robots.txt included), for run reports and benchmarks. */
  requests = 0;

  constructor(private readonly opts: PoliteFetcherOptions) {
    this.clock = opts.clock ?? systemClock;
    this.pacer = new HostPacer(this.clock);
    this.fetchFn = opts.fetchFn ?? createSafeFetcher({ allowHosts: opts.allowHosts }).once;
    this.backoff = opts.backoff ?? DEFAULT_BACKOFF;
    this.random = opts.random ?? Math.random;
  }

  /** The robots rules for a URL's origin (fetched, or from the ≤ 24 h cache). */
  async robotsFor(url: string): Promise<RobotsRules> {
    const origin = originOf(url);
    const cached = this.robots.get(origin);
    if (cached && !cached.pending && this.clock.now() - cached.fetchedAt < ROBOTS_TTL_MS) return cached.rules;
    if (cached?.pending) return cached.pending;
    const robotsUrl = `${origin}/robots.txt`;
    const pending = (async () => {
      // robots.txt follows redirects too (RFC 9309 §2.3.1.2), without robots checks of its own.
      const res = await this.request(robotsUrl, {}, false);
      const answer =
        res.kind === 'ok'
          ? { status: res.status, body: res.body.toString('utf8') }
          : res.kind === 'error' && res.status !== undefined
            ? { status: res.status, body: '' }
            : { error: res.kind === 'error' ? res.reason : res.kind };
      const rules = robotsRulesFrom(answer, robotsUrl, this.opts.userAgent);
      this.robots.set(origin, { rules, fetchedAt: this.clock.now() });
      return rules;
    })();
    this.robots.set(origin, { rules: { kind: 'disallow-all', reason: 'robots.txt pending' }, fetchedAt: 0, pending });
    try {
      return await pending;
    } catch (err) {
      this.robots.delete(origin);
      throw err;
    }
  }

  /** Whether robots.txt lets us fetch this URL. */
  async allowed(url: string): Promise<{ allowed: true } | { allowed: false; reason: string }> {
    const rules = await this.robotsFor(url);
    if (isAllowedBy(rules, url)) return { allowed: true };
    return { allowed: false, reason: rules.kind === 'disallow-all' ? rules.reason : `robots.txt disallows ${new URL(url).pathname}` };
  }

  /** GET a page politely: robots first, then the paced, retried, conditional request. */
  async get(url: string, validators: Validators = {}, rate?: number): Promise<FetchOutcome> {
    return this.request(url, validators, true, rate);
  }

  private intervalMs(origin: string, rate?: number): number {
    const cap = this.opts.maxRequestsPerSecond ?? 1;
    const perSecond = Math.min(cap, rate && rate > 0 ? rate : cap);
    const cached = this.robots.get(origin)?.rules;
    const crawlDelay = cached?.kind === 'rules' && cached.crawlDelaySeconds ? cached.crawlDelaySeconds * 1000 : 0;
    return Math.max(1000 / perSecond, crawlDelay);
  }

  private async request(startUrl: string, validators: Validators, checkRobots: boolean, rate?: number): Promise<FetchOutcome> {
    let url = startUrl;
    const maxRedirects = this.opts.maxRedirects ?? MAX_REDIRECTS;
    for (let hop = 0; ; hop++) {
      // A start URL or a Location to anything but http(s) (file:, gopher:, data:…): nothing to ask robots about.
      if (!isWebUrl(url)) {
        logRefusal(url, 'not an http(s) URL');
        return { kind: 'error', url, reason: REFUSED_REASON };
      }
      if (checkRobots) {
        const verdict = await this.allowed(url);
        if (!verdict.allowed) return { kind: 'robots', url, reason: verdict.reason };
      }
      const res = await this.withRetries(url, hop === 0 ? validators : {}, rate);
      if (res.kind !== 'redirect') return res;
      if (hop >= maxRedirects) return { kind: 'error', url: startUrl, reason: `more than ${maxRedirects} redirects` };
      url = res.location;
    }
  }

  private async withRetries(
    url: string,
    validators: Validators,
    rate?: number,
  ): Promise<FetchOutcome | { kind: 'redirect'; location: string }> {
    const origin = originOf(url);
    let last: FetchOutcome = { kind: 'error', url, reason: 'not attempted' };
    for (let attempt = 1; attempt <= this.backoff.maxAttempts; attempt++) {
      await this.pacer.wait(origin, this.intervalMs(origin, rate));
      const res = await this.once(url, validators);
      if (res.kind === 'redirect') return res;
      const retryable = res.kind === 'retry';
      if (!retryable) return res.outcome;
      last = res.outcome;
      if (attempt === this.backoff.maxAttempts) break;
      const retryAfter = parseRetryAfter(res.retryAfter, this.clock.now());
      if (retryAfter !== null && retryAfter > this.backoff.maxRetryAfterMs) {
        return {
          ...res.outcome,
          reason: `${res.outcome.reason}; Retry-After ${Math.round(retryAfter / 1000)} s is longer than we wait`,
        } as FetchOutcome;
      }
      const delay = Math.max(backoffDelayMs(this.backoff, attempt, this.random), retryAfter ?? 0);
      // The whole host waits, not only this request.
      this.pacer.holdUntil(origin, this.clock.now() + delay);
    }
    return last.kind === 'error' ? { ...last, reason: `${last.reason} (after ${this.backoff.maxAttempts} attempts)` } : last;
  }

  private async once(
    url: string,
    validators: Validators,
  ): Promise<
    | { kind: 'done'; outcome: FetchOutcome }
    | { kind: 'retry'; outcome: FetchOutcome & { kind: 'error' }; retryAfter: string | null }
    | { kind: 'redirect'; location: string }
  > {
    const headers: Record<string, string> = {
      'user-agent': this.opts.userAgent,
      accept: 'text/html,application/xhtml+xml,image/*;q=0.9,*/*;q=0.5',
    };
    if (validators.etag) headers['if-none-match'] = validators.etag;
    if (validators.lastModified) headers['if-modified-since'] = validators.lastModified;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), this.opts.timeoutMs);
    this.requests++;
    try {
      const res = await this.fetchFn(url, { headers, signal: controller.signal });
      if (isRedirect(res.status)) {
        const location = res.headers.get('location');
        await res.body?.cancel();
        if (!location)
          return { kind: 'done', outcome: { kind: 'error', url, status: res.status, reason: `${res.status} without a Location` } };
        return { kind: 'redirect', location: new URL(location, url).toString() };
      }
      if (res.status === 304) {
        await res.body?.cancel();
        return { kind: 'done', outcome: { kind: 'not-modified', url } };
      }
      if (isRetryable(res.status)) {
        await res.body?.cancel();
        return {
          kind: 'retry',
          outcome: { kind: 'error', url, status: res.status, reason: `HTTP ${res.status}` },
          retryAfter: res.headers.get('retry-after'),
        };
      }
      if (res.status < 200 || res.status >= 300) {
        await res.body?.cancel();
        return { kind: 'done', outcome: { kind: 'error', url, status: res.status, reason: `HTTP ${res.status}` } };
      }
      const body = await readLimited(res, this.opts.maxBodyBytes ?? DEFAULT_MAX_BODY);
      if (body === null)
        return { kind: 'done', outcome: { kind: 'error', url, status: res.status, reason: 'response larger than allowed' } };
      return {
        kind: 'done',
        outcome: {
          kind: 'ok',
          url,
          status: res.status,
          body,
          contentType: res.headers.get('content-type'),
          etag: res.headers.get('etag'),
          lastModified: res.headers.get('last-modified'),
        },
      };
    } catch (err) {
      if (err instanceof FetchFailed && err.refused) {
        logRefusal(url, err.reason);
        return { kind: 'done', outcome: { kind: 'error', url, reason: REFUSED_REASON } };
      }
      const reason = controller.signal.aborted ? `timed out after ${this.opts.timeoutMs} ms` : `no answer (${errorText(err)})`;
      return { kind: 'retry', outcome: { kind: 'error', url, reason }, retryAfter: null };
    } finally {
      clearTimeout(timer);
    }
  }
}

function errorText(err: unknown): string {
  const e = err as { cause?: { code?: string }; message?: string };
  return e?.cause?.code ?? e?.message ?? String(err);
}

/** The body, or null once it passes `max` bytes (the rest is not read). */
async function readLimited(res: Response, max: number): Promise<Buffer | null> {
  const declared = Number(res.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > max) {
    await res.body?.cancel();
    return null;
  }
  if (!res.body) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > max) return null;
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks);
}
