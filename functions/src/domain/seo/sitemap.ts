/**
 * GET /sitemap.xml and GET /robots.txt, as pure functions of the site URL and the data. Only our
 * own listings go in the sitemap: scraped listings are someone else's content (and noindex).
 */
import { CATEGORY_PAGES } from '../../../../shared/values.js';
import { escapeHtml, truckPath } from './page-head.js';

/** Public pages worth indexing (spec §2); account, admin and payment pages are left out. */
export const SITEMAP_STATIC_PATHS = [
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

/** The sitemap protocol's limit per file; past it we would need a sitemap index. */
export const SITEMAP_MAX_URLS = 50_000;

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

/** The sitemap: static pages, category pages, then every active user listing (newest change first). */
export function buildSitemap(siteUrl: string, listings: readonly SitemapListing[]): string {
  const entries: Array<{ loc: string; lastmod?: string | null }> = [
    ...SITEMAP_STATIC_PATHS.map((p) => ({ loc: url(siteUrl, p) })),
    ...CATEGORY_PAGES.map((c) => ({ loc: url(siteUrl, c.path) })),
    ...[...listings]
      .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))
      .map((l) => ({ loc: url(siteUrl, truckPath(l.id)), lastmod: lastmod(l.updatedAt) })),
  ].slice(0, SITEMAP_MAX_URLS);
  const body = entries
    .map((e) => `  <url><loc>${escapeHtml(e.loc)}</loc>${e.lastmod ? `<lastmod>${e.lastmod}</lastmod>` : ''}</url>`)
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
}

/** Areas crawlers have no business in: the API, signed-in screens and the local dev tools. */
export const ROBOTS_DISALLOW = [
  '/api/',
  '/admin',
  '/dashboard',
  '/subscription-dashboard',
  '/payment-success',
  '/payment-cancelled',
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
