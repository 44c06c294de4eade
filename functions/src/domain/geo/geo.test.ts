import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { distanceMiles, latitudeDegreesBeyond, resolveLocation } from './geo.js';
import { allOutcodes } from './outcodes.js';
import { UK_OUTCODES_CSV } from './uk-outcodes.data.js';

const here = dirname(fileURLToPath(import.meta.url));
const csv = readFileSync(join(here, '../../../../shared/data/uk-outcodes.csv'), 'utf8');

describe('outcode data', () => {
  it('matches shared/data/uk-outcodes.csv exactly (regenerate with generate-outcodes.ts)', () => {
    expect(UK_OUTCODES_CSV).toBe(csv);
  });
  it('parses all 2,848 districts with numeric centroids', () => {
    const rows = allOutcodes();
    expect(rows).toHaveLength(2848);
    for (const r of rows) {
      expect(Number.isFinite(r.lat) && Number.isFinite(r.lon)).toBe(true);
      expect(r.outcode).toMatch(/^[A-Z]{1,2}\d[A-Z\d]?$/);
    }
  });
  it('keeps quoted town names with commas whole', () => {
    // The data's IM1 row is `IM1,54.15048,-4.48174,"Douglas, Braddan"`.
    const im1 = allOutcodes().find((o) => o.outcode === 'IM1');
    expect(im1).toEqual({ outcode: 'IM1', lat: 54.15048, lon: -4.48174, town: 'Douglas, Braddan', county: null });
  });
});

describe('resolveLocation', () => {
  it('places a full postcode, with or without the space and in any case, at its district', () => {
    for (const text of ['LS11 5AB', 'ls115ab', ' Ls11 5ab ']) {
      const place = resolveLocation(text);
      expect(place?.outcode).toBe('LS11');
      expect(place?.label).toBe('LS11 5AB, Leeds');
    }
  });
  it('places a district', () => {
    expect(resolveLocation('M1')).toMatchObject({ outcode: 'M1', label: 'M1, Manchester' });
    expect(resolveLocation('sw1a')).toMatchObject({ outcode: 'SW1A', label: 'SW1A, Westminster' });
  });
  it('places a town at its first district, case-insensitively', () => {
    expect(resolveLocation('manchester')).toMatchObject({ outcode: 'M1', label: 'Manchester, Greater Manchester' });
  });
  it('prefers the city over a village of the same name', () => {
    expect(resolveLocation('Leeds')?.outcode).toBe('LS1');
    expect(resolveLocation('London')?.outcode).toMatch(/^(E|EC|N|NW|SE|SW|W|WC|BR|CR|DA|EN|HA|IG|KT|RM|SM|TW|UB)\d/);
  });
  it('tries comma-separated parts and embedded postcodes', () => {
    expect(resolveLocation('Leeds, West Yorkshire')?.outcode).toBe('LS1');
    expect(resolveLocation('Unit 4, Trafford Park Road, Manchester M17 1HB')?.outcode).toBe('M17');
  });
  it('returns null for text it cannot place', () => {
    expect(resolveLocation('Atlantis')).toBeNull();
    expect(resolveLocation('ZZ99 9ZZ')).toBeNull();
    expect(resolveLocation('')).toBeNull();
    expect(resolveLocation(null)).toBeNull();
  });
});

describe('distanceMiles', () => {
  it('measures Manchester to Leeds as about 36 miles', () => {
    const m1 = resolveLocation('M1')!;
    const ls1 = resolveLocation('LS1')!;
    const d = distanceMiles(m1.lat, m1.lon, ls1.lat, ls1.lon);
    expect(d).toBeGreaterThan(33);
    expect(d).toBeLessThan(39);
  });
  it('is zero for the same point and symmetric', () => {
    expect(distanceMiles(51.5, -0.1, 51.5, -0.1)).toBe(0);
    expect(distanceMiles(51.5, -0.1, 53.4, -2.2)).toBeCloseTo(distanceMiles(53.4, -2.2, 51.5, -0.1), 9);
  });
});

describe('latitudeDegreesBeyond', () => {
  it('never skips a place within the radius: every pair further apart in latitude is further apart than the radius', () => {
    const places = allOutcodes();
    const skippedWithin: string[] = [];
    for (const radius of [1, 10, 25, 50, 200]) {
      const band = latitudeDegreesBeyond(radius);
      for (let i = 0; i < places.length; i += 7) {
        const a = places[i];
        for (let j = 0; j < places.length; j += 13) {
          const b = places[j];
          if (Math.abs(a.lat - b.lat) > band && distanceMiles(a.lat, a.lon, b.lat, b.lon) <= radius) skippedWithin.push(`${i}-${j}`);
        }
      }
      expect(skippedWithin).toEqual([]);
      // On one meridian the distance is the latitude difference: the band is no wider than it must be.
      expect(distanceMiles(52, -1, 52 + band * 0.999, -1)).toBeLessThan(radius);
    }
  });
});
