/**
 * Fixture source sites for the scraper (issue 12), served on loopback by the local cloud so the
 * real scraper code runs with no internet. Three sites, three ports:
 * - truckhub.test (card-grid layout): 3 pages; robots.txt disallows /private/ (a start page and a
 *   photo live there); listing TH-1004 is on the site only on odd-numbered runs (it disappears
 *   between runs); photos served as real JPEGs.
 * - lorrystock.test (stock-table layout): no robots.txt (404 → allowed); page 2 answers 500 with
 *   Retry-After to every other request (a retry succeeds).
 * - brokenhgv.test (card-grid): page 2 is slower than the scraper's timeout, page 3 is malformed
 *   HTML (unclosed tags, a card without an id), page 4 always answers 500.
 * `bench` mode serves one card-grid site with N listings over N/25 pages instead.
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import type { ScraperSource } from '../../functions/src/domain/scraper/types.js';
import { cardGridPage, fixtureTruck, stockTablePage } from './pages.js';

type Handler = (req: http.IncomingMessage, res: http.ServerResponse, hits: number) => void | Promise<void>;

export interface FixtureSiteOptions {
  /** Milliseconds the slow page takes (longer than the scraper's timeout). */
  slowMs?: number;
}

let photoBytes: Promise<Buffer> | undefined;
/** One small real JPEG for every fixture photo (the pipeline decodes and re-encodes it). */
const fixturePhoto = () => {
  photoBytes ??= sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 40, g: 90, b: 160 } } })
    .jpeg({ quality: 70 })
    .toBuffer();
  return photoBytes;
};

/** Answers HTML with an ETag and honours If-None-Match (the scraper's conditional GETs). */
function sendHtml(req: http.IncomingMessage, res: http.ServerResponse, html: string): void {
  const etag = `"${createHash('sha1').update(html).digest('hex').slice(0, 16)}"`;
  if (req.headers['if-none-match'] === etag) {
    res.writeHead(304, { etag }).end();
    return;
  }
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', etag }).end(html);
}

async function sendPhoto(res: http.ServerResponse): Promise<void> {
  res.writeHead(200, { 'content-type': 'image/jpeg' }).end(await fixturePhoto());
}

function routes(table: Record<string, Handler>): Handler {
  return async (req, res, hits) => {
    const url = new URL(req.url ?? '/', 'http://fixture');
    const key = `${url.pathname}${url.search}`;
    const handler =
      table[key] ??
      table[url.pathname] ??
      (url.pathname.startsWith('/photos/') || url.pathname.startsWith('/private/photos/') ? () => sendPhoto(res) : undefined);
    if (!handler) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    await handler(req, res, hits);
  };
}

export interface FixtureSite {
  url: string;
  close(): Promise<void>;
}

