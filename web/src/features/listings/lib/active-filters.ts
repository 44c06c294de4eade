import { formatGBP, formatNumber } from '@/lib/format';
import { CLEAN_AIR_ZONES } from '@shared/compliance/zones';
import { PRICE_RATING_FILTERS } from '@shared/pricing';
import { categoryLabel, fuelLabel, makeLabel, transmissionLabel } from '@shared/values';
import type { Bounds, BrowseState, Range } from './browse-params';

export interface ActiveFilterChip {
  key: string;
  label: string;
  /** The browse state with just this filter taken off. */
  without: (state: BrowseState) => BrowseState;
}

const withFilters = (state: BrowseState, patch: Partial<BrowseState['filters']>): BrowseState => ({
  ...state,
  filters: { ...state.filters, ...patch },
});

function rangeLabel(name: string, [lo, hi]: Range, [min, max]: Range, fmt: (n: number) => string): string | null {
  if (lo <= min && hi >= max) return null;
  if (lo <= min) return `${name} up to ${fmt(hi)}`;
  if (hi >= max) return `${name} from ${fmt(lo)}`;
  return `${name} ${fmt(lo)}–${fmt(hi)}`;
}

/** One removable chip per thing narrowing the results (a category page's fixed category excepted). */
export function activeFilterChips(state: BrowseState, bounds: Bounds, options: { fixedCategory?: boolean } = {}): ActiveFilterChip[] {
  const f = state.filters;
  const chips: ActiveFilterChip[] = [];
  if (state.q.trim()) chips.push({ key: 'q', label: `“${state.q.trim()}”`, without: (s) => ({ ...s, q: '' }) });
  if (f.make) chips.push({ key: 'make', label: makeLabel(f.make) ?? f.make, without: (s) => withFilters(s, { make: '' }) });
  if (f.category && !options.fixedCategory) {
    chips.push({ key: 'category', label: categoryLabel(f.category) ?? f.category, without: (s) => withFilters(s, { category: '' }) });
  }
  for (const v of f.fuel) {
    chips.push({
      key: `fuel-${v}`,
      label: fuelLabel(v) ?? v,
      without: (s) => withFilters(s, { fuel: s.filters.fuel.filter((x) => x !== v) }),
    });
  }
  for (const v of f.transmission) {
    chips.push({
      key: `transmission-${v}`,
      label: transmissionLabel(v) ?? v,
      without: (s) => withFilters(s, { transmission: s.filters.transmission.filter((x) => x !== v) }),
    });
  }
  if (f.rating) {
    const label = PRICE_RATING_FILTERS.find((r) => r.value === f.rating)?.label ?? f.rating;
    chips.push({ key: 'rating', label, without: (s) => withFilters(s, { rating: '' }) });
  }
  for (const id of f.cleanAir) {
    const zone = CLEAN_AIR_ZONES.find((z) => z.id === id)?.name ?? id;
    chips.push({
      key: `cleanAir-${id}`,
      label: `No charge in ${zone}`,
      without: (s) => withFilters(s, { cleanAir: s.filters.cleanAir.filter((x) => x !== id) }),
    });
  }
  if (f.mileageConsistent) {
    chips.push({ key: 'mileageConsistent', label: 'Mileage consistent', without: (s) => withFilters(s, { mileageConsistent: false }) });
  }
  if (f.reduced) {
    chips.push({ key: 'reduced', label: 'Recently reduced', without: (s) => withFilters(s, { reduced: false }) });
  }
  if (f.location.trim()) {
    chips.push({
      key: 'location',
      label: `Near ${f.location.trim()}`,
      without: (s) => ({ ...withFilters(s, { location: '' }), sort: s.sort === 'distance' ? 'relevance' : s.sort }),
    });
  }
  const price = rangeLabel('Price', f.price, bounds.price, formatGBP);
  if (price) chips.push({ key: 'price', label: price, without: (s) => withFilters(s, { price: [...bounds.price] }) });
  const year = rangeLabel('Year', f.year, bounds.year, String);
  if (year) chips.push({ key: 'year', label: year, without: (s) => withFilters(s, { year: [...bounds.year] }) });
  const mileage = rangeLabel('Mileage', f.mileage, bounds.mileage, (n) => `${formatNumber(n)} mi`);
  if (mileage) chips.push({ key: 'mileage', label: mileage, without: (s) => withFilters(s, { mileage: [...bounds.mileage] }) });
  return chips;
}
