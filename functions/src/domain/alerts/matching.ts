import { type AlertPreferences, DEFAULT_ALERT_RADIUS_MILES, groupThousands } from '../../../../shared/schemas/alerts.js';
import type { Listing } from '../../../../shared/schemas/listing.js';
import { fuelLabel, makeLabel, transmissionLabel } from '../../../../shared/values.js';
import { distanceMiles, resolveLocation } from '../geo/geo.js';

/**
 * Matching a listing against alert preferences (issue 10 §5). Known values only, as browse filters
 * do: a preference for a make, fuel, gearbox, year, mileage or place matches only listings known
 * to have one that fits. A POA listing (price 0) matches only preferences without a budget maximum.
 * Every match says why it matched.
 */
export interface Criteria {
  make: string | null;
  /** Lower-case words the model (or title) must contain. */
  model: string | null;
  budgetMin: number | null;
  budgetMax: number | null;
  yearMin: number | null;
  yearMax: number | null;
  fuelType: string | null;
  transmission: string | null;
  maxMileage: number | null;
  place: { lat: number; lon: number; label: string; radius: number } | null;
  /** A location was given that no postcode or town resolves: nothing can be shown to be near it. */
  placeUnknown: boolean;
}

/** Done once per preference (resolving the place is the slow part), not once per listing. */
export function compileCriteria(p: AlertPreferences): Criteria {
  const resolved = p.location ? resolveLocation(p.location) : null;
  return {
    make: p.make,
    model: p.model ? p.model.trim().toLowerCase() : null,
    budgetMin: p.budgetMin,
    budgetMax: p.budgetMax,
    yearMin: p.yearMin,
    yearMax: p.yearMax,
    fuelType: p.fuelType,
    transmission: p.transmission,
    maxMileage: p.maxMileage,
    place: resolved
      ? { lat: resolved.lat, lon: resolved.lon, label: resolved.label, radius: p.radiusMiles ?? DEFAULT_ALERT_RADIUS_MILES }
      : null,
    placeUnknown: Boolean(p.location) && !resolved,
  };
}

/** Where a listing is, resolved once per listing. */
export interface ListingPoint {
  listing: Listing;
  point: { lat: number; lon: number } | null;
  /** The model in lower case, once. */
  model: string | null;
}

export function locateListing(listing: Listing): ListingPoint {
  const place = resolveLocation(listing.postcode) ?? resolveLocation(listing.location);
  return { listing, point: place ? { lat: place.lat, lon: place.lon } : null, model: listing.model?.toLowerCase() ?? null };
}

const gbp = (n: number) => `£${groupThousands(n)}`;

/** Whether a listing matches: the same rule as matchReasons, with no strings built (the hot loop). */
export function matchesCriteria(c: Criteria, { listing: l, point, model }: ListingPoint): boolean {
  if (c.make !== null && l.make !== c.make) return false;
  if (c.budgetMax !== null && (!l.price || l.price > c.budgetMax)) return false;
  if (c.budgetMin !== null && l.price && l.price < c.budgetMin) return false;
  if (c.yearMin !== null && (l.year === null || l.year < c.yearMin)) return false;
  if (c.yearMax !== null && (l.year === null || l.year > c.yearMax)) return false;
  if (c.fuelType !== null && l.fuelType !== c.fuelType) return false;
  if (c.transmission !== null && l.transmission !== c.transmission) return false;
  if (c.maxMileage !== null && (l.mileage === null || l.mileage > c.maxMileage)) return false;
  if (c.placeUnknown) return false;
  if (c.place !== null) {
    if (point === null) return false;
    // A cheap box test first: one degree of latitude is ~69 miles.
    const dLat = Math.abs(point.lat - c.place.lat) * 69;
    if (dLat > c.place.radius) return false;
    if (distanceMiles(c.place.lat, c.place.lon, point.lat, point.lon) > c.place.radius) return false;
  }
  if (c.model !== null && !model?.includes(c.model)) return false;
  return true;
}

/**
 * Preferences grouped by make (most name one), so a new listing is tested only against those for
 * its make and those for any make: the instant path's way to stay in single-digit milliseconds.
 */
