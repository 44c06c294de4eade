import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type TestSite, startTestSite } from '../../../../dev/testing/test-site.js';
import { parseAllowHosts } from './allow-hosts.js';
import { DEFAULT_BACKOFF, backoffDelayMs, parseRetryAfter } from './backoff.js';
import type { Clock } from './clock.js';
import { PoliteFetcher } from './polite-fetcher.js';
import { robotsRulesFrom } from './robots.js';
/** The rule's value, stated here rather than imported, so a change to it fails this test. */
const REFUSED_REASON = 'could not be fetched';

const UA = 'TruckYardBot/1.0 (+https://truckyard.example/contact)';

/** A clock that only moves when someone sleeps, recording when each request went out. */
function fakeClock(): Clock & { t: number } {
  const clock = {
    t: 0,
    now: () => clock.t,
    sleep: async (ms: number) => {
      clock.t += Math.max(0, ms);
    },
  };
  return clock;
}

type Answer = { status: number; body?: string; headers?: Record<string, string> };

/** A fake network: answers by URL (a list is answered in order, the last one repeating). */
function fakeFetch(clock: { t: number }, answers: Record<string, Answer | Answer[]>) {
  const log: Array<{ url: string; at: number; headers: Record<string, string> }> = [];
  const served = new Map<string, number>();
  const fn = (async (input: string | URL, init?: RequestInit) => {
    const url = String(input);
    log.push({ url, at: clock.t, headers: (init?.headers ?? {}) as Record<string, string> });
    const list = answers[url] ?? { status: 404 };
    const i = served.get(url) ?? 0;
    served.set(url, i + 1);
    const a = Array.isArray(list) ? list[Math.min(i, list.length - 1)] : list;
    return new Response(a.status === 304 ? null : (a.body ?? ''), { status: a.status, headers: a.headers });
  }) as typeof fetch;
  return { fn, log };
}

const fetcherWith = (answers: Record<string, Answer | Answer[]>, over: Partial<ConstructorParameters<typeof PoliteFetcher>[0]> = {}) => {
  const clock = fakeClock();
  const net = fakeFetch(clock, answers);
  const fetcher = new PoliteFetcher({ userAgent: UA, timeoutMs: 5000, clock, fetchFn: net.fn, random: () => 0.5, ...over });
  return { fetcher, clock, log: net.log };
};

const ok = (body = '<html></html>', headers: Record<string, string> = {}): Answer => ({ status: 200, body, headers });

describe('robots.txt rules (RFC 9309)', () => {
  it('allows and disallows paths by the rules for our product token', () => {
    const rules = robotsRulesFrom(
      { status: 200, body: 'User-agent: TruckYardBot\nDisallow: /private/\n\nUser-agent: *\nDisallow: /' },
      'https://a.test/robots.txt',
      UA,
    );
    expect(rules.kind === 'rules' && rules.isAllowed('https://a.test/trucks')).toBe(true);
    expect(rules.kind === 'rules' && rules.isAllowed('https://a.test/private/x')).toBe(false);
  });

  it('treats a 404 robots.txt as everything allowed and a 500 as the whole site disallowed', async () => {
    const { fetcher } = fetcherWith({
      'https://a.test/robots.txt': { status: 404 },
      'https://a.test/trucks': ok(),
      'https://b.test/robots.txt': { status: 500 },
      'https://b.test/trucks': ok(),
    });
    expect(await fetcher.get('https://a.test/trucks')).toMatchObject({ kind: 'ok' });
    expect(await fetcher.get('https://b.test/trucks')).toMatchObject({
      kind: 'robots',
      reason: expect.stringMatching(/robots.txt answered 500/),
    });
  });

  it('treats an unreachable robots.txt as disallowed', async () => {
    const clock = fakeClock();
    const fetcher = new PoliteFetcher({
      userAgent: UA,
      timeoutMs: 1000,
      clock,
      random: () => 0.5,
      fetchFn: (async () => {
        throw Object.assign(new Error('fetch failed'), { cause: { code: 'ECONNREFUSED' } });
      }) as typeof fetch,
    });
    expect(await fetcher.get('https://c.test/x')).toMatchObject({
      kind: 'robots',
      reason: expect.stringMatching(/unreachable.*ECONNREFUSED/),
    });
  });

  it('caches robots.txt for at most 24 hours', async () => {
    const { fetcher, clock, log } = fetcherWith({ 'https://a.test/robots.txt': ok('User-agent: *\nAllow: /'), 'https://a.test/p': ok() });
    await fetcher.get('https://a.test/p');
    clock.t += 23 * 3600_000;
    await fetcher.get('https://a.test/p');
    clock.t += 2 * 3600_000;
    await fetcher.get('https://a.test/p');
    expect(log.filter((r) => r.url.endsWith('/robots.txt'))).toHaveLength(2);
  });
});

