import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type BrowseState,
  browseStateToSearchParams,
  countActiveFilters,
  defaultFilters,
  parseBrowseParams,
  sliderBounds,
  toApiQuery,
} from './browse-params';

const bounds = sliderBounds(new Date('2026-06-01T00:00:00Z'));
const parse = (qs: string) => parseBrowseParams(new URLSearchParams(qs), bounds);

describe('parseBrowseParams', () => {
  it('gives the default browse state for an empty URL', () => {
    const s = parse('');
    expect(s).toEqual({ q: '', filters: defaultFilters(bounds), sort: 'relevance', page: 1, view: 'grid' });
    expect(s.filters.price).toEqual([5000, 200000]);
    expect(s.filters.year).toEqual([2000, 2026]);
    expect(s.filters.mileage).toEqual([0, 1000000]);
    expect(s.filters.radius).toBe(50);
  });

  it('reads every filter from the API-named parameters', () => {
    const s = parse(
      'q=volvo+fh&make=volvo&category=tipper&fuel=diesel,hybrid&transmission=manual&rating=good&cleanAir=london,bath&mileageConsistent=true&reduced=true&location=LS1&radius=25&priceMin=10000&priceMax=50000&yearMin=2015&yearMax=2020&mileageMax=400000&sort=price-low&page=3&view=list',
    );
    expect(s.q).toBe('volvo fh');
    expect(s.filters).toEqual({
      price: [10000, 50000],
      year: [2015, 2020],
      mileage: [0, 400000],
      make: 'volvo',
      category: 'tipper',
      fuel: ['diesel', 'hybrid'],
      transmission: ['manual'],
      rating: 'good',
      cleanAir: ['london', 'bath'],
      mileageConsistent: true,
      reduced: true,
      location: 'LS1',
      radius: 25,
    });
    expect(s.sort).toBe('price-low');
    expect(s.page).toBe(3);
    expect(s.view).toBe('list');
  });

  it('ignores values that are not in the option lists', () => {
    const s = parse('make=tesla&category=bus&fuel=steam,DIESEL&transmission=cvt&sort=cheapest&page=-2&view=cards&radius=abc');
    expect(s.filters.make).toBe('');
    expect(s.filters.category).toBe('');
    expect(s.filters.fuel).toEqual(['diesel']);
    expect(s.filters.transmission).toEqual([]);
    expect(s.sort).toBe('relevance');
    expect(s.page).toBe(1);
    expect(s.view).toBe('grid');
    expect(s.filters.radius).toBe(50);
  });

  it('clamps ranges to the slider bounds and puts swapped bounds in order', () => {
    const s = parse('priceMin=1&priceMax=999999999&yearMin=2022&yearMax=2010');
    expect(s.filters.price).toEqual([5000, 200000]);
    expect(s.filters.year).toEqual([2010, 2022]);
  });

  it('drops the distance sort when there is no location', () => {
    expect(parse('sort=distance').sort).toBe('relevance');
    expect(parse('sort=distance&location=M1').sort).toBe('distance');
  });
});

