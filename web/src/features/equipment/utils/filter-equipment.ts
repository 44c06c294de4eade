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
