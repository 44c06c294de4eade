import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApi, runDeployData, startTestApi } from '../../../../dev/testing/harness.js';
import { listingRecord } from '../../domain/listings/test-fixtures.js';
import type { ListingRecord, ScrapedRecord } from '../../domain/listings/types.js';

let api: TestApi;
let webDir: string;

const INDEX = `<!doctype html>
<html lang="en-GB">
  <head>
    <meta charset="UTF-8" />
    <title>TruckYard — Used trucks and HGVs for sale in the UK</title>
    <meta name="description" content="Buy and sell used trucks." />
    <script type="module" src="/assets/index-test.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>
`;

const t = (day: number) => new Date(Date.UTC(2026, 0, day)).toISOString();

const listing = (id: string, over: Partial<ListingRecord> = {}) =>
  listingRecord(id, { images: [{ key: 'listings/01SEOIMAGE', width: 1600, height: 1200 }], ...over });

const scraped: ScrapedRecord = {
  id: 'seo1',
  externalId: 'ext-seo1',
  sourceWebsite: 'trucks.example',
  sourceUrl: 'https://trucks.example/seo1',
  make: 'DAF',
  model: 'XF 480',
  year: 2018,
  mileage: null,
  price: 25_000,
  location: 'Cardiff',
  dealerName: 'Cardiff Trucks',
  dealerContact: '029 2000 0000',
  category: null,
  fuelType: null,
  transmission: null,
  description: null,
  scrapedAt: t(2),
  isActive: true,
  updatedAt: t(2),
};

async function page(pathname: string) {
  const res = await fetch(`${api.baseUrl}${pathname}`);
  return { status: res.status, type: res.headers.get('content-type') ?? '', html: await res.text() };
}

beforeAll(async () => {
  webDir = await mkdtemp(path.join(os.tmpdir(), 'truckyard-seo-web-'));
  await writeFile(path.join(webDir, 'index.html'), INDEX);
  api = await startTestApi({ tablePrefix: 'seo', webDir });
  // Files run in parallel and share the bucket: this one's sitemap lives under its own prefix.
  process.env.SITEMAP_S3_PREFIX = `sitemaps-seo-${Date.now().toString(36)}/`;
  // After startTestApi: the SDK client in deps picks up the local endpoint from the environment.
  const { listingsRepo } = await import('../../deps.js');
  const repo = listingsRepo(api.tableName);
  await repo.putListingsBatch([
    listing('SEO1', { title: '2019 Volvo FH </title><script>alert(1)</script>', updatedAt: t(5) }),
    listing('SEO2', { status: 'sold', updatedAt: t(4) }),
    listing('SEODRAFT', { status: 'inactive' }),
  ]);
  await repo.putScrapedBatch([scraped]);
  // Written with past change times: the snapshot and first screens are built after them.
  await runDeployData();
});
afterAll(async () => {
  await api?.close();
  await rm(webDir, { recursive: true, force: true });
});

describe('GET /truck/{id}', () => {
  it("serves index.html with the listing's head, escaped, and no contact details", async () => {
    const { status, type, html } = await page('/truck/SEO1');

    expect(status).toBe(200);
    expect(type).toContain('text/html');
    expect(html).toContain('<meta property="og:title" content="2019 Volvo FH &lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;" />');
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain(`<link rel="canonical" href="${api.baseUrl}/truck/SEO1" />`);
    expect(html).toContain(`<meta property="og:image" content="${api.baseUrl}/images/listings/01SEOIMAGE/w800.webp" />`);
    expect(html).toMatch(/"priceCurrency":"GBP"/);
    expect(html).toMatch(/"price":30000/);
    expect(html).toContain('src="/assets/index-test.js"></script>');
    // The first screen is in the HTML (server-rendered, escaped) with the data it hydrates with.
    expect(html).toMatch(/<div id="root">.*<h1[^>]*>2019 Volvo FH &lt;\/title&gt;&lt;script&gt;alert\(1\)&lt;\/script&gt;<\/h1>/s);
    expect(html).toContain('<script type="application/json" id="first-screen-data">');
    // The postcode is public (the page shows it to every visitor); contact details never are.
    for (const secret of ['Sam Seller', '0113 496 0000', 'sam@seller.example', 'Seller Haulage', 'owner-1']) {
      expect(html).not.toContain(secret);
    }
  });

  it('marks a sold listing SoldOut', async () => {
    const { status, html } = await page('/truck/SEO2');

    expect(status).toBe(200);
    expect(html).toContain('"availability":"https://schema.org/SoldOut"');
  });

  it('serves scraped listings with noindex', async () => {
    const { status, html } = await page('/truck/scraped-seo1');

    expect(status).toBe(200);
    expect(html).toContain('<meta name="robots" content="noindex" />');
    expect(html).not.toContain('029 2000 0000');
  });

  it('answers an unknown or non-public listing with 404 and the same page titled Truck Not Found', async () => {
    for (const id of ['NOPE', 'SEODRAFT']) {
      const { status, type, html } = await page(`/truck/${id}`);

      expect(status).toBe(404);
      expect(type).toContain('text/html');
      expect(html).toContain('<title>Truck Not Found | TruckYard</title>');
      expect(html).toContain('<div id="root"></div>');
    }
  });
});

