import { describe, expect, it } from 'vitest';
import type { Caller } from '../caller.js';
import { recordViewQuietly } from './listing-stats.js';
import type { ListingRecord } from './types.js';

/** A signed-in buyer or seller: no staff group. */
const user = (userId: string): Caller => ({ kind: 'user', userId, username: userId, groups: [], isAdmin: false, isSuperAdmin: false });
/** Staff: an admin reading a listing counts like anyone else (only the owner's reads are left out). */
const admin = (userId: string): Caller => ({
  kind: 'user',
  userId,
  username: userId,
  groups: ['admins'],
  isAdmin: true,
  isSuperAdmin: false,
});

describe('recordViewQuietly', () => {
  const record = (over: Partial<ListingRecord> = {}) => ({ id: 'L1', userId: 'o', status: 'active', ...over }) as ListingRecord;
  const run = async (found: ListingRecord | null, caller: Caller, id = 'L1') => {
    const added: string[] = [];
    await recordViewQuietly({ getListing: async () => found }, { addView: async (v) => void added.push(v) }, id, caller, () => {});
    return added;
  };

  it('counts anonymous and other users’ reads of user listings, never the owner’s nor scraped listings', async () => {
    expect(await run(record({ userId: 'owner' }), { kind: 'anonymous' })).toEqual(['L1']);
    expect(await run(record({ userId: 'owner' }), user('someone'))).toEqual(['L1']);
    expect(await run(record({ userId: 'owner' }), user('owner'))).toEqual([]);
    expect(await run(record(), { kind: 'anonymous' }, 'scraped-abc')).toEqual([]);
    expect(await run(record(), user('someone'), 'scraped-abc')).toEqual([]);
  });

  it('counts an admin’s read like any other user’s, and not an admin owner’s own', async () => {
    expect(await run(record({ userId: 'owner' }), admin('staff'))).toEqual(['L1']);
    expect(await run(record({ userId: 'staff' }), admin('staff'))).toEqual([]);
    expect(await run(record(), admin('staff'), 'scraped-abc')).toEqual([]);
  });

  it('counts public user listings for anyone but their owner', async () => {
    expect(await run(record(), { kind: 'anonymous' })).toEqual(['L1']);
    expect(await run(record({ status: 'sold' }), user('someone'))).toEqual(['L1']);
    expect(await run(record(), user('o'))).toEqual([]);
    expect(await run(record(), admin('staff'))).toEqual(['L1']);
  });

  it('counts nothing for listings that are missing, not public, or scraped', async () => {
    expect(await run(null, { kind: 'anonymous' })).toEqual([]);
    expect(await run(record({ status: 'inactive' }), user('someone'))).toEqual([]);
    expect(await run(record(), user('someone'), 'scraped-abc')).toEqual([]);
  });

  it('logs a failed read or count instead of throwing', async () => {
    const logged: string[] = [];
    await recordViewQuietly(
      { getListing: async () => record() },
      {
        addView: async () => {
          throw new Error('throttled');
        },
      },
      'L1',
      { kind: 'anonymous' },
      (m) => logged.push(m),
    );
    await recordViewQuietly(
      {
        getListing: async () => {
          throw new Error('down');
        },
      },
      { addView: async () => {} },
      'L2',
      { kind: 'anonymous' },
      (m) => logged.push(m),
    );
    expect(logged).toEqual(['Counting a view of listing L1 failed', 'Counting a view of listing L2 failed']);
  });
});
