/**
 * The sitemap files and GET /robots.txt, as pure functions of the site URL and the data. Only our
 * own listings go in the sitemap: scraped listings are someone else's content (and noindex).
 */
import { CATEGORY_PAGES } from '../../../../shared/values.js';
import { escapeHtml, truckPath } from './page-head.js';

/** Public pages worth indexing (spec §2); account, admin and payment pages are left out. */
const SITEMAP_STATIC_PATHS = [
  '/',
  '/sell-truck',
  '/vehicle-valuation',
  '/equipment',
  '/finance',
  '/insurance',
  '/warranty',
  '/subscribe',
  '/contact',
  '/faq',
  '/privacy-policy',
  '/terms-and-conditions',
] as const;

/** The sitemap protocol's limit per file; past it the listings are split into parts behind an index. */
const SITEMAP_MAX_URLS = 50_000;

/** A visible dealer storefront as the sitemap needs it. */
export interface SitemapStorefront {
  slug: string;
  updatedAt: string;
}

export interface SitemapListing {
  id: string;
  updatedAt: string;
}

const url = (siteUrl: string, path: string) => `${siteUrl.replace(/\/+$/, '')}${path}`;

/** lastmod as a W3C date-time (an ISO string is one). */
const lastmod = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
};

const urlset = (entries: ReadonlyArray<{ loc: string; lastmod?: string | null }>) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries
    .map((e) => `  <url><loc>${escapeHtml(e.loc)}</loc>${e.lastmod ? `<lastmod>${e.lastmod}</lastmod>` : ''}</url>`)
    .join('\n')}\n</urlset>\n`;

/** Where the built files live: GET /sitemap.xml is the index, GET /sitemaps/<name> each part. */
export const SITEMAP_INDEX_NAME = 'sitemap.xml';
export const SITEMAP_PART_NAME = /^(pages|listings-[1-9][0-9]{0,4})\.xml\.gz$/;
const sitemapPartPath = (name: string) => `/sitemaps/${name}`;

export interface SitemapFiles {
  /** The sitemap index (uncompressed XML), served as /sitemap.xml. */
  index: string;
  /** Parts to gzip and serve under /sitemaps/: static and category pages, then listings in chunks of at most `perPart`. */
  parts: Array<{ name: string; xml: string; urls: number }>;
}

/**
 * The whole sitemap as an index plus parts (the protocol allows 50,000 URLs per file): one part
 * for the static and category pages, then active listings, newest change first, `perPart` each.
 * Built on a schedule and after listing changes (jobs/build-sitemap.ts), never per request.
 */
export function buildSitemapFiles(
  siteUrl: string,
  listings: readonly SitemapListing[],
  now: Date,
  perPart: number = SITEMAP_MAX_URLS,
  storefronts: readonly SitemapStorefront[] = [],
): SitemapFiles {
  const size = Math.max(1, Math.min(perPart, SITEMAP_MAX_URLS));
  // The pages part: static and category pages, the dealer directory and each visible storefront (issue 26).
  const pages = [
    ...SITEMAP_STATIC_PATHS.map((p) => ({ loc: url(siteUrl, p) })),
    ...CATEGORY_PAGES.map((c) => ({ loc: url(siteUrl, c.path) })),
    { loc: url(siteUrl, '/dealers') },
    ...[...storefronts]
      .sort((a, b) => a.slug.localeCompare(b.slug))
      .map((s) => ({
        loc: url(siteUrl, `/dealers/${encodeURIComponent(s.slug)}`),
        ...(s.updatedAt ? { lastmod: lastmod(s.updatedAt) } : {}),
      })),
  ];
  const sorted = [...listings]
    .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))
    .map((l) => ({ loc: url(siteUrl, truckPath(l.id)), lastmod: lastmod(l.updatedAt) }));
  const parts: SitemapFiles['parts'] = [{ name: 'pages.xml.gz', xml: urlset(pages), urls: pages.length }];
  for (let i = 0; i < sorted.length; i += size) {
    const chunk = sorted.slice(i, i + size);
    parts.push({ name: `listings-${i / size + 1}.xml.gz`, xml: urlset(chunk), urls: chunk.length });
  }
  const stamp = now.toISOString();
  const index = `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${parts
    .map((p) => `  <sitemap><loc>${escapeHtml(url(siteUrl, sitemapPartPath(p.name)))}</loc><lastmod>${stamp}</lastmod></sitemap>`)
    .join('\n')}\n</sitemapindex>\n`;
  return { index, parts };
}

/** Areas crawlers have no business in: the API, signed-in screens and the local dev tools. */
const ROBOTS_DISALLOW = [
  '/api/',
  '/admin',
  '/account',
  '/dashboard',
  '/subscription-dashboard',
  '/payment-success',
  '/payment-cancelled',
  '/equipment/order-success',
  '/unsubscribe',
  '/dealer-dashboard',
  '/edit-truck/',
  '/_dev/',
] as const;

export function buildRobotsTxt(siteUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...ROBOTS_DISALLOW.map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${url(siteUrl, '/sitemap.xml')}`,
    '',
  ].join('\n');
}