/** Runs the BuildSitemap job row's handler now, as the scheduler would. */
async function buildSitemapJob() {
  const { handler } = await import('../../jobs/build-sitemap.js');
  return handler();
}

/** Every part the index names, fetched and gunzipped, joined. */
async function allParts(indexXml: string): Promise<string> {
  const locs = [...indexXml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
  const texts = await Promise.all(
    locs.map(async (loc) => {
      const res = await fetch(loc);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
      return gunzipSync(Buffer.from(await res.arrayBuffer())).toString('utf8');
    }),
  );
  return texts.join('');
}

describe('category pages, sitemap and robots.txt', () => {
  it('serves a category page with its own head', async () => {
    const { status, html } = await page('/tippers');

    expect(status).toBe(200);
    expect(html).toContain('<title>Used Tippers for Sale | TruckYard</title>');
    expect(html).toContain(`<meta property="og:url" content="${api.baseUrl}/tippers" />`);
  });

  it('lists active user listings in the sitemap, never scraped or inactive ones', async () => {
    await buildSitemapJob();
    const index = await fetch(`${api.baseUrl}/sitemap.xml`);
    const indexXml = await index.text();
    expect(index.status).toBe(200);
    expect(index.headers.get('content-type')).toContain('application/xml');
    expect(index.headers.get('cache-control')).toBe('public, max-age=900');
    const xml = await allParts(indexXml);

    expect(xml).toContain(`<loc>${api.baseUrl}/truck/SEO1</loc><lastmod>${t(5)}</lastmod>`);
    expect(xml).toContain(`<loc>${api.baseUrl}/tippers</loc>`);
    expect(xml).not.toContain('scraped-');
    expect(xml).not.toContain('SEODRAFT');
  });

  it('serves robots.txt pointing at the sitemap', async () => {
    const res = await fetch(`${api.baseUrl}/robots.txt`);

    expect(res.status).toBe(200);
    expect(await res.text()).toContain(`Sitemap: ${api.baseUrl}/sitemap.xml`);
  });

  it('still serves other paths from the web app', async () => {
    const { status, html } = await page('/faq');

    expect(status).toBe(200);
    expect(html).toContain('<title>TruckYard — Used trucks and HGVs for sale in the UK</title>');
  });
});

describe('every page through the page handler (issue 8 §1, issue 9 §5)', () => {
  it('renders home on the server with its latest trucks, cacheable by the edge for seconds', async () => {
    const res = await fetch(`${api.baseUrl}/`);
    const html = await res.text();

    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toMatch(/^public, max-age=0, s-maxage=\d+, stale-while-revalidate=\d+$/);
    expect(html).toMatch(/<div id="root">.*Latest Trucks.*href="\/truck\/SEO1"/s);
    expect(html).toContain('<script type="application/json" id="first-screen-data">');
  });

  it("renders home's staff-edited hero on the server, so the first screen does not change after hydration", async () => {
    const { contentStore } = await import('../../adapters/dynamodb/content-store.js');
    const { ddb } = await import('../../adapters/dynamodb/client.js');
    await contentStore(ddb, api.tableName).put(
      {
        id: 'SEOHERO',
        pageSlug: 'home',
        sectionKey: 'hero',
        title: 'Trucks from the yard',
        content: 'Staff wrote **this** hero text.',
        isActive: true,
        updatedAt: t(1),
      },
      null,
    );

    const html = await (await fetch(`${api.baseUrl}/`)).text();

    expect(html).toMatch(/<div id="root">.*<h1[^>]*>Trucks from the yard<\/h1>.*Staff wrote <strong>this<\/strong> hero text\./s);
    expect(html).toMatch(/id="first-screen-data">.*"page-content","home"/s);
  });

  it('answers a path no route of the web app knows with HTTP 404 and the 404 page', async () => {
    for (const path of ['/no-such-page', '/tippers/extra', '/truck/SEO1/more']) {
      const { status, type, html } = await page(path);

      expect(status, path).toBe(404);
      expect(type).toContain('text/html');
      expect(html).toMatch(/<div id="root">.*Page not found/s);
      expect(html).toContain('<meta name="robots" content="noindex" />');
    }
  });

  it('answers every client route of the web app with 200', async () => {
    for (const path of ['/faq', '/sell-truck', '/auth', '/edit-truck/SEO1', '/dealer-dashboard']) {
      const { status } = await page(path);
      expect(status, path).toBe(200);
    }
  });

  it('renders a shared /compare link on the server (issue 26 §5): each truck, a sold one as No longer available, titled', async () => {
    const { status, html } = await page('/compare?ids=SEO1,SEO2&utm_source=whatsapp');

    expect(status).toBe(200);
    expect(html).toMatch(/<div id="root">.*data-testid="compare-table".*href="\/truck\/SEO1".*No longer available/s);
    expect(html).toContain('<title>Compare trucks | TruckYard</title>');
    expect(html).toContain('<link rel="canonical" href="');
    expect(html).toMatch(/id="first-screen-data">.*"compare","SEO1,SEO2",""/s);
  });

  it("leaves /compare without ids (the visitor's own tray, which only the browser knows) to the browser", async () => {
    const { status, html } = await page('/compare');

    expect(status).toBe(200);
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain('id="first-screen-data"');
  });

  it('keeps unknown /api paths JSON', async () => {
    const res = await fetch(`${api.baseUrl}/api/no-such-thing`);

    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/json');
  });
});
