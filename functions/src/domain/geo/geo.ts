import { allOutcodes, type Outcode } from './outcodes.js';

/** A place a search can be centred on: a postcode district's centroid. */
export interface Place {
  /** The district the place was resolved to, e.g. 'LS11'. */
  outcode: string;
  /** What to show the user, e.g. 'LS11 5AB, Leeds' or 'Manchester, Greater Manchester'. */
  label: string;
  lat: number;
  lon: number;
}

const EARTH_RADIUS_MILES = 3958.8;
const RAD = Math.PI / 180;

/**
 * A latitude difference in degrees beyond which two points are surely more than `miles` apart
 * (a great-circle distance is never less than the difference in latitude; with a margin for
 * rounding), so a radius search can skip measuring them.
 */
export function latitudeDegreesBeyond(miles: number): number {
  return (miles / EARTH_RADIUS_MILES / RAD) * (1 + 1e-9) + 1e-9;
}

/** Great-circle distance in miles (haversine). */
export function distanceMiles(aLat: number, aLon: number, bLat: number, bLon: number): number {
  const dLat = (bLat - aLat) * RAD;
  const dLon = (bLon - aLon) * RAD;
  const s = Math.sin(dLat / 2) ** 2 + Math.cos(aLat * RAD) * Math.cos(bLat * RAD) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(s)));
}

const FULL_POSTCODE = /^([A-Z]{1,2}\d[A-Z\d]?)\s*(\d[A-Z]{2})$/;
const DISTRICT = /^[A-Z]{1,2}\d[A-Z\d]?$/;
const POSTCODE_INSIDE = /\b([A-Z]{1,2}\d[A-Z\d]?)\s*(\d[A-Z]{2})\b/;

interface Gazetteer {
  byOutcode: Map<string, Outcode>;
  /** Lower-case town or county name → its districts in natural order (LS1, LS2 … LS10). */
  byTown: Map<string, Outcode[]>;
  byCounty: Map<string, Outcode[]>;
  /** 'london' → Greater London: used only when no town or county has the name itself. */
  byGreater: Map<string, Outcode[]>;
}

/** LS1 < LS2 < LS10 < LS11; letters first, then the number, then any suffix. */
function naturalOutcodeOrder(a: Outcode, b: Outcode): number {
  const pa = /^([A-Z]+)(\d+)(.*)$/.exec(a.outcode);
  const pb = /^([A-Z]+)(\d+)(.*)$/.exec(b.outcode);
  if (!pa || !pb) return a.outcode < b.outcode ? -1 : 1;
  if (pa[1] !== pb[1]) return pa[1] < pb[1] ? -1 : 1;
  if (pa[2] !== pb[2]) return Number(pa[2]) - Number(pb[2]);
  return pa[3] < pb[3] ? -1 : pa[3] > pb[3] ? 1 : 0;
}

function addTo(map: Map<string, Outcode[]>, key: string, row: Outcode) {
  const k = key.trim().toLowerCase();
  if (!k) return;
  const list = map.get(k);
  if (list) list.push(row);
  else map.set(k, [row]);
}

let gazetteer: Gazetteer | undefined;
function load(): Gazetteer {
  if (gazetteer) return gazetteer;
  const byOutcode = new Map<string, Outcode>();
  const byTown = new Map<string, Outcode[]>();
  const byCounty = new Map<string, Outcode[]>();
  const byGreater = new Map<string, Outcode[]>();
  for (const row of allOutcodes()) {
    byOutcode.set(row.outcode, row);
    if (row.town) {
      addTo(byTown, row.town, row);
      // "Douglas, Braddan" names two places.
      if (row.town.includes(',')) for (const part of row.town.split(',')) addTo(byTown, part, row);
    }
    if (row.county) {
      addTo(byCounty, row.county, row);
      // "Greater London", "Greater Manchester": a search for "London" means the county.
      if (/^greater\s+/i.test(row.county)) addTo(byGreater, row.county.replace(/^greater\s+/i, ''), row);
    }
  }
  for (const list of byTown.values()) list.sort(naturalOutcodeOrder);
  for (const list of byCounty.values()) list.sort(naturalOutcodeOrder);
  for (const list of byGreater.values()) list.sort(naturalOutcodeOrder);
  gazetteer = { byOutcode, byTown, byCounty, byGreater };
  return gazetteer;
}

function districtPlace(row: Outcode, shown: string): Place {
  const where = row.town ?? row.county;
  return { outcode: row.outcode, label: where ? `${shown}, ${where}` : shown, lat: row.lat, lon: row.lon };
}

function lookupPostcodeOrDistrict(upper: string): Place | null {
  const { byOutcode } = load();
  const compact = upper.replace(/\s+/g, '');
  const full = FULL_POSTCODE.exec(compact);
  if (full) {
    const row = byOutcode.get(full[1]);
    if (row) return districtPlace(row, `${full[1]} ${full[2]}`);
  }
  if (DISTRICT.test(compact)) {
    const row = byOutcode.get(compact);
    if (row) return districtPlace(row, compact);
  }
  return null;
}

function lookupName(lower: string): Place | null {
  const { byTown, byCounty, byGreater } = load();
  const towns = byTown.get(lower) ?? [];
  const counties = byCounty.get(lower) ?? (towns.length === 0 ? byGreater.get(lower) : undefined) ?? [];
  // "Leeds" is both a village in Kent (one district) and the city's county area (LS…): the larger place wins.
  const group = counties.length > towns.length ? counties : towns;
  if (group.length === 0) return null;
  const first = group[0];
  const name = group === towns ? first.town : first.county;
  const context = group === towns ? first.county : null;
  const label = context && context !== name ? `${name}, ${context}` : (name ?? first.outcode);
  return { outcode: first.outcode, label, lat: first.lat, lon: first.lon };
}

/**
 * Places free text: a full postcode ('LS11 5AB', 'ls115ab') or district ('M1', 'SW1A') → that
 * district's centroid; a town or county name (case-insensitive, exact) → its first district.
 * Text like 'Leeds, West Yorkshire' or 'Unit 4, Leeds LS11 5AB' is tried part by part.
 * Returns null when nothing matches.
 */
export function resolveLocation(text: string | null | undefined): Place | null {
  if (!text) return null;
  const trimmed = text.trim();
  if (!trimmed) return null;
  const upper = trimmed.toUpperCase();
  const direct = lookupPostcodeOrDistrict(upper) ?? lookupName(trimmed.toLowerCase().replace(/\s+/g, ' '));
  if (direct) return direct;
  const inside = POSTCODE_INSIDE.exec(upper);
  if (inside) {
    const place = lookupPostcodeOrDistrict(`${inside[1]}${inside[2]}`);
    if (place) return place;
  }
  if (trimmed.includes(',')) {
    for (const part of trimmed.split(',')) {
      const p = part.trim();
      if (!p) continue;
      const place = lookupPostcodeOrDistrict(p.toUpperCase()) ?? lookupName(p.toLowerCase().replace(/\s+/g, ' '));
      if (place) return place;
    }
  }
  return null;
}

/** Memoised resolveLocation for the search index, which places the same few hundred town names over and over. */
export function createPlaceCache(limit = 50_000) {
  const cache = new Map<string, Place | null>();
  return (text: string | null | undefined): Place | null => {
    if (!text) return null;
    const hit = cache.get(text);
    if (hit !== undefined) return hit;
    const place = resolveLocation(text);
    if (cache.size >= limit) cache.clear();
    cache.set(text, place);
    return place;
  };
}
