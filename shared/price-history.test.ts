import { describe, expect, it } from 'vitest';
import { isRecentCut, lastCutOf, recentlyReducedSinceMs, withPriceChange } from './price-history.js';
/** The rule's value, stated here rather than imported, so a change to it fails this test. */
const PRICE_HISTORY_MAX = 100;

describe('price history', () => {
  it('keeps every change with its date, and nothing when the price did not move', () => {
    const one = withPriceChange(undefined, 50_000, 48_000, '2026-11-03T10:00:00.000Z');
    expect(one).toEqual([{ at: '2026-11-03T10:00:00.000Z', from: 50_000, to: 48_000 }]);
    expect(withPriceChange(one, 48_000, 48_000, '2026-11-04T10:00:00.000Z')).toEqual(one);
    const two = withPriceChange(one, 48_000, null, '2026-11-05T10:00:00.000Z');
    expect(two).toEqual([...one, { at: '2026-11-05T10:00:00.000Z', from: 48_000, to: 0 }]);
  });

  it('keeps the newest changes once there are more than it holds', () => {
    let h = withPriceChange(undefined, 1, 2, 't0');
    for (let i = 1; i <= PRICE_HISTORY_MAX + 5; i++) h = withPriceChange(h, i + 1, i + 2, `t${i}`);
    expect(h).toHaveLength(PRICE_HISTORY_MAX);
    expect(h.at(-1)?.at).toBe(`t${PRICE_HISTORY_MAX + 5}`);
  });

  it('finds the latest cut, ignoring rises and changes to or from price on application', () => {
    const h = [
      { at: 'a', from: 50_000, to: 45_000 },
      { at: 'b', from: 45_000, to: 47_000 },
      { at: 'c', from: 47_000, to: 0 },
      { at: 'd', from: 0, to: 30_000 },
    ];
    expect(lastCutOf(h)?.at).toBe('a');
    expect(lastCutOf([{ at: 'x', from: 0, to: 10 }])).toBeNull();
    expect(lastCutOf(undefined)).toBeNull();
  });

  it('starts UK days at midnight London time, in GMT and in BST', () => {
    // The window's first day is 13 UK days before today: 15 January (GMT), 15 July (BST).
    expect(new Date(recentlyReducedSinceMs(Date.parse('2026-01-28T12:00:00Z'))).toISOString()).toBe('2026-01-15T00:00:00.000Z');
    expect(new Date(recentlyReducedSinceMs(Date.parse('2026-07-28T12:00:00Z'))).toISOString()).toBe('2026-07-14T23:00:00.000Z');
  });

  it('counts a cut as recent on today and the 13 UK days before, across the clocks going back', () => {
    // 2026-11-03 00:30 in London (GMT): the window starts at the start of 21 October (BST then).
    const now = Date.parse('2026-11-03T00:30:00Z');
    expect(new Date(recentlyReducedSinceMs(now)).toISOString()).toBe('2026-10-20T23:00:00.000Z');
    expect(isRecentCut({ at: '2026-10-20T23:00:00.000Z' }, now)).toBe(true);
    expect(isRecentCut({ at: '2026-10-20T22:59:59.999Z' }, now)).toBe(false);
    // Just before UK midnight, 1 hour earlier in UTC under BST: still the same UK day.
    const bst = Date.parse('2026-07-15T22:59:00Z');
    expect(new Date(recentlyReducedSinceMs(bst)).toISOString()).toBe('2026-07-01T23:00:00.000Z');
    expect(new Date(recentlyReducedSinceMs(bst + 120_000)).toISOString()).toBe('2026-07-02T23:00:00.000Z');
    expect(isRecentCut(null, now)).toBe(false);
  });
});
