import { formatPhone, parsePhone } from '../../shared/phone.js';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isValid as isUlid } from 'ulid';
import { describe, expect, it, vi } from 'vitest';
import { CATEGORY_PAGES, CATEGORY_VALUES, FUEL_VALUES, MAKE_VALUES, TRANSMISSION_VALUES } from '../../shared/values.js';
import { AXLE_CONFIGS, CAB_VALUES, EURO_VALUES, LISTING_STATUSES, VAT_VALUES } from '../../shared/listing-options.js';
import { DEMO_LISTINGS, DEMO_PASSWORD, DEMO_SCRAPED, DEMO_USERS, demoImageKeys, toListingRecord, toScrapedRecord } from './data.js';
/** The rule's value, stated here rather than imported, so a change to it fails this test. */
const SCRAPED_SOURCES = ['truckfinder.example', 'hgvtrader.example', 'lorrymart.example'] as const;

const here = path.dirname(fileURLToPath(import.meta.url));
const OUTCODES = new Set(
  readFileSync(path.join(here, '../../shared/data/uk-outcodes.csv'), 'utf8')
    .split('\n')
    .slice(1)
    .map((line) => line.split(',')[0].trim().toUpperCase())
    .filter(Boolean),
);
const outcodeOf = (postcode: string) => postcode.trim().toUpperCase().split(/\s+/)[0];
/** Ofcom's numbers reserved for drama, so no real person is ever called. */
const DRAMA_PHONE = /^(01632 960\d{3}|07700 900\d{3}|0113 496 0\d{3}|0121 496 0\d{3}|0161 496 0\d{3}|020 7946 0\d{3})$/;
const NOW = new Date('2026-11-22T12:00:00Z');

