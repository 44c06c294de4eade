import type { EquipmentCategory, EquipmentItem } from '../data/equipment';

export type CategoryFilter = 'All' | EquipmentCategory;

export interface EquipmentFilters {
  query: string;
  category: CategoryFilter;
}

export const NO_FILTERS: EquipmentFilters = { query: '', category: 'All' };

/** Items matching the category and every word of the search text (name, description or category; case-insensitive). */
export function filterEquipment(items: readonly EquipmentItem[], { query, category }: EquipmentFilters): EquipmentItem[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  return items.filter((item) => {
    if (category !== 'All' && item.category !== category) return false;
    const haystack = `${item.name} ${item.description} ${item.category}`.toLowerCase();
    return words.every((w) => haystack.includes(w));
  });
}

export const hasActiveFilters = (f: EquipmentFilters) => f.query.trim() !== '' || f.category !== 'All';

const CATEGORY_PARAM_VALUES: readonly CategoryFilter[] = ['All', 'PPE', 'Load Securing', 'Safety Equipment', 'Office Supplies'];

/** Filters from the URL (?q=straps&category=PPE), so a search can be shared and Back works; unknown values fall back to none. */
export function filtersFromParams(params: URLSearchParams): EquipmentFilters {
  const category = params.get('category');
  return {
    query: (params.get('q') ?? '').slice(0, 100),
    category: CATEGORY_PARAM_VALUES.find((c) => c === category) ?? 'All',
  };
}

/** The URL form of the filters, leaving out defaults. */
export function filtersToParams(f: EquipmentFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (f.query) params.set('q', f.query);
  if (f.category !== 'All') params.set('category', f.category);
  return params;
}
