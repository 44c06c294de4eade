/**
 * The "plain full scan" the index is measured against: for each query, test every listing,
 * count facets, sort all matches with one comparator, slice the page. Same rules as the index
 * (and its results are checked against it, on the queries without words: keyword matching and
 * ranking have their own reference in search-index.test.ts), written the obvious way.
 */
import { DEFAULT_RADIUS_MILES } from '../shared/constants.js';
import type { Listing, ListingSearchQuery } from '../shared/schemas/listing.js';
import { CATEGORY_VALUES, FUEL_VALUES, MAKE_VALUES, TRANSMISSION_VALUES } from '../shared/values.js';
import { createPlaceCache, distanceMiles, resolveLocation } from '../functions/src/domain/geo/geo.js';

const placeOf = createPlaceCache();
const known = (p: number) => p > 0;
const parsed = new WeakMap<Listing, number>();
/** Dates parsed once per listing, as any sensible in-memory list would keep them. */
function createdMs(l: Listing): number {
  let ms = parsed.get(l);
  if (ms === undefined) {
    ms = Date.parse(l.createdAt);
    parsed.set(l, ms);
  }
  return ms;
}

export function fullScanSearch(all: Listing[], q: ListingSearchQuery, viewer: 'anonymous' | 'user') {
  const place = q.location ? resolveLocation(q.location) : null;
  const radius = q.radius ?? DEFAULT_RADIUS_MILES;
  const words = (q.q ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  const needle = !place && q.location ? q.location.toLowerCase() : null;
  const dist = new Map<string, number | null>();
  const base = (l: Listing): boolean => {
    if (
      (q.priceMin !== undefined || q.priceMax !== undefined) &&
      (!known(l.price) || l.price < (q.priceMin ?? 0) || l.price > (q.priceMax ?? Infinity))
    )
      return false;
    if (
      (q.yearMin !== undefined || q.yearMax !== undefined) &&
      (l.year == null || l.year < (q.yearMin ?? 0) || l.year > (q.yearMax ?? 9999))
    )
      return false;
    if (l.mileage != null && (l.mileage < (q.mileageMin ?? 0) || l.mileage > (q.mileageMax ?? Infinity))) return false;
    if (words.length) {
      const fields = [l.title, l.location, ...(viewer === 'user' ? [l.companyName, l.contactName] : [])].map((f) =>
        (f ?? '').toLowerCase(),
      );
      if (!words.every((w) => fields.some((f) => f.includes(w)))) return false;
    }
    if (place) {
      const text = l.postcode || l.location;
      if (text) {
        const at = placeOf(text);
        if (!at) return false;
        const d = distanceMiles(place.lat, place.lon, at.lat, at.lon);
        if (d > radius) return false;
        dist.set(l.id, Math.round(d * 10) / 10);
      } else dist.set(l.id, null);
    } else if (needle && (l.location || l.postcode) && !`${l.location ?? ''}\n${l.postcode ?? ''}`.toLowerCase().includes(needle))
      return false;
    return true;
  };
  const checks = {
    make: (l: Listing) => !q.make || l.make === q.make,
    category: (l: Listing) => !q.category || l.category === q.category,
    fuelType: (l: Listing) => !q.fuel.length || (l.fuelType !== null && q.fuel.includes(l.fuelType)),
    transmission: (l: Listing) => !q.transmission.length || (l.transmission !== null && q.transmission.includes(l.transmission)),
  };
  const facets = {
    make: Object.fromEntries(MAKE_VALUES.map((v) => [v, 0])) as Record<string, number>,
    category: Object.fromEntries(CATEGORY_VALUES.map((v) => [v, 0])) as Record<string, number>,
    fuelType: Object.fromEntries(FUEL_VALUES.map((v) => [v, 0])) as Record<string, number>,
    transmission: Object.fromEntries(TRANSMISSION_VALUES.map((v) => [v, 0])) as Record<string, number>,
  };
  const matches: Listing[] = [];
  for (const l of all) {
    if (l.status !== 'active' || !base(l)) continue;
    const mk = checks.make(l);
    const cat = checks.category(l);
    const fu = checks.fuelType(l);
    const tr = checks.transmission(l);
    if (mk && cat && fu && tr) matches.push(l);
    if (cat && fu && tr && l.make !== null) facets.make[l.make]++;
    if (mk && fu && tr && l.category !== null) facets.category[l.category]++;
    if (mk && cat && tr && l.fuelType !== null) facets.fuelType[l.fuelType]++;
    if (mk && cat && fu && l.transmission !== null) facets.transmission[l.transmission]++;
  }
  const recency = (a: Listing, b: Listing) => createdMs(b) - createdMs(a) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  const last = (a: boolean, b: boolean) => (a === b ? 0 : a ? 1 : -1);
  const cmp: Record<string, (a: Listing, b: Listing) => number> = {
    relevance: recency,
    newest: recency,
    'price-low': (a, b) => last(!known(a.price), !known(b.price)) || a.price - b.price || recency(a, b),
    'price-high': (a, b) => last(!known(a.price), !known(b.price)) || b.price - a.price || recency(a, b),
    'year-new': (a, b) => last(a.year == null, b.year == null) || (b.year ?? 0) - (a.year ?? 0) || recency(a, b),
    'year-old': (a, b) => last(a.year == null, b.year == null) || (a.year ?? 0) - (b.year ?? 0) || recency(a, b),
    'mileage-low': (a, b) => (a.mileage ?? 0) - (b.mileage ?? 0) || recency(a, b),
    'mileage-high': (a, b) => (b.mileage ?? 0) - (a.mileage ?? 0) || recency(a, b),
    distance: (a, b) => (dist.get(a.id) ?? 1e9) - (dist.get(b.id) ?? 1e9) || recency(a, b),
  };
  matches.sort(cmp[q.sort]);
  const start = (q.page - 1) * q.pageSize;
  return { items: matches.slice(start, start + q.pageSize), total: matches.length, facets };
}
