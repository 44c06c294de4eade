import { describe, expect, it } from 'vitest';
import { activeFilterChips } from './active-filters';
import { parseBrowseParams, sliderBounds } from './browse-params';

const bounds = sliderBounds(new Date('2026-06-01T00:00:00Z'));
const parse = (qs: string) => parseBrowseParams(new URLSearchParams(qs), bounds);

describe('activeFilterChips', () => {
  it('has no chips for the default state', () => {
    expect(activeFilterChips(parse(''), bounds)).toEqual([]);
  });

  it('labels each active filter, ranges included', () => {
    const chips = activeFilterChips(
      parse('q=fh&make=volvo&fuel=diesel,hybrid&location=LS1&priceMax=50000&yearMin=2018&mileageMin=10000&mileageMax=300000'),
      bounds,
    );
    expect(chips.map((c) => c.label)).toEqual([
      '“fh”',
      'Volvo',
      'Diesel',
      'Hybrid',
      'Near LS1',
      'Price up to £50,000',
      'Year from 2018',
      'Mileage 10,000 mi–300,000 mi',
    ]);
  });

  it('removes just one value of a multi-choice filter', () => {
    const state = parse('fuel=diesel,hybrid');
    const chip = activeFilterChips(state, bounds).find((c) => c.key === 'fuel-diesel');
    expect(chip?.without(state).filters.fuel).toEqual(['hybrid']);
  });

  it('drops the distance sort with the location', () => {
    const state = parse('location=LS1&sort=distance');
    const next = activeFilterChips(state, bounds)[0].without(state);
    expect(next.filters.location).toBe('');
    expect(next.sort).toBe('relevance');
  });

  it("leaves out a category page's fixed category", () => {
    expect(activeFilterChips(parse('category=tipper'), bounds, { fixedCategory: true })).toEqual([]);
  });
});

describe('activeFilterChips for the rating and clean-air filters', () => {
  it('names the rating band and each zone, and removes one zone at a time', () => {
    const s = parseBrowseParams(new URLSearchParams('rating=great&cleanAir=london,bath'), sliderBounds(new Date('2026-06-01T00:00:00Z')));
    const chips = activeFilterChips(s, sliderBounds(new Date('2026-06-01T00:00:00Z')));
    expect(chips.map((c) => c.label)).toEqual(['Great price', 'No charge in London LEZ', 'No charge in Bath CAZ']);
    expect(chips[1].without(s).filters.cleanAir).toEqual(['bath']);
    expect(chips[0].without(s).filters.rating).toBe('');
  });
});
