import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EQUIPMENT_ITEMS } from '../data/equipment';
import {
  type CartAction,
  type CartLine,
  MAX_QUANTITY,
  cartCount,
  cartReducer,
  cartTotalPence,
  formatPence,
  formatPrice,
  parseStoredCart,
} from './cart';

const run = (actions: CartAction[], start: CartLine[] = []) => actions.reduce(cartReducer, start);

describe('cartReducer', () => {
  it('adds a new item with quantity 1 and increments it when added again', () => {
    expect(run([{ type: 'add', id: 'hi-vis-vest' }])).toEqual([{ id: 'hi-vis-vest', quantity: 1 }]);
    expect(
      run([
        { type: 'add', id: 'hi-vis-vest' },
        { type: 'add', id: 'cmr-notes' },
        { type: 'add', id: 'hi-vis-vest' },
      ]),
    ).toEqual([
      { id: 'hi-vis-vest', quantity: 2 },
      { id: 'cmr-notes', quantity: 1 },
    ]);
  });

  it('sets quantities, removing the line at zero and capping at the maximum', () => {
    const start = [{ id: 'cmr-notes', quantity: 3 }];
    expect(run([{ type: 'setQuantity', id: 'cmr-notes', quantity: 5 }], start)).toEqual([{ id: 'cmr-notes', quantity: 5 }]);
    expect(run([{ type: 'setQuantity', id: 'cmr-notes', quantity: 0 }], start)).toEqual([]);
    expect(run([{ type: 'setQuantity', id: 'cmr-notes', quantity: Number.NaN }], start)).toEqual([]);
    expect(run([{ type: 'setQuantity', id: 'cmr-notes', quantity: 500 }], start)).toEqual([{ id: 'cmr-notes', quantity: MAX_QUANTITY }]);
  });

  it('removes one line and clears all', () => {
    const start = [
      { id: 'cmr-notes', quantity: 3 },
      { id: 'hi-vis-vest', quantity: 1 },
    ];
    expect(run([{ type: 'remove', id: 'cmr-notes' }], start)).toEqual([{ id: 'hi-vis-vest', quantity: 1 }]);
    expect(run([{ type: 'clear' }], start)).toEqual([]);
  });

  it('keeps every quantity between 1 and the maximum and one line per item, whatever the actions', () => {
    const ids = EQUIPMENT_ITEMS.map((i) => i.id);
    const action = fc.oneof(
      fc.record({ type: fc.constant('add' as const), id: fc.constantFrom(...ids) }),
      fc.record({ type: fc.constant('setQuantity' as const), id: fc.constantFrom(...ids), quantity: fc.integer({ min: -5, max: 200 }) }),
      fc.record({ type: fc.constant('remove' as const), id: fc.constantFrom(...ids) }),
    );
    fc.assert(
      fc.property(fc.array(action, { maxLength: 60 }), (actions) => {
        const lines = run(actions);
        expect(new Set(lines.map((l) => l.id)).size).toBe(lines.length);
        for (const l of lines) {
          expect(l.quantity).toBeGreaterThanOrEqual(1);
          expect(l.quantity).toBeLessThanOrEqual(MAX_QUANTITY);
        }
      }),
    );
  });
});

describe('totals', () => {
  it('counts units and sums prices in whole pence', () => {
    const lines = [
      { id: 'hi-vis-vest', quantity: 3 },
      { id: 'cmr-notes', quantity: 1 },
    ];
    expect(cartCount(lines)).toBe(4);
    expect(cartTotalPence(lines, EQUIPMENT_ITEMS)).toBe(3 * 499 + 1499);
    expect(formatPence(cartTotalPence(lines, EQUIPMENT_ITEMS))).toBe('£29.96');
  });

  it('formats prices with two decimals', () => {
    expect(formatPrice(12.99)).toBe('£12.99');
    expect(formatPrice(5)).toBe('£5.00');
    expect(formatPrice(1234.5)).toBe('£1,234.50');
  });
});

describe('parseStoredCart', () => {
  it('restores a saved cart', () => {
    const saved = JSON.stringify([{ id: 'hi-vis-vest', quantity: 2 }]);
    expect(parseStoredCart(saved, EQUIPMENT_ITEMS)).toEqual([{ id: 'hi-vis-vest', quantity: 2 }]);
  });

  it('drops unknown items, bad quantities, duplicates and anything that is not a cart', () => {
    const saved = JSON.stringify([
      { id: 'gone', quantity: 1 },
      { id: 'hi-vis-vest', quantity: 0 },
      { id: 'cmr-notes', quantity: 1.5 },
      { id: 'load-bars', quantity: 1000 },
      { id: 'load-bars', quantity: 2 },
      null,
      'x',
    ]);
    expect(parseStoredCart(saved, EQUIPMENT_ITEMS)).toEqual([{ id: 'load-bars', quantity: MAX_QUANTITY }]);
    expect(parseStoredCart('{not json', EQUIPMENT_ITEMS)).toEqual([]);
    expect(parseStoredCart('{"id":"x"}', EQUIPMENT_ITEMS)).toEqual([]);
    expect(parseStoredCart(null, EQUIPMENT_ITEMS)).toEqual([]);
  });
});