describe('demo listings', () => {
  it('has at least 60 listings covering all nine category pages', () => {
    expect(DEMO_LISTINGS.length).toBeGreaterThanOrEqual(60);
    const categories = new Set(DEMO_LISTINGS.map((l) => l.category));
    for (const page of CATEGORY_PAGES) expect(categories, page.category).toContain(page.category);
    // Every demo truck has a real body type: 'Other' listings show on no category page (issue 9 §3).
    expect(categories).not.toContain('other');
  });

  it('uses only canonical values for every coded field', () => {
    for (const l of DEMO_LISTINGS) {
      expect(MAKE_VALUES, l.title).toContain(l.make);
      expect(CATEGORY_VALUES, l.title).toContain(l.category);
      expect(FUEL_VALUES, l.title).toContain(l.fuelType);
      expect(TRANSMISSION_VALUES, l.title).toContain(l.transmission);
      expect(AXLE_CONFIGS, l.title).toContain(l.axleConfig);
      expect(EURO_VALUES, l.title).toContain(l.euroStandard);
      expect(CAB_VALUES, l.title).toContain(l.cabType);
      expect(VAT_VALUES, l.title).toContain(l.vatStatus);
      expect(LISTING_STATUSES, l.title).toContain(l.status);
      expect([7.5, 12, 18, 26, 32, 44], l.title).toContain(l.gvwTonnes);
    }
  });

  it('weights makes roughly by UK market share (DAF most common) and uses every main make', () => {
    const count = (make: string) => DEMO_LISTINGS.filter((l) => l.make === make).length;
    for (const make of ['daf', 'mercedes', 'scania', 'volvo', 'man', 'iveco', 'renault', 'ford', 'isuzu', 'mitsubishi']) {
      expect(count(make), make).toBeGreaterThan(0);
    }
    expect(count('daf')).toBe(Math.max(...MAKE_VALUES.map(count)));
  });

  it('has plausible years, mileages, prices and Euro standards', () => {
    const thisYear = NOW.getUTCFullYear();
    for (const l of DEMO_LISTINGS) {
      expect(l.year, l.title).toBeGreaterThanOrEqual(2008);
      expect(l.year, l.title).toBeLessThanOrEqual(thisYear);
      expect(l.title.startsWith(`${l.year} `), l.title).toBe(true);
      expect(l.mileage, l.title).toBeGreaterThan(0);
      expect(l.mileage, l.title).toBeLessThanOrEqual(l.category === 'articulated' ? 600_000 : 320_000);
      if (l.price !== 0) {
        expect(l.price, l.title).toBeGreaterThanOrEqual(8_000);
        expect(l.price, l.title).toBeLessThanOrEqual(120_000);
      }
      if (l.year >= 2014) expect(l.euroStandard, l.title).toBe('euro6');
      else expect(l.euroStandard, l.title).not.toBe('euro6');
    }
    const poa = DEMO_LISTINGS.filter((l) => l.price === 0);
    expect(poa.length).toBeGreaterThanOrEqual(2);
    expect(poa.length).toBeLessThanOrEqual(3);
    const plusVat = DEMO_LISTINGS.filter((l) => l.vatStatus === 'plus_vat').length;
    expect(plusVat / DEMO_LISTINGS.length).toBeGreaterThan(0.8);
    expect(DEMO_LISTINGS.some((l) => l.vatStatus === 'no_vat')).toBe(true);
  });

  it('is mostly active, with 2 sold, 1 inactive and 1 pending', () => {
    const byStatus = (s: string) => DEMO_LISTINGS.filter((l) => l.status === s).length;
    expect(byStatus('sold')).toBe(2);
    expect(byStatus('inactive')).toBe(1);
    expect(byStatus('pending')).toBe(1);
    expect(byStatus('active')).toBe(DEMO_LISTINGS.length - 4);
  });

  it('places every listing at a postcode whose district is in the UK outcode list', () => {
    for (const l of DEMO_LISTINGS) {
      expect(OUTCODES.has(outcodeOf(l.depot.postcode)), `${l.title}: ${l.depot.postcode}`).toBe(true);
      expect(l.depot.postcode).toMatch(/^[A-Z]{1,2}\d[A-Z\d]? \d[A-Z]{2}$/);
    }
  });

  it('is deterministic: ids, titles and pictures are the same on every build', async () => {
    vi.resetModules();
    const rebuilt = await import('./data.js');
    expect(rebuilt.DEMO_LISTINGS).not.toBe(DEMO_LISTINGS);
    // Scraped ids too: derived from source and external id, so re-scraping updates the same item.
    expect(rebuilt.DEMO_SCRAPED.map((s) => s.id)).toEqual(DEMO_SCRAPED.map((s) => s.id));
    const again = rebuilt.DEMO_LISTINGS;
    expect(again.map((l) => [l.id, l.title, l.imageCount, l.artSeed])).toEqual(
      DEMO_LISTINGS.map((l) => [l.id, l.title, l.imageCount, l.artSeed]),
    );
    expect(again.map((l) => l.description(NOW))).toEqual(DEMO_LISTINGS.map((l) => l.description(NOW)));
    // And the same text on every call: a description once drew its closing line on each call.
    expect(DEMO_LISTINGS.map((l) => l.description(NOW))).toEqual(DEMO_LISTINGS.map((l) => l.description(NOW)));
    expect(DEMO_LISTINGS.map((l) => l.title)).toContain('2020 DAF XF 480 FT Space Cab');
  });

  it('gives every listing a unique ULID and 1–6 image keys under listings/', () => {
    expect(new Set(DEMO_LISTINGS.map((l) => l.id)).size).toBe(DEMO_LISTINGS.length);
    const allKeys = DEMO_LISTINGS.flatMap(demoImageKeys);
    expect(new Set(allKeys).size).toBe(allKeys.length);
    for (const l of DEMO_LISTINGS) {
      expect(isUlid(l.id), l.id).toBe(true);
      expect(l.imageCount).toBeGreaterThanOrEqual(1);
      expect(l.imageCount).toBeLessThanOrEqual(6);
      for (const key of demoImageKeys(l)) expect(key).toMatch(/^listings\/[0-9A-HJKMNP-TV-Z]{26}$/);
    }
  });

  it('spreads creation over the last 60 days and writes dealer-style descriptions', () => {
    const records = DEMO_LISTINGS.map((l) => toListingRecord(l, 'user-1', [], NOW));
    for (const r of records) {
      const ageDays = (NOW.getTime() - Date.parse(r.createdAt)) / 86_400_000;
      expect(ageDays).toBeGreaterThanOrEqual(0);
      expect(ageDays).toBeLessThan(60);
      expect(r.updatedAt >= r.createdAt).toBe(true);
      expect(r.description).toMatch(/MOT until [A-Z][a-z]+ \d{4}/);
      expect(r.description).toContain('miles');
      expect(r.features?.length).toBeGreaterThan(0);
    }
    const ages = records.map((r) => Date.parse(r.createdAt));
    expect(Math.max(...ages) - Math.min(...ages)).toBeGreaterThan(45 * 86_400_000);
    const london = DEMO_LISTINGS.filter((l) => l.depot.london && l.gvwTonnes > 12).map((l) => l.description(NOW));
    expect(london.length).toBeGreaterThan(0);
    for (const d of london) expect(d).toContain('DVS 3-star');
  });
});