async function serve(port: number, handler: Handler): Promise<FixtureSite> {
  const hits = new Map<string, number>();
  const sockets = new Set<import('node:net').Socket>();
  const server = http.createServer((req, res) => {
    const key = req.url ?? '/';
    const n = (hits.get(key) ?? 0) + 1;
    hits.set(key, n);
    Promise.resolve(handler(req, res, n)).catch(() => {
      if (!res.headersSent) res.writeHead(500).end();
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** What tests (and curious developers) can change between runs. */
interface FixtureControl {
  /** Refs truckhub.test no longer lists. By default TH-1004 is listed on the first run only. */
  truckHubGone: Set<string>;
}

/** Site A: card-grid, robots disallows /private/, TH-1004 disappears after the first run. */
function truckHub(control: FixtureControl): Handler {
  const trucks = Array.from({ length: 12 }, (_, i) => fixtureTruck('TH', i + 1));
  // One photo lives where robots.txt forbids: that listing gets the placeholder.
  trucks[1] = { ...trucks[1], photo: '/private/photos/th-2.jpg' };
  let robotsFetches = 0;
  const page = (n: number) => {
    const list = trucks.slice((n - 1) * 4, n * 4).filter((t) => !control.truckHubGone.has(t.ref));
    return cardGridPage(list, n < 3 ? `/trucks?page=${n + 1}` : null);
  };
  return routes({
    '/robots.txt': (_req, res) => {
      // Each run starts with robots.txt: from the second run on, TH-1004 has been sold.
      if (++robotsFetches === 2) control.truckHubGone.add('TH-1004');
      res
        .writeHead(200, { 'content-type': 'text/plain' })
        .end('User-agent: *\nDisallow: /private/\n\nUser-agent: TruckYardBot\nDisallow: /private/\nAllow: /\n');
    },
    '/trucks?page=1': (req, res) => sendHtml(req, res, page(1)),
    '/trucks?page=2': (req, res) => sendHtml(req, res, page(2)),
    '/trucks?page=3': (req, res) => sendHtml(req, res, page(3)),
    '/private/trade-stock': (req, res) => sendHtml(req, res, cardGridPage([fixtureTruck('TH', 99)], null)),
  });
}

/** Site B: stock-table, no robots.txt, page 2 fails every other time. */
function lorryStock(): Handler {
  const trucks = Array.from({ length: 9 }, (_, i) => fixtureTruck('LS', i + 1));
  const page = (n: number) => stockTablePage(trucks.slice((n - 1) * 3, n * 3), n < 3 ? `/stock/page-${n + 1}.html` : null);
  return routes({
    '/stock/': (req, res) => sendHtml(req, res, page(1)),
    '/stock/page-2.html': (req, res, hits) => {
      if (hits % 2 === 1) {
        res.writeHead(500, { 'retry-after': '1', 'content-type': 'text/plain' }).end('Internal Server Error');
        return;
      }
      sendHtml(req, res, page(2));
    },
    '/stock/page-3.html': (req, res) => sendHtml(req, res, page(3)),
  });
}

/** Site C: card-grid with a slow page, malformed HTML and a page that always fails. */
function brokenHgv(opts: FixtureSiteOptions): Handler {
  const trucks = Array.from({ length: 6 }, (_, i) => fixtureTruck('BH', i + 1, null));
  const malformed = `<html><body><main>
<article class="truck-card" data-listing-id="BH-1005"><h3 class="truck-card__title">Volvo FH<ul class="truck-card__specs"><li data-field="make">Volvo<li data-field="model">FH 460<li data-field="year">2017
<p class="truck-card__price">£29,995<div><div><span>
<article class="truck-card"><li data-field="make">Mystery</li></article>
<article class="truck-card" data-listing-id="BH-1006"><ul class="truck-card__specs"><li data-field="make">DAF</li><li data-field="model">CF 450</li></ul><p class="truck-card__price">POA\u0000\uFFFD</p>
</main`;
  return routes({
    '/robots.txt': (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nAllow: /\n');
    },
    '/used?page=1': (req, res) => sendHtml(req, res, cardGridPage(trucks.slice(0, 2), '/used?page=2')),
    '/used?page=2': async (req, res) => {
      await new Promise((r) => setTimeout(r, opts.slowMs ?? 5000));
      if (!res.destroyed) sendHtml(req, res, cardGridPage(trucks.slice(2, 4), null));
    },
    '/used?page=3': (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' }).end(malformed);
    },
    '/used?page=4': (_req, res) => {
      res.writeHead(500, { 'retry-after': '1', 'content-type': 'text/plain' }).end('boom');
    },
  });
}

export interface ScrapeFixtures {
  sites: { truckHub: string; lorryStock: string; brokenHgv: string };
  control: FixtureControl;
  sources: ScraperSource[];
  close(): Promise<void>;
}

/** The three fixture sites on `basePort`, +1, +2 (0: any free ports), with the sources that point at them. */
export async function startScrapeFixtures(basePort: number, opts: FixtureSiteOptions = {}): Promise<ScrapeFixtures> {
  const at = (i: number) => (basePort === 0 ? 0 : basePort + i);
  const control: FixtureControl = { truckHubGone: new Set() };
  const [a, b, c] = await Promise.all([serve(at(0), truckHub(control)), serve(at(1), lorryStock()), serve(at(2), brokenHgv(opts))]);
  return {
    control,
    sites: { truckHub: a.url, lorryStock: b.url, brokenHgv: c.url },
    sources: fixtureSources({ truckHub: a.url, lorryStock: b.url, brokenHgv: c.url }),
    close: async () => {
      await Promise.all([a.close(), b.close(), c.close()]);
    },
  };
}

function fixtureSources(sites: ScrapeFixtures['sites']): ScraperSource[] {
  return [
    {
      id: 'truckhub',
      name: 'truckhub.test',
      startUrls: [`${sites.truckHub}/trucks?page=1`, `${sites.truckHub}/private/trade-stock`],
      parser: 'card-grid',
      ratePerSecond: 1,
      enabled: true,
    },
    {
      id: 'lorrystock',
      name: 'lorrystock.test',
      startUrls: [`${sites.lorryStock}/stock/`],
      parser: 'stock-table',
      ratePerSecond: 1,
      enabled: true,
    },
    {
      id: 'brokenhgv',
      name: 'brokenhgv.test',
      startUrls: [`${sites.brokenHgv}/used?page=1`, `${sites.brokenHgv}/used?page=3`, `${sites.brokenHgv}/used?page=4`],
      parser: 'card-grid',
      ratePerSecond: 1,
      enabled: true,
    },
  ];
}

/**
 * The fixture allow-list value (FETCH_ALLOW_HOSTS, CDK context `fetchAllowHosts`) naming the
 * given sites' loopback host:port pairs: the SSRF guard refuses loopback otherwise.
 */
const fixtureAllowHostsValue = (siteUrls: readonly string[]) => siteUrls.map((u) => new URL(u).host).join(',');

/** The fixture allow-list for the three sites at `basePort`, +1, +2 (what `npm start` serves). */
export const fixtureAllowHostsAt = (basePort: number) => fixtureAllowHostsValue([0, 1, 2].map((i) => `http://127.0.0.1:${basePort + i}`));

/** Sources for the fixture sites at their default ports (what `npm start` serves). */
export const fixtureSourcesAt = (basePort: number) =>
  fixtureSources({
    truckHub: `http://127.0.0.1:${basePort}`,
    lorryStock: `http://127.0.0.1:${basePort + 1}`,
    brokenHgv: `http://127.0.0.1:${basePort + 2}`,
  });

/** Benchmark site: `count` card-grid listings, 25 per page, no photos. */
export async function startBenchSite(count: number, perPage = 25): Promise<FixtureSite> {
  const trucks = Array.from({ length: count }, (_, i) => fixtureTruck('BN', i + 1, null));
  const pages = Math.ceil(count / perPage);
  const cache = new Map<number, string>();
  return serve(0, (req, res) => {
    const url = new URL(req.url ?? '/', 'http://bench');
    if (url.pathname === '/robots.txt') return void res.writeHead(200).end('User-agent: *\nAllow: /\n');
    const n = Number(url.searchParams.get('page') ?? '1');
    if (url.pathname !== '/trucks' || !Number.isInteger(n) || n < 1 || n > pages) return void res.writeHead(404).end();
    let html = cache.get(n);
    if (!html) {
      html = cardGridPage(trucks.slice((n - 1) * perPage, n * perPage), n < pages ? `/trucks?page=${n + 1}` : null);
      cache.set(n, html);
    }
    sendHtml(req, res, html);
  });
}
