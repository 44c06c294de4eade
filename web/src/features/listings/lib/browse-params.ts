import { currentYear, DEFAULT_RADIUS_MILES, LIMITS, SLIDER, SORT_VALUES, type SortOption } from '@shared/constants';
import type { QueryValue } from '@/lib/api-client';
import { CLEAN_AIR_ZONE_IDS } from '@shared/compliance/compliance';
import {
  type Category,
  CATEGORY_VALUES,
  type Fuel,
  FUEL_VALUES,
  type Make,
  MAKE_VALUES,
  type Transmission,
  TRANSMISSION_VALUES,
} from '@shared/values';

/**
 * Browse state ↔ URL. Everything a buyer sets (search text, filters, sort, page, view) lives in the
 * query string under the API's own parameter names, so a URL can be shared, back works, and the
 * API query is the URL plus the page's fixed category. Slider end-points mean "no limit" and are
 * left out of both.
 */

export type Range = [number, number];
export type ViewMode = 'grid' | 'list';

export interface BrowseFilters {
  price: Range;
  year: Range;
  mileage: Range;
  make: Make | '';
  category: Category | '';
  fuel: Fuel[];
  transmission: Transmission[];
  /** Fair-price band or better (issue 13): '' = any. */
  rating: RatingFilter | '';
  /** "No clean-air charges in": zone ids (shared/compliance/zones.ts). */
  cleanAir: string[];
  /** "Mileage consistent" (issue 27): only listings whose annual tests bear out the mileage. */
  mileageConsistent: boolean;
  /** "Recently reduced" (issue 26 §4): a price cut in the last 14 UK days. */
  reduced: boolean;
  location: string;
  radius: number;
}

export type RatingFilter = 'great' | 'good' | 'fair';
const RATING_FILTERS: RatingFilter[] = ['great', 'good', 'fair'];

export interface BrowseState {
  q: string;
  filters: BrowseFilters;
  sort: SortOption;
  page: number;
  view: ViewMode;
}

export interface Bounds {
  price: Range;
  year: Range;
  mileage: Range;
}

export function sliderBounds(now: Date = new Date()): Bounds {
  return {
    price: [SLIDER.price.min, SLIDER.price.max],
    year: [SLIDER.year.min, currentYear(now)],
    mileage: [SLIDER.mileage.min, SLIDER.mileage.max],
  };
}

export function defaultFilters(bounds: Bounds = sliderBounds()): BrowseFilters {
  return {
    price: [...bounds.price],
    year: [...bounds.year],
    mileage: [...bounds.mileage],
    make: '',
    category: '',
    fuel: [],
    transmission: [],
    rating: '',
    cleanAir: [],
    mileageConsistent: false,
    reduced: false,
    location: '',
    radius: DEFAULT_RADIUS_MILES,
  };
}

const oneOf = <V extends string>(values: readonly V[], raw: string | null): V | '' => {
  const v = raw?.trim().toLowerCase() ?? '';
  return (values as readonly string[]).includes(v) ? (v as V) : '';
};

const listOf = <V extends string>(values: readonly V[], raw: string | null): V[] => {
  if (!raw) return [];
  const seen = new Set<V>();
  for (const part of raw.split(',')) {
    const v = oneOf(values, part);
    if (v) seen.add(v);
  }
  return [...seen];
};

const intOr = (raw: string | null, fallback: number): number => {
  if (raw == null || !/^\d+$/.test(raw.trim())) return fallback;
  return Number(raw.trim());
};

const clamp = (n: number, [lo, hi]: Range) => Math.min(hi, Math.max(lo, n));

function rangeFrom(sp: URLSearchParams, minKey: string, maxKey: string, bounds: Range): Range {
  let lo = clamp(intOr(sp.get(minKey), bounds[0]), bounds);
  let hi = clamp(intOr(sp.get(maxKey), bounds[1]), bounds);
  if (lo > hi) [lo, hi] = [hi, lo];
  return [lo, hi];
}