describe('demo users', () => {
  it('has an admin, a super admin, at least 3 dealers, a private seller and a buyer, all with the demo password', () => {
    const roles = DEMO_USERS.map((u) => u.role);
    expect(roles.filter((r) => r === 'dealer').length).toBeGreaterThanOrEqual(3);
    expect(roles).toContain('private_seller');
    expect(roles).toContain('buyer');
    expect(DEMO_USERS.find((u) => u.email === 'admin@truckyard.example')?.groups).toEqual(['admins']);
    expect(DEMO_USERS.find((u) => u.email === 'superadmin@truckyard.example')?.groups).toEqual(['super_admins', 'admins']);
    expect(DEMO_PASSWORD.length).toBeGreaterThanOrEqual(8);
  });

  it('gives each staff account (and only staff) a distinct fixed TOTP secret, base32 of 160 bits', () => {
    const staff = DEMO_USERS.filter((u) => u.groups.some((g) => g === 'admins' || g === 'super_admins'));
    expect(staff.map((u) => u.email).sort()).toEqual(
      DEMO_USERS.filter((u) => u.totpSecret)
        .map((u) => u.email)
        .sort(),
    );
    for (const u of staff) expect(u.totpSecret).toMatch(/^[A-Z2-7]{32}$/);
    expect(new Set(staff.map((u) => u.totpSecret)).size).toBe(staff.length);
    for (const u of DEMO_USERS.filter((x) => !staff.includes(x))) expect(u.totpSecret).toBeUndefined();
  });

  it('uses fictional contact details: drama-range phones and example e-mail domains', () => {
    for (const u of DEMO_USERS) {
      // Stored in E.164, shown in UK format.
      expect(parsePhone(u.phone), u.name).toBe(u.phone);
      expect(formatPhone(u.phone), u.name).toMatch(DRAMA_PHONE);
      expect(u.email, u.name).toMatch(/@[a-z0-9.-]+\.example$/);
      for (const d of u.depots) expect(OUTCODES.has(outcodeOf(d.postcode)), d.postcode).toBe(true);
    }
    for (const s of DEMO_SCRAPED) if (s.dealerContact) expect(s.dealerContact).toMatch(DRAMA_PHONE);
  });

  it('lists trucks from at least 3 dealers and 1 private seller', () => {
    const sellers = new Set(DEMO_LISTINGS.map((l) => l.seller));
    const dealers = DEMO_USERS.filter((u) => u.accountType === 'dealer' && sellers.has(u.key));
    const privates = DEMO_USERS.filter((u) => u.role === 'private_seller' && sellers.has(u.key));
    expect(dealers.length).toBeGreaterThanOrEqual(3);
    expect(privates.length).toBe(1);
    for (const l of DEMO_LISTINGS.filter((x) => x.seller === privates[0].key)) expect(l.vatStatus).toBe('no_vat');
  });
});

describe('demo scraped listings', () => {
  it('has at least 20 from 2–3 named source sites, with deterministic ids and source URLs on the site', () => {
    expect(DEMO_SCRAPED.length).toBeGreaterThanOrEqual(20);
    const sites = new Set(DEMO_SCRAPED.map((s) => s.sourceWebsite));
    expect(sites.size).toBeGreaterThanOrEqual(2);
    expect(sites.size).toBeLessThanOrEqual(3);
    for (const s of DEMO_SCRAPED) {
      expect(SCRAPED_SOURCES).toContain(s.sourceWebsite);
      expect(s.id.startsWith(`${s.sourceWebsite.split('.')[0]}-`)).toBe(true);
      expect(new URL(s.sourceUrl).hostname).toBe(s.sourceWebsite);
    }
    expect(new Set(DEMO_SCRAPED.map((s) => s.id)).size).toBe(DEMO_SCRAPED.length);
  });

  it('leaves some year, price, fuel and category out, so "Not stated" is exercised', () => {
    expect(DEMO_SCRAPED.some((s) => s.year === null)).toBe(true);
    expect(DEMO_SCRAPED.some((s) => s.price === null)).toBe(true);
    expect(DEMO_SCRAPED.some((s) => s.fuelType === null)).toBe(true);
    expect(DEMO_SCRAPED.some((s) => s.category === null)).toBe(true);
    for (const s of DEMO_SCRAPED) {
      if (s.category) expect(CATEGORY_VALUES).toContain(s.category);
      if (s.fuelType) expect(FUEL_VALUES).toContain(s.fuelType);
    }
    const record = toScrapedRecord(DEMO_SCRAPED[0], NOW);
    expect(record.scrapedAt <= NOW.toISOString()).toBe(true);
  });

  it("are older than the six newest active listings, so 'Latest Trucks' shows listings with pictures", () => {
    const newestScraped = Math.max(...DEMO_SCRAPED.map((s) => Date.parse(toScrapedRecord(s, NOW).scrapedAt)));
    const active = DEMO_LISTINGS.filter((l) => l.status === 'active').map((l) => Date.parse(toListingRecord(l, 'u', [], NOW).createdAt));
    const sixth = active.sort((a, b) => b - a)[5];
    expect(sixth).toBeGreaterThan(newestScraped);
  });
});
