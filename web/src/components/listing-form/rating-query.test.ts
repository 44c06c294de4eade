import { describe, expect, it } from 'vitest';
import { EMPTY_LISTING_VALUES } from './listing-form-values';
import { ratingQueryOf } from './rating-query';

describe('ratingQueryOf', () => {
  it('asks nothing until the make and year are chosen', () => {
    expect(ratingQueryOf(EMPTY_LISTING_VALUES)).toBeNull();
    expect(ratingQueryOf({ ...EMPTY_LISTING_VALUES, make: 'daf' })).toBeNull();
  });

  it('turns the form text into the rating query, price as typed with £ and commas', () => {
    // Act
    const q = ratingQueryOf({
      ...EMPTY_LISTING_VALUES,
      make: 'daf',
      model: ' XF 480 ',
      year: '2020',
      mileage: '450,000',
      price: '£42,500',
    });
    // Assess
    expect(q).toMatchObject({ make: 'daf', model: 'XF 480', year: 2020, mileage: 450_000, price: 42_500, euroStandard: null });
  });

  it('sends price 0 for Price on application, whatever is left in the box', () => {
    const q = ratingQueryOf({ ...EMPTY_LISTING_VALUES, make: 'volvo', year: '2018', price: '30000', priceOnApplication: true });
    expect(q?.price).toBe(0);
  });
});
