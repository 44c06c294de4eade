import { z } from 'zod';
import { CLEAN_AIR_ZONES } from '../compliance/zones.js';
import { categoryLabel, fuelLabel, makeLabel, transmissionLabel } from '../values.js';
import { listingSearchQuerySchema } from './listing.js';
import { text } from './text.js';

/**
 * Saved searches (issue 26 §4): a signed-in user keeps up to SAVED_SEARCH_LIMIT browse searches
 * under a name. A search is the browse URL's query parameters (the API's own names); what is not
 * a filter (page, page size, view) is dropped, and the rest must pass the browse query's schema.
 */

export const SAVED_SEARCH_LIMIT = 20;
export const SAVED_SEARCH_LIMIT_MESSAGE = `You can save up to ${SAVED_SEARCH_LIMIT} searches. Delete one to save another.`;

/** The browse parameters a saved search keeps. */
const SAVED_SEARCH_PARAMS = [
  'q',
  'category',
  'make',
  'fuel',
  'transmission',
  'rating',
  'cleanAir',
  'mileageConsistent',
  'reduced',
  'location',
  'radius',
  'priceMin',
  'priceMax',
  'yearMin',
  'yearMax',
  'mileageMin',
  'mileageMax',
  'sort',
] as const;
type SavedSearchParam = (typeof SAVED_SEARCH_PARAMS)[number];
const KEPT = new Set<string>(SAVED_SEARCH_PARAMS);
/** Browse parameters that are not filters: accepted and dropped. */
const DROPPED = new Set(['page', 'pageSize', 'view']);

/** A search's parameters: known keys only, each a short string, and together a valid browse query. */
const savedSearchParamsSchema = z
  .record(z.string().max(40), z.string().max(200, 'A filter value is too long'))
  .transform((raw, ctx) => {
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries(raw)) {
      if (DROPPED.has(k)) continue;
      if (!KEPT.has(k)) {
        ctx.addIssue({ code: 'custom', path: [k], message: `${k} is not a browse filter` });
        return z.NEVER;
      }
      if (v.trim() !== '') out[k] = v.trim();
    }
    return out;
  })
  .superRefine((params, ctx) => {
    const parsed = listingSearchQuerySchema.safeParse(params);
    if (!parsed.success)
      for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  });

/** POST /api/saved-searches. */
export const savedSearchInputSchema = z
  .object({
    name: text({ label: 'Name' }).trim().min(1, 'Give the search a name').max(60, 'Name must be 60 characters or fewer'),
    params: savedSearchParamsSchema,
  })
  .strict();
export type SavedSearchInput = z.output<typeof savedSearchInputSchema>;

/** A saved search as the API returns it. */
export interface SavedSearch {
  id: string;
  name: string;
  params: Record<string, string>;
  createdAt: string;
  /** When the user last opened its results: "new" matches are listings listed after it. */
  lastSeenAt: string;
}

/** Saved-search ids as the API makes them (ULIDs). */
export const savedSearchIdSchema = z.string().regex(/^[0-9A-Z]{26}$/, 'Saved search not found');

/** What a browse filter is called on the page, for "Alerts cannot hold: …". */
const FILTER_LABELS: Record<SavedSearchParam, string> = {
  q: 'search words',
  category: 'category',
  make: 'make',
  fuel: 'fuel',
  transmission: 'gearbox',
  rating: 'price rating',
  cleanAir: 'clean-air zones',
  mileageConsistent: 'mileage consistent',
  reduced: 'recently reduced',
  location: 'location',
  radius: 'radius',
  priceMin: 'minimum price',
  priceMax: 'maximum price',
  yearMin: 'earliest year',
  yearMax: 'latest year',
  mileageMin: 'minimum mileage',
  mileageMax: 'maximum mileage',
  sort: 'sort order',
};

/**
 * A saved search as alert preferences (shared/schemas/alerts.ts): the filters alerts can hold —
 * make, budget, year, one fuel, one gearbox, maximum mileage, place and radius — under the alert
 * form's names, and the labels of those they cannot (more than one fuel or gearbox, words,
 * category, rating, clean air, mileage consistent, recently reduced, minimum mileage). The sort
 * is not a filter, so it is neither.
 */
export function alertPrefillOf(params: Record<string, string>): { prefill: Record<string, string>; cannotHold: string[] } {
  const prefill: Record<string, string> = {};
  const cannotHold: string[] = [];
  const rename: Partial<Record<SavedSearchParam, string>> = {
    make: 'make',
    priceMin: 'budgetMin',
    priceMax: 'budgetMax',
    yearMin: 'yearMin',
    yearMax: 'yearMax',
    mileageMax: 'maxMileage',
    location: 'location',
    radius: 'radiusMiles',
  };
  for (const key of SAVED_SEARCH_PARAMS) {
    const value = params[key];
    if (value === undefined || value === '' || key === 'sort') continue;
    if (key === 'mileageConsistent' || key === 'reduced') {
      if (value === 'true') cannotHold.push(FILTER_LABELS[key]);
      continue;
    }
    const target = rename[key];
    if (target) {
      prefill[target] = value;
      continue;
    }
    if (key === 'fuel' || key === 'transmission') {
      const values = value.split(',').filter(Boolean);
      if (values.length === 1) prefill[key === 'fuel' ? 'fuelType' : 'transmission'] = values[0];
      else cannotHold.push(`more than one ${FILTER_LABELS[key]}`);
      continue;
    }
    cannotHold.push(FILTER_LABELS[key]);
  }
  return { prefill, cannotHold };
}

/** A saved search's filters in words, for its row on /saved ("DAF · Diesel · up to £40,000 · near LS11"). */
export function describeSavedSearch(params: Record<string, string>): string {
  const parts: string[] = [];
  const money = (n: string) => `£${Number(n).toLocaleString('en-GB')}`;
  if (params.q) parts.push(`“${params.q}”`);
  if (params.make) parts.push(makeLabel(params.make) ?? params.make);
  if (params.category) parts.push(categoryLabel(params.category) ?? params.category);
  if (params.fuel)
    parts.push(
      params.fuel
        .split(',')
        .map((f) => fuelLabel(f))
        .join(' or '),
    );
  if (params.transmission)
    parts.push(
      params.transmission
        .split(',')
        .map((t) => transmissionLabel(t))
        .join(' or '),
    );
  if (params.priceMin && params.priceMax) parts.push(`${money(params.priceMin)}–${money(params.priceMax)}`);
  else if (params.priceMax) parts.push(`up to ${money(params.priceMax)}`);
  else if (params.priceMin) parts.push(`from ${money(params.priceMin)}`);
  if (params.yearMin || params.yearMax) parts.push(`${params.yearMin ?? 'any'}–${params.yearMax ?? 'now'}`);
  if (params.mileageMax) parts.push(`under ${Number(params.mileageMax).toLocaleString('en-GB')} miles`);
  if (params.location) parts.push(`within ${params.radius ?? 50} miles of ${params.location}`);
  if (params.cleanAir)
    parts.push(
      `no charge in ${params.cleanAir
        .split(',')
        .map((z) => CLEAN_AIR_ZONES.find((c) => c.id === z)?.name ?? z)
        .join(', ')}`,
    );
  if (params.reduced === 'true') parts.push('recently reduced');
  if (params.mileageConsistent === 'true') parts.push('mileage consistent');
  if (params.rating) parts.push(`${params.rating} price or better`);
  return parts.length ? parts.join(' · ') : 'All trucks';
}
