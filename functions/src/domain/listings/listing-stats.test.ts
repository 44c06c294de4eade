import { describe, expect, it } from 'vitest';
import type { Caller } from '../caller.js';
import { countViewQuietly, countsAsView } from './listing-stats.js';

const user = (userId: string): Caller => ({ kind: 'user', userId, username: userId, groups: [], isAdmin: true, isSuperAdmin: false });

describe('countsAsView', () => {
  it('counts anonymous and other users’ reads of user listings, never the owner’s nor scraped listings', () => {
    expect(countsAsView({ source: 'user', userId: null }, { kind: 'anonymous' })).toBe(true);
    expect(countsAsView({ source: 'user', userId: 'owner' }, user('someone'))).toBe(true);
    expect(countsAsView({ source: 'user', userId: 'owner' }, user('owner'))).toBe(false);
    expect(countsAsView({ source: 'scraped', userId: null }, { kind: 'anonymous' })).toBe(false);
    expect(countsAsView({ source: 'scraped', userId: null }, user('someone'))).toBe(false);
  });
});

describe('countViewQuietly', () => {
  it('logs a failed count instead of failing the read', async () => {
    const logged: string[] = [];
    await countViewQuietly(
      {
        addView: async () => {
          throw new Error('throttled');
        },
      },
      { id: 'L1', source: 'user', userId: null },
      { kind: 'anonymous' },
      (m) => logged.push(m),
    );
    expect(logged).toEqual(['Counting a view of listing L1 failed']);
  });

  it('does not write for the owner', async () => {
    const added: string[] = [];
    await countViewQuietly({ addView: async (id) => void added.push(id) }, { id: 'L1', source: 'user', userId: 'o' }, user('o'), () => {});
    expect(added).toEqual([]);
  });
});
