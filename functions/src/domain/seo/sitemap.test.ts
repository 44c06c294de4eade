import { describe, expect, it } from 'vitest';
import { CATEGORY_PAGES } from '../../../../shared/values.js';
import { buildRobotsTxt, buildSitemap } from './sitemap.js';

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
