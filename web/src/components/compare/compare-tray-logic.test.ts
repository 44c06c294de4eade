import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { COMPARE_MAX, COMPARE_MAX_NARROW, type TruckSnapshot } from '@shared/compare-limits';
import { createStoredTruckList } from '@/lib/stored-list';

/** What a stored list reads from local storage holding `raw` (at most `max` trucks). */
function parseSnapshots(raw: string | null, max: number): TruckSnapshot[] {
  vi.stubGlobal('window', { localStorage: { getItem: () => raw } });
  try {
    return createStoredTruckList('trucks', max).get();
  } finally {
    vi.unstubAllGlobals();
  }
}
import { addToTray, compareHref, removeFromTray, trayLimitFor } from './compare-tray-logic';

const truck = (id: string): TruckSnapshot => ({
  id,
  title: `Truck ${id}`,
  price: 30000,
  vatStatus: 'plus_vat',
  thumbUrl: null,
  year: 2019,
  mileage: 300000,
  location: 'Leeds',
});

describe('compare tray', () => {
  it('holds 3 trucks, or 2 below 640 px', () => {
    expect(trayLimitFor(false)).toBe(COMPARE_MAX);
    expect(trayLimitFor(true)).toBe(COMPARE_MAX_NARROW);
    let items: TruckSnapshot[] = [];
    for (const id of ['a', 'b', 'c']) items = addToTray(items, truck(id), 3).items;
    expect(items.map((t) => t.id)).toEqual(['a', 'b', 'c']);
    expect(addToTray(items, truck('d'), 3)).toMatchObject({ result: 'full', items });
    expect(addToTray(items.slice(0, 2), truck('c'), trayLimitFor(true)).result).toBe('full');
  });

  it('adds a truck once, and removes it', () => {
    const one = addToTray([], truck('a'), 3);
    expect(one.result).toBe('added');
    expect(addToTray(one.items, truck('a'), 3)).toMatchObject({ result: 'already', items: one.items });
    expect(removeFromTray(one.items, 'a')).toEqual([]);
  });

  it('never holds more than its limit, nor the same truck twice, whatever is added', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('a', 'b', 'c', 'd', 'e')), fc.constantFrom(2, 3), (ids, limit) => {
        let items: TruckSnapshot[] = [];
        for (const id of ids) items = addToTray(items, truck(id), limit).items;
        expect(items.length).toBeLessThanOrEqual(limit);
        expect(new Set(items.map((t) => t.id)).size).toBe(items.length);
      }),
    );
  });

  it('links to a shareable /compare URL of at most 3 ids', () => {
    expect(compareHref(['a', 'b'])).toBe('/compare?ids=a,b');
    expect(compareHref(['a', 'b', 'c', 'd'], 'LS1 4AP')).toBe('/compare?ids=a,b,c&from=LS1+4AP');
  });

  it('reads back only well-formed trucks from storage, never a script URL', () => {
    const stored = JSON.stringify([
      truck('a'),
      { ...truck('b'), thumbUrl: 'javascript:alert(1)' },
      truck('a'),
      { id: '../x', title: 'bad', price: 1 },
      'junk',
      truck('c'),
      truck('d'),
    ]);
    const items = parseSnapshots(stored, 3);
    expect(items.map((t) => t.id)).toEqual(['a', 'b', 'c']);
    expect(items[1].thumbUrl).toBeNull();
    expect(parseSnapshots('{not json', 3)).toEqual([]);
    expect(parseSnapshots(null, 3)).toEqual([]);
  });
});
