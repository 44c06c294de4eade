import { describe, expect, it } from 'vitest';
import type { Caller } from '../caller.js';
import { type AccountDataDeps, deleteAccount } from './account-data.js';

/** The order of deletion's steps, with in-memory ports recording each call (the int test covers the adapters). */
function recordingDeps(calls: string[]): AccountDataDeps {
  const step =
    (name: string, result: unknown = undefined) =>
    async () => {
      calls.push(name);
      return result;
    };
  return {
    store: {
      collect: step('collect', {
        profile: { email: 'lee@example.test' },
        savedTrucks: [],
        savedSearches: [],
        alertPreferences: null,
        alertSchedule: null,
        subscription: null,
        paymentCustomerId: null,
        alertSends: [],
        equipmentOrders: [],
        stockImports: [],
        pendingUploads: [],
        enquiriesSent: [],
        other: [],
      }),
      erase: step('erase', { savedTrucks: 0, enquiriesSent: 0, otherItems: 0 }),
    } as AccountDataDeps['store'],
    sentMessages: { listBySender: step('listBySender', []), redactBySender: step('redactBySender', 0) } as AccountDataDeps['sentMessages'],
    stockFiles: { deleteAll: step('deleteStockFiles', 0) } as AccountDataDeps['stockFiles'],
    tombstones: { record: step('tombstone') as () => Promise<void> },
    listings: { listByOwner: step('listByOwner', []), remove: step('remove'), removeSavedEntries: step('removeSaved') } as never,
    imageFiles: { deleteImages: step('deleteImages') } as never,
    events: { publish: step('publish') } as never,
    payments: { cancelSubscriptionNow: step('cancel') as () => Promise<void> },
    signIns: {
      emailOf: step('emailOf', 'lee@example.test'),
      passwordMatches: step('passwordMatches', true),
      signOutEverywhere: step('signOut'),
      deleteUser: step('deleteUser'),
    } as AccountDataDeps['signIns'],
    now: () => new Date('2026-11-27T10:00:00Z'),
    logError: () => undefined,
  };
}

const caller = (authTime: number): Caller => ({
  kind: 'user',
  userId: 'u1',
  username: 'u1',
  groups: [],
  isAdmin: false,
  isSuperAdmin: false,
  authTime,
});
const now = Date.parse('2026-11-27T10:00:00Z') / 1000;

describe('deleteAccount', () => {
  it('signs the user out everywhere and writes the tombstone before erasing anything, and deletes the sign-in last', async () => {
    const calls: string[] = [];
    await deleteAccount(recordingDeps(calls), caller(now - 60), { confirm: 'DELETE' });
    expect(calls.indexOf('signOut')).toBeLessThan(calls.indexOf('tombstone'));
    expect(calls.indexOf('tombstone')).toBeLessThan(calls.indexOf('erase'));
    expect(calls.at(-1)).toBe('deleteUser');
    expect(calls).toContain('deleteStockFiles');
    expect(calls).toContain('redactBySender');
    // A recent sign-in: no password check.
    expect(calls).not.toContain('passwordMatches');
  });

  it('checks the password when the sign-in is older than 5 minutes, before touching anything', async () => {
    const calls: string[] = [];
    await deleteAccount(recordingDeps(calls), caller(now - 301), { confirm: 'DELETE', password: 'secret-password' });
    expect(calls[0]).toBe('passwordMatches');
  });
});
