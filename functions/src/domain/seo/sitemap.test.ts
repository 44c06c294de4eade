import { describe, expect, it } from 'vitest';
import { CATEGORY_PAGES } from '../../../../shared/values.js';
import { SITEMAP_PART_NAME, buildRobotsTxt, buildSitemapFiles } from './sitemap.js';

const NOW = new Date('2026-11-23T12:00:00.000Z');
/** Every part's XML joined: what a crawler reads through the index. */
const buildSitemap = (site: string, listings: Array<{ id: string; updatedAt: string }>) =>
  buildSitemapFiles(site, listings, NOW)
    .parts.map((p) => p.xml)
    .join('');

const SITE = 'https://truckyard.example';
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);

describe('sitemap', () => {
  it('lists the static pages, every category page and each listing with its lastmod', () => {
    const xml = buildSitemap(SITE, [
      { id: '01AAA', updatedAt: '2026-11-01T10:00:00.000Z' },
      { id: '01BBB', updatedAt: '2026-11-03T10:00:00.000Z' },
    ]);

    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(locs(xml)).toEqual(
      expect.arrayContaining([`${SITE}/`, `${SITE}/vehicle-valuation`, `${SITE}/faq`, ...CATEGORY_PAGES.map((c) => `${SITE}${c.path}`)]),
    );
    expect(xml).toContain(`<url><loc>${SITE}/truck/01BBB</loc><lastmod>2026-11-03T10:00:00.000Z</lastmod></url>`);
    expect(xml).toContain(`<url><loc>${SITE}/truck/01AAA</loc><lastmod>2026-11-01T10:00:00.000Z</lastmod></url>`);
  });

  it('leaves out signed-in and admin pages', () => {
    const all = locs(buildSitemap(SITE, []));

    for (const p of ['/admin', '/dashboard', '/dealer-dashboard', '/auth']) expect(all).not.toContain(`${SITE}${p}`);
    expect(new Set(all).size).toBe(all.length);
  });

  it('escapes what it is given', () => {
    expect(buildSitemap('https://truckyard.example/?a=1&b=2', [])).toContain('&amp;b=2');
  });
});

describe('sitemap index and parts', () => {
  it('splits listings into parts of at most the limit, newest change first, each named in the index', () => {
    const listings = Array.from({ length: 7 }, (_, i) => ({ id: `L${i}`, updatedAt: `2026-11-0${i + 1}T00:00:00.000Z` }));
    const files = buildSitemapFiles(SITE, listings, NOW, 3);

    expect(files.parts.map((p) => [p.name, p.urls])).toEqual([
      ['pages.xml.gz', expect.any(Number)],
      ['listings-1.xml.gz', 3],
      ['listings-2.xml.gz', 3],
      ['listings-3.xml.gz', 1],
    ]);
    expect(locs(files.parts[1].xml)).toEqual([`${SITE}/truck/L6`, `${SITE}/truck/L5`, `${SITE}/truck/L4`]);
    expect(files.index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(locs(files.index)).toEqual(files.parts.map((p) => `${SITE}/sitemaps/${p.name}`));
    for (const p of files.parts) expect(p.name).toMatch(SITEMAP_PART_NAME);
  });

  it('never puts more than 50,000 URLs in one part', () => {
    const listings = Array.from({ length: 50_001 }, (_, i) => ({ id: `L${i}`, updatedAt: '2026-11-01T00:00:00.000Z' }));
    const files = buildSitemapFiles(SITE, listings, NOW, 1_000_000);
    expect(files.parts.map((p) => p.urls).slice(1)).toEqual([50_000, 1]);
  });
});

describe('robots.txt', () => {
  it('allows everything but the API, signed-in screens and dev tools, and names the sitemap', () => {
    const txt = buildRobotsTxt(`${SITE}/`);

    expect(txt).toContain('User-agent: *\nAllow: /\n');
    for (const p of ['/api/', '/admin', '/dashboard', '/dealer-dashboard', '/edit-truck/', '/_dev/']) {
      expect(txt).toContain(`\nDisallow: ${p}\n`);
    }
    expect(txt).toContain(`Sitemap: ${SITE}/sitemap.xml`);
  });
});
