import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EQUIPMENT_CATEGORIES, EQUIPMENT_ITEMS } from '../data/equipment';
import { type CategoryFilter, filterEquipment, filtersFromParams, filtersToParams, hasActiveFilters, NO_FILTERS } from './filter-equipment';

const names = (query: string, category: CategoryFilter = 'All') => filterEquipment(EQUIPMENT_ITEMS, { query, category }).map((i) => i.id);

describe('filterEquipment', () => {
  it('shows all ten items with no filters', () => {
    expect(filterEquipment(EQUIPMENT_ITEMS, NO_FILTERS)).toHaveLength(10);
  });

  it('filters by category', () => {
    expect(names('', 'Office Supplies')).toEqual(['tachograph-rolls', 'cmr-notes']);
    expect(names('', 'PPE')).toEqual(['hi-vis-vest', 'safety-boots', 'work-gloves']);
  });

  it('matches search text case-insensitively in name, description and category', () => {
    expect(names('HI-VIS')).toEqual(['hi-vis-vest']);
    expect(names('thermal')).toEqual(['tachograph-rolls']);
    expect(names('load securing')).toEqual(['ratchet-straps', 'load-bars']);
  });

  it('combines search and category', () => {
    expect(names('safety', 'PPE')).toEqual(['safety-boots']);
    expect(names('boots', 'Office Supplies')).toEqual([]);
  });

  it('never returns an item outside the chosen category or missing a search word', () => {
    fc.assert(
      fc.property(fc.constantFrom<CategoryFilter>('All', ...EQUIPMENT_CATEGORIES), fc.string({ maxLength: 8 }), (category, query) => {
        const result = filterEquipment(EQUIPMENT_ITEMS, { query, category });
        for (const item of result) {
          if (category !== 'All') expect(item.category).toBe(category);
          const text = `${item.name} ${item.description} ${item.category}`.toLowerCase();
          for (const w of query.toLowerCase().split(/\s+/).filter(Boolean)) expect(text).toContain(w);
        }
        expect(result.length).toBeLessThanOrEqual(EQUIPMENT_ITEMS.length);
      }),
    );
  });
});

describe('hasActiveFilters', () => {
  it('is false only for blank search and All', () => {
    expect(hasActiveFilters(NO_FILTERS)).toBe(false);
    expect(hasActiveFilters({ query: '   ', category: 'All' })).toBe(false);
    expect(hasActiveFilters({ query: 'vest', category: 'All' })).toBe(true);
    expect(hasActiveFilters({ query: '', category: 'PPE' })).toBe(true);
  });
});

describe('catalogue', () => {
  it('has unique ids, valid ratings and positive prices', () => {
    expect(new Set(EQUIPMENT_ITEMS.map((i) => i.id)).size).toBe(EQUIPMENT_ITEMS.length);
    for (const i of EQUIPMENT_ITEMS) {
      expect(i.rating).toBeGreaterThanOrEqual(0);
      expect(i.rating).toBeLessThanOrEqual(5);
      expect(i.price).toBeGreaterThan(0);
    }
    expect(EQUIPMENT_ITEMS.some((i) => !i.inStock)).toBe(true);
  });
});

describe('filters in the URL', () => {
  it('round-trips search text and category', () => {
    const f = { query: 'straps', category: 'Load Securing' as const };
    expect(filtersToParams(f).toString()).toBe('q=straps&category=Load+Securing');
    expect(filtersFromParams(filtersToParams(f))).toEqual(f);
  });

  it('leaves defaults out and ignores unknown categories', () => {
    expect(filtersToParams(NO_FILTERS).toString()).toBe('');
    expect(filtersFromParams(new URLSearchParams('category=Snacks'))).toEqual(NO_FILTERS);
  });
});