/** Reads the browse state from the URL, tolerating anything a person might paste. */
export function parseBrowseParams(sp: URLSearchParams, bounds: Bounds = sliderBounds()): BrowseState {
  const sort = oneOf(SORT_VALUES, sp.get('sort')) || 'relevance';
  const location = (sp.get('location') ?? '').trim().slice(0, 100);
  const radius = intOr(sp.get('radius'), DEFAULT_RADIUS_MILES);
  return {
    q: (sp.get('q') ?? '').trim().slice(0, LIMITS.maxSearchTextLength),
    filters: {
      price: rangeFrom(sp, 'priceMin', 'priceMax', bounds.price),
      year: rangeFrom(sp, 'yearMin', 'yearMax', bounds.year),
      mileage: rangeFrom(sp, 'mileageMin', 'mileageMax', bounds.mileage),
      make: oneOf(MAKE_VALUES, sp.get('make')),
      category: oneOf(CATEGORY_VALUES, sp.get('category')),
      fuel: listOf(FUEL_VALUES, sp.get('fuel')),
      transmission: listOf(TRANSMISSION_VALUES, sp.get('transmission')),
      rating: oneOf(RATING_FILTERS, sp.get('rating')),
      cleanAir: listOf(CLEAN_AIR_ZONE_IDS, sp.get('cleanAir')),
      mileageConsistent: sp.get('mileageConsistent') === 'true',
      reduced: sp.get('reduced') === 'true',
      location,
      radius: radius >= 1 && radius <= 1000 ? radius : DEFAULT_RADIUS_MILES,
    },
    // Distance only means something once there is a location to measure from.
    sort: sort === 'distance' && !location ? 'relevance' : sort,
    page: Math.max(1, intOr(sp.get('page'), 1)),
    view: sp.get('view') === 'list' ? 'list' : 'grid',
  };
}

/** The filters as query parameters (API names); bounds at their end-points and defaults are left out. */
function filtersToQuery(filters: BrowseFilters, bounds: Bounds = sliderBounds()): Record<string, string> {
  const out: Record<string, string> = {};
  const range = (r: Range, b: Range, minKey: string, maxKey: string) => {
    if (r[0] > b[0]) out[minKey] = String(r[0]);
    if (r[1] < b[1]) out[maxKey] = String(r[1]);
  };
  range(filters.price, bounds.price, 'priceMin', 'priceMax');
  range(filters.year, bounds.year, 'yearMin', 'yearMax');
  range(filters.mileage, bounds.mileage, 'mileageMin', 'mileageMax');
  if (filters.make) out.make = filters.make;
  if (filters.category) out.category = filters.category;
  if (filters.fuel.length) out.fuel = filters.fuel.join(',');
  if (filters.transmission.length) out.transmission = filters.transmission.join(',');
  if (filters.rating) out.rating = filters.rating;
  if (filters.cleanAir.length) out.cleanAir = filters.cleanAir.join(',');
  if (filters.mileageConsistent) out.mileageConsistent = 'true';
  if (filters.reduced) out.reduced = 'true';
  const location = filters.location.trim();
  if (location) {
    out.location = location;
    if (filters.radius !== DEFAULT_RADIUS_MILES) out.radius = String(filters.radius);
  }
  return out;
}

/** The whole browse state as URL parameters (only what differs from the defaults). */
export function browseStateToSearchParams(state: BrowseState, bounds: Bounds = sliderBounds()): URLSearchParams {
  const sp = new URLSearchParams();
  const q = state.q.trim();
  if (q) sp.set('q', q);
  for (const [k, v] of Object.entries(filtersToQuery(state.filters, bounds))) sp.set(k, v);
  if (state.sort !== 'relevance' && !(state.sort === 'distance' && !state.filters.location.trim())) sp.set('sort', state.sort);
  if (state.page > 1) sp.set('page', String(state.page));
  if (state.view === 'list') sp.set('view', 'list');
  return sp;
}

/** The API query for a browse state; a category page's fixed category wins over the URL's. */
export function toApiQuery(
  state: BrowseState,
  options: { fixedCategory?: Category; fixedDealer?: string; pageSize?: number; bounds?: Bounds } = {},
): Record<string, QueryValue> {
  const query: Record<string, QueryValue> = { ...filtersToQuery(state.filters, options.bounds) };
  if (state.q.trim()) query.q = state.q.trim();
  if (query.location) query.radius = String(state.filters.radius);
  if (options.fixedCategory) query.category = options.fixedCategory;
  // A dealer's storefront (issue 26): the stock of that dealer only.
  if (options.fixedDealer) query.dealer = options.fixedDealer;
  if (state.sort !== 'relevance') query.sort = state.sort;
  query.page = state.page;
  query.pageSize = options.pageSize ?? LIMITS.searchPageSize;
  // Keep a stable key order so equal searches share a cache entry.
  return Object.fromEntries(Object.entries(query).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/**
 * The active-filter badge (spec §4): fuel type, transmission, location, category and make count one
 * each when set; price, year and mileage ranges are not counted. A category page's fixed category
 * is not something the buyer set, so it isn't counted there.
 */
export function countActiveFilters(filters: BrowseFilters, options: { fixedCategory?: boolean } = {}): number {
  let n = 0;
  if (filters.fuel.length) n++;
  if (filters.transmission.length) n++;
  if (filters.location.trim()) n++;
  if (filters.category && !options.fixedCategory) n++;
  if (filters.make) n++;
  if (filters.rating) n++;
  if (filters.cleanAir.length) n++;
  if (filters.mileageConsistent) n++;
  if (filters.reduced) n++;
  return n;
}
