import { describe, expect, it } from 'vitest';
import { RECENTLY_VIEWED_MAX } from '../../../../shared/schemas/compare.js';
import { mergeViewed } from './recently-viewed.js';

describe('mergeViewed', () => {
  const now = new Date('2026-11-27T09:00:00Z');
  it('puts the new views first, in order, once each, and keeps the last 12', () => {
    const existing = Array.from({ length: RECENTLY_VIEWED_MAX }, (_, i) => ({
      listingId: `old${i}`,
      viewedAt: '2026-11-26T00:00:00.000Z',
    }));
    const merged = mergeViewed(existing, ['new1', 'old3', 'new1'], now);
    expect(merged).toHaveLength(RECENTLY_VIEWED_MAX);
    expect(merged.slice(0, 3).map((e) => e.listingId)).toEqual(['new1', 'old3', 'old0']);
    expect(merged.filter((e) => e.listingId === 'old3')).toHaveLength(1);
    expect(merged[0].viewedAt > merged[1].viewedAt).toBe(true);
  });
});