describe('pace and backoff (fake clock)', () => {
  it('sends at most one request per second to a host, with our user agent', async () => {
    const { fetcher, log } = fetcherWith({
      'https://a.test/robots.txt': ok(''),
      'https://a.test/1': ok(),
      'https://a.test/2': ok(),
      'https://a.test/3': ok(),
    });
    for (const u of ['https://a.test/1', 'https://a.test/2', 'https://a.test/3']) await fetcher.get(u);
    const times = log.map((r) => r.at);
    for (let i = 1; i < times.length; i++) expect(times[i] - times[i - 1]).toBeGreaterThanOrEqual(1000);
    expect(log[1].headers['user-agent']).toBe(UA);
  });

  it('never goes faster than 1 per second even when a source asks for more, and honours Crawl-delay', async () => {
    const { fetcher, log } = fetcherWith({
      'https://a.test/robots.txt': ok('User-agent: *\nCrawl-delay: 3\nAllow: /'),
      'https://a.test/1': ok(),
      'https://a.test/2': ok(),
    });
    await fetcher.get('https://a.test/1', {}, 10);
    await fetcher.get('https://a.test/2', {}, 10);
    expect(log[2].at - log[1].at).toBe(3000);
  });

  it('backs off exponentially with jitter on 5xx and waits for Retry-After on 429', async () => {
    const backoff = { ...DEFAULT_BACKOFF, baseDelayMs: 4000 };
    const { fetcher, log } = fetcherWith(
      {
        'https://a.test/robots.txt': ok(''),
        'https://a.test/flaky': [{ status: 503 }, { status: 502 }, ok()],
        'https://a.test/busy': [{ status: 429, headers: { 'retry-after': '20' } }, ok()],
      },
      { backoff },
    );
    expect(await fetcher.get('https://a.test/flaky')).toMatchObject({ kind: 'ok' });
    const flaky = log.filter((r) => r.url.endsWith('/flaky')).map((r) => r.at);
    // random() = 0.5 → 75 % of base × 2^(n-1): 3 s, then 6 s (both longer than the 1 s pace).
    expect(flaky[1] - flaky[0]).toBe(3000);
    expect(flaky[2] - flaky[1]).toBe(6000);
    expect(backoffDelayMs(backoff, 2, () => 0.5)).toBe(6000);
    expect(await fetcher.get('https://a.test/busy')).toMatchObject({ kind: 'ok' });
    const busy = log.filter((r) => r.url.endsWith('/busy')).map((r) => r.at);
    expect(busy[1] - busy[0]).toBe(20_000);
  });

  it('gives up after its attempts and says why', async () => {
    const { fetcher } = fetcherWith({ 'https://a.test/robots.txt': ok(''), 'https://a.test/down': { status: 500 } });
    expect(await fetcher.get('https://a.test/down')).toMatchObject({ kind: 'error', reason: 'HTTP 500 (after 4 attempts)' });
  });

  it('computes jittered delays within [half, whole] of the exponential step and reads Retry-After dates', () => {
    expect(backoffDelayMs(DEFAULT_BACKOFF, 3, () => 0)).toBe(2000);
    expect(backoffDelayMs(DEFAULT_BACKOFF, 3, () => 1)).toBe(4000);
    expect(parseRetryAfter('Wed, 21 Oct 2015 07:28:10 GMT', Date.parse('Wed, 21 Oct 2015 07:28:00 GMT'))).toBe(10_000);
  });
});