describe('browseStateToSearchParams', () => {
  it('writes nothing for the default state (slider end-points mean no limit)', () => {
    expect(browseStateToSearchParams(parse(''), bounds).toString()).toBe('');
  });

  it('leaves out the range end that sits at its slider end-point', () => {
    const s = parse('');
    s.filters.price = [5000, 60000];
    s.filters.year = [2018, 2026];
    const sp = browseStateToSearchParams(s, bounds);
    expect(sp.get('priceMin')).toBeNull();
    expect(sp.get('priceMax')).toBe('60000');
    expect(sp.get('yearMin')).toBe('2018');
    expect(sp.get('yearMax')).toBeNull();
  });

  it('only keeps the radius together with a location', () => {
    const s = parse('');
    s.filters.radius = 100;
    expect(browseStateToSearchParams(s, bounds).get('radius')).toBeNull();
    s.filters.location = 'Leeds';
    expect(browseStateToSearchParams(s, bounds).get('radius')).toBe('100');
  });

  it('round-trips any browse state through the URL', () => {
    const state = fc.record({
      q: fc.constantFrom('', 'scania', 'box van'),
      make: fc.constantFrom('', 'volvo', 'daf'),
      category: fc.constantFrom('', 'tipper', 'box-van'),
      fuel: fc.subarray(['diesel', 'electric', 'hybrid', 'cng'] as const),
      transmission: fc.subarray(['manual', 'automatic', 'semi-automatic'] as const),
      rating: fc.constantFrom('', 'great', 'good', 'fair'),
      cleanAir: fc.subarray(['london', 'birmingham', 'glasgow']),
      mileageConsistent: fc.boolean(),
      reduced: fc.boolean(),
      location: fc.constantFrom('', 'LS1', 'Manchester'),
      radius: fc.constantFrom(10, 25, 50, 100, 200),
      price: fc
        .tuple(fc.integer({ min: 1, max: 40 }), fc.integer({ min: 1, max: 40 }))
        .map(([a, b]) => [a * 5000, b * 5000].sort((x, y) => x - y)),
      year: fc
        .tuple(fc.integer({ min: 2000, max: 2026 }), fc.integer({ min: 2000, max: 2026 }))
        .map(([a, b]) => [a, b].sort((x, y) => x - y)),
      mileage: fc
        .tuple(fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 100 }))
        .map(([a, b]) => [a * 10000, b * 10000].sort((x, y) => x - y)),
      sort: fc.constantFrom(
        'relevance',
        'price-low',
        'price-high',
        'year-new',
        'year-old',
        'mileage-low',
        'mileage-high',
        'distance',
        'rating',
        'reduced',
      ),
      page: fc.integer({ min: 1, max: 50 }),
      view: fc.constantFrom('grid', 'list'),
    });
    fc.assert(
      fc.property(state, (r) => {
        const s = {
          q: r.q,
          filters: {
            price: r.price,
            year: r.year,
            mileage: r.mileage,
            make: r.make,
            category: r.category,
            fuel: r.fuel,
            transmission: r.transmission,
            rating: r.rating,
            cleanAir: r.cleanAir,
            mileageConsistent: r.mileageConsistent,
            reduced: r.reduced,
            location: r.location,
            radius: r.location ? r.radius : 50,
          },
          sort: r.sort === 'distance' && !r.location ? 'relevance' : r.sort,
          page: r.page,
          view: r.view,
        } as BrowseState;
        expect(parseBrowseParams(browseStateToSearchParams(s, bounds), bounds)).toEqual(s);
      }),
    );
  });
});

describe('toApiQuery', () => {
  it('sends the fixed category of a category page whatever the URL says', () => {
    const q = toApiQuery(parse('category=tipper&make=daf'), { fixedCategory: 'box-van', bounds });
    expect(q.category).toBe('box-van');
    expect(q.make).toBe('daf');
  });

  it('always sends the page and page size, and the radius with a location', () => {
    const q = toApiQuery(parse('location=LS1&page=2'), { bounds, pageSize: 24 });
    expect(q).toMatchObject({ location: 'LS1', radius: '50', page: 2, pageSize: 24 });
    expect(q.sort).toBeUndefined();
  });

  it('omits bounds at the slider end-points', () => {
    const q = toApiQuery(parse('priceMin=5000&priceMax=200000&mileageMax=1000000'), { bounds });
    expect(q.priceMin).toBeUndefined();
    expect(q.priceMax).toBeUndefined();
    expect(q.mileageMax).toBeUndefined();
  });
});

describe('countActiveFilters', () => {
  it('is zero for the defaults', () => {
    expect(countActiveFilters(defaultFilters(bounds))).toBe(0);
  });

  it('counts fuel, transmission, location, category and make once each', () => {
    const f = parse('fuel=diesel,electric,hybrid&transmission=manual,automatic&location=M1&category=tipper&make=man').filters;
    expect(countActiveFilters(f)).toBe(5);
  });

  it('does not count price, year or mileage ranges', () => {
    const f = parse('priceMin=10000&priceMax=20000&yearMin=2010&mileageMax=300000').filters;
    expect(countActiveFilters(f)).toBe(0);
  });

  it("does not count a category page's fixed category", () => {
    const f = { ...defaultFilters(bounds), category: 'flatbed' as const, make: 'volvo' as const };
    expect(countActiveFilters(f, { fixedCategory: true })).toBe(1);
  });

  it('ignores a location of only spaces', () => {
    expect(countActiveFilters({ ...defaultFilters(bounds), location: '   ' })).toBe(0);
    expect(browseStateToSearchParams({ ...parse(''), filters: { ...defaultFilters(bounds), location: '   ' } }, bounds).toString()).toBe(
      '',
    );
  });
});