export function createMatchIndex<K>(entries: Array<{ key: K; criteria: Criteria }>) {
  // Parallel arrays per make: the hot loop reads criteria without an object hop per entry.
  const byMake = new Map<string | null, { keys: K[]; criteria: Criteria[] }>();
  for (const e of entries) {
    let bucket = byMake.get(e.criteria.make);
    if (!bucket) {
      bucket = { keys: [], criteria: [] };
      byMake.set(e.criteria.make, bucket);
    }
    bucket.keys.push(e.key);
    bucket.criteria.push(e.criteria);
  }
  return {
    /** Keys whose preferences the listing matches. */
    match(lp: ListingPoint): K[] {
      const out: K[] = [];
      for (const bucket of [byMake.get(null), lp.listing.make === null ? undefined : byMake.get(lp.listing.make)]) {
        if (!bucket) continue;
        const { keys, criteria } = bucket;
        for (let i = 0; i < criteria.length; i++) if (matchesCriteria(criteria[i], lp)) out.push(keys[i]);
      }
      return out;
    },
  };
}

/** The reasons a listing matches, or null when it does not. */
export function matchReasons(c: Criteria, lp: ListingPoint): string[] | null {
  if (!matchesCriteria(c, lp)) return null;
  const { listing: l, point } = lp;
  const reasons: string[] = [];
  if (c.make) {
    if (l.make !== c.make) return null;
    reasons.push(`Make: ${makeLabel(l.make)}`);
  }
  if (c.model) {
    if (!l.model?.toLowerCase().includes(c.model)) return null;
    reasons.push(`Model: ${l.model}`);
  }
  if (c.budgetMin !== null || c.budgetMax !== null) {
    const poa = !l.price;
    if (poa) {
      if (c.budgetMax !== null) return null;
      reasons.push('Price on application (you set no maximum budget)');
    } else {
      if (c.budgetMin !== null && l.price < c.budgetMin) return null;
      if (c.budgetMax !== null && l.price > c.budgetMax) return null;
      const range =
        c.budgetMin !== null && c.budgetMax !== null
          ? `${gbp(c.budgetMin)}–${gbp(c.budgetMax)}`
          : c.budgetMax !== null
            ? `up to ${gbp(c.budgetMax)}`
            : `from ${gbp(c.budgetMin as number)}`;
      reasons.push(`${gbp(l.price)} is within your budget (${range})`);
    }
  }
  if (c.yearMin !== null || c.yearMax !== null) {
    if (l.year === null) return null;
    if (c.yearMin !== null && l.year < c.yearMin) return null;
    if (c.yearMax !== null && l.year > c.yearMax) return null;
    reasons.push(`Year ${l.year} (you asked for ${c.yearMin ?? 'any'}–${c.yearMax ?? 'any'})`);
  }
  if (c.fuelType) {
    if (l.fuelType !== c.fuelType) return null;
    reasons.push(`Fuel: ${fuelLabel(l.fuelType)}`);
  }
  if (c.transmission) {
    if (l.transmission !== c.transmission) return null;
    reasons.push(`Gearbox: ${transmissionLabel(l.transmission)}`);
  }
  if (c.maxMileage !== null) {
    if (l.mileage === null || l.mileage > c.maxMileage) return null;
    reasons.push(`${groupThousands(l.mileage)} miles (your maximum ${groupThousands(c.maxMileage)})`);
  }
  if (c.placeUnknown) return null;
  if (c.place) {
    if (!point) return null;
    const miles = distanceMiles(c.place.lat, c.place.lon, point.lat, point.lon);
    if (miles > c.place.radius) return null;
    reasons.push(`${Math.round(miles)} miles from ${c.place.label} (within ${c.place.radius})`);
  }
  if (reasons.length === 0) reasons.push('A new truck (you asked to hear about every listing)');
  return reasons;
}

/** The browse URL with the preferences as filters, for "and N more". */
export function browseUrlFor(siteUrl: string, p: AlertPreferences): string {
  const q = new URLSearchParams();
  if (p.make) q.set('make', p.make);
  if (p.model) q.set('q', p.model);
  if (p.budgetMin !== null) q.set('priceMin', String(p.budgetMin));
  if (p.budgetMax !== null) q.set('priceMax', String(p.budgetMax));
  if (p.yearMin !== null) q.set('yearMin', String(p.yearMin));
  if (p.yearMax !== null) q.set('yearMax', String(p.yearMax));
  if (p.fuelType) q.set('fuel', p.fuelType);
  if (p.transmission) q.set('transmission', p.transmission);
  if (p.maxMileage !== null) q.set('mileageMax', String(p.maxMileage));
  if (p.location) {
    q.set('location', p.location);
    q.set('radius', String(p.radiusMiles ?? DEFAULT_ALERT_RADIUS_MILES));
  }
  const s = q.toString();
  return `${siteUrl}/${s ? `?${s}` : ''}`;
}