describe('redirects and conditional GETs', () => {
  it('follows up to 5 redirects and refuses the sixth', async () => {
    const hops: Record<string, Answer> = { 'https://a.test/robots.txt': ok('') };
    for (let i = 0; i < 6; i++) hops[`https://a.test/r${i}`] = { status: 302, headers: { location: `/r${i + 1}` } };
    hops['https://a.test/r6'] = ok('end');
    const { fetcher } = fetcherWith(hops);
    expect(await fetcher.get('https://a.test/r1')).toMatchObject({ kind: 'ok', url: 'https://a.test/r6' });
    expect(await fetcher.get('https://a.test/r0')).toMatchObject({ kind: 'error', reason: 'more than 5 redirects' });
  });

  it('sends the validators it has and reports 304 as not modified', async () => {
    const { fetcher, log } = fetcherWith({ 'https://a.test/robots.txt': ok(''), 'https://a.test/p': { status: 304 } });
    expect(await fetcher.get('https://a.test/p', { etag: '"abc"', lastModified: 'Mon, 23 Nov 2026 10:00:00 GMT' })).toMatchObject({
      kind: 'not-modified',
    });
    expect(log[1].headers).toMatchObject({ 'if-none-match': '"abc"', 'if-modified-since': 'Mon, 23 Nov 2026 10:00:00 GMT' });
  });
});

describe('the SSRF guard (real network, local sites)', () => {
  let site: TestSite;
  let inner: TestSite;
  beforeAll(async () => {
    inner = await startTestSite((_req, res) => void res.writeHead(200).end('internal'));
    site = await startTestSite((req, res) => {
      if (req.url === '/robots.txt') return void res.writeHead(200).end('User-agent: *\nAllow: /\n');
      if (req.url === '/inwards') return void res.writeHead(302, { location: `http://[::ffff:127.0.0.1]:${inner.port}/` }).end();
      if (req.url === '/file') return void res.writeHead(302, { location: 'file:///etc/passwd' }).end();
      res.writeHead(200, { 'content-type': 'text/html' }).end('<html>trucks</html>');
    });
  });
  afterAll(async () => {
    await Promise.all([site.close(), inner.close()]);
  });

  const fetcherFor = (allowHosts?: string) =>
    new PoliteFetcher({
      userAgent: UA,
      timeoutMs: 2000,
      maxRequestsPerSecond: 1000,
      backoff: { maxAttempts: 3, baseDelayMs: 1, maxDelayMs: 2, maxRetryAfterMs: 10 },
      allowHosts: allowHosts === undefined ? undefined : parseAllowHosts(allowHosts),
    });

  it('reaches a loopback source only when its host:port is on the allow-list, and says no more than "could not be fetched"', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const refused = await fetcherFor().get(`${site.url}/trucks`);
    const otherPort = await fetcherFor(`127.0.0.1:${inner.port}`).get(`${site.url}/trucks`);
    expect(site.hits).toEqual([]);
    for (const outcome of [refused, otherPort]) {
      expect(outcome).toEqual({ kind: 'robots', url: `${site.url}/trucks`, reason: `robots.txt unreachable: ${REFUSED_REASON}` });
    }
    const listed = fetcherFor(site.host);
    expect(await listed.get(`${site.url}/trucks`)).toMatchObject({ kind: 'ok', status: 200 });
    // A redirect inwards and one to another scheme are refused, the inner service never reached.
    expect(await listed.get(`${site.url}/inwards`)).toMatchObject({ kind: 'robots' });
    expect(await listed.get(`${site.url}/file`)).toEqual({ kind: 'error', url: 'file:///etc/passwd', reason: REFUSED_REASON });
    expect(inner.hits).toEqual([]);
    expect(vi.mocked(console.warn).mock.calls.some(([line]) => /ipv4Mapped/.test(String(line)))).toBe(true);
    vi.mocked(console.warn).mockRestore();
  });
});
