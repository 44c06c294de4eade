import { SAVED_TRUCK_TTL_DAYS } from '../../../../shared/schemas/saved.js';
import { describe, expect, it } from 'vitest';
import type { Listing } from '../../../../shared/schemas/listing.js';
import type { Profile } from '../accounts/profiles.js';
import { testProfile } from '../accounts/profiles.test-support.js';
import type { Caller } from '../caller.js';
import { DomainError, notFound } from '../errors.js';
import { type SavedEntry, type SavedTruckDeps, listSavedTrucks, saveTruck, unsaveTruck } from './saved-trucks.js';

const user = (userId: string): Caller => ({ kind: 'user', userId, username: userId, groups: [], isAdmin: false, isSuperAdmin: false });

function setup(publicIds: string[] = ['A', 'B']) {
  let clock = new Date('2026-11-01T10:00:00Z').getTime();
  const entries = new Map<string, SavedEntry>();
  const deps: SavedTruckDeps = {
    saved: {
      put: async (e) => {
        entries.set(`${e.userId}|${e.listingId}`, e);
      },
      remove: async (u, l) => {
        entries.delete(`${u}|${l}`);
      },
      listByUser: async (u) => [...entries.values()].filter((e) => e.userId === u),
    },
    readListing: async (id) => {
      if (!publicIds.includes(id)) throw notFound('Truck not found');
      return { id, title: `Truck ${id}` } as Listing;
    },
    now: () => new Date(clock),
  };
  return { deps, entries, tick: (ms: number) => (clock += ms), publicIds };
}

const me = testProfile('me', new Date());
const DAY = 86_400_000;

describe('saved trucks', () => {
  it('keeps a save at least the 30 days the FAQ promises, counted from the latest save', async () => {
    const { deps, entries, tick } = setup();
    const first = await saveTruck(deps, user('me'), me, 'A');
    // Exactly the number the FAQ and the Saved page state.
    expect(first.expiresAt - Date.parse(first.savedAt) / 1000).toBe(SAVED_TRUCK_TTL_DAYS * 86400);
    tick(10 * DAY);
    const again = await saveTruck(deps, user('me'), me, 'A');
    expect(again.expiresAt - Date.parse(again.savedAt) / 1000).toBe(SAVED_TRUCK_TTL_DAYS * 86400);
    expect(again.expiresAt).toBeGreaterThan(first.expiresAt);
    expect(entries.size).toBe(1);
  });

  it('lists newest save first, marks trucks no longer public, and leaves out expired entries', async () => {
    const { deps, tick, publicIds } = setup(['A', 'B', 'C']);
    await saveTruck(deps, user('me'), me, 'C');
    tick(1000);
    await saveTruck(deps, user('me'), me, 'A');
    tick(1000);
    await saveTruck(deps, user('me'), me, 'B');
    publicIds.splice(publicIds.indexOf('A'), 1);

    const items = await listSavedTrucks(deps, user('me'));
    expect(items.map((i) => [i.listingId, i.listing?.title ?? null])).toEqual([
      ['B', 'Truck B'],
      ['A', null],
      ['C', 'Truck C'],
    ]);

    tick(400 * DAY);
    expect(await listSavedTrucks(deps, user('me'))).toEqual([]);
  });

  it('refuses to save a truck that is not public', async () => {
    const { deps, entries } = setup(['A']);
    await expect(saveTruck(deps, user('me'), me, 'Z')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(entries.size).toBe(0);
  });

  it('refuses anonymous callers and suspended accounts', async () => {
    const { deps } = setup();
    const suspended: Profile = { ...me, accountStatus: 'suspended' };
    await expect(saveTruck(deps, { kind: 'anonymous' }, me, 'A')).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    await expect(listSavedTrucks(deps, { kind: 'anonymous' })).rejects.toBeInstanceOf(DomainError);
    await expect(saveTruck(deps, user('me'), suspended, 'A')).rejects.toMatchObject({ code: 'SUSPENDED' });
    await expect(unsaveTruck(deps, user('me'), suspended, 'A')).rejects.toMatchObject({ code: 'SUSPENDED' });
  });

  it('only ever touches the caller’s own entries', async () => {
    const { deps } = setup();
    await saveTruck(deps, user('me'), me, 'A');
    await unsaveTruck(deps, user('you'), testProfile('you', new Date()), 'A');
    expect((await listSavedTrucks(deps, user('me'))).map((i) => i.listingId)).toEqual(['A']);
    expect(await listSavedTrucks(deps, user('you'))).toEqual([]);
  });
});
