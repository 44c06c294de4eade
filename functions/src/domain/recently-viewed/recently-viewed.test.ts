import { describe, expect, it } from 'vitest';
import { RECENTLY_VIEWED_MAX } from '../../../../shared/schemas/compare.js';
import type { Caller } from '../caller.js';
import { type RecentlyViewedDeps, recordViewed } from './recently-viewed.js';

const me: Caller = { kind: 'user', userId: 'me', username: 'me', groups: [], isAdmin: false, isSuperAdmin: false };
type ViewedEntry = { listingId: string; viewedAt: string };

/** PUT /api/recently-viewed's rule: the list recordViewed stores when the account held `existing`. */
async function mergeViewed(existing: ViewedEntry[], ids: string[], now: Date): Promise<ViewedEntry[]> {
  let stored: ViewedEntry[] = [];
  const deps = {
    store: {
      get: async () => existing,
      put: async (_userId: string, entries: ViewedEntry[]) => {
        stored = entries;
      },
    },
    profile: async () => null,
    now: () => now,
  } as unknown as RecentlyViewedDeps;
  const answered = await recordViewed(deps, me, ids);
  expect(answered).toEqual(stored);
  return stored;
}

describe('recordViewed', () => {
  const now = new Date('2026-11-27T09:00:00Z');
  it('puts the new views first, in order, once each, and keeps the last 12', async () => {
    const existing = Array.from({ length: RECENTLY_VIEWED_MAX }, (_, i) => ({
      listingId: `old${i}`,
      viewedAt: '2026-11-26T00:00:00.000Z',
    }));
    const merged = await mergeViewed(existing, ['new1', 'old3', 'new1'], now);
    expect(merged).toHaveLength(RECENTLY_VIEWED_MAX);
    expect(merged.slice(0, 3).map((e) => e.listingId)).toEqual(['new1', 'old3', 'old0']);
    expect(merged.filter((e) => e.listingId === 'old3')).toHaveLength(1);
    expect(merged[0].viewedAt > merged[1].viewedAt).toBe(true);
  });
});
