import { createEventBridgePublisher } from '../../adapters/events/publisher.js';
import type { Profile, ProfileStore } from '../accounts/profiles.js';
import type { Caller } from '../caller.js';
import { DomainError } from '../errors.js';
import {
  IdempotentReplay,
  type ListingEvent,
  type ManageListingDeps,
  type OwnerListingStore,
  type PendingImageStore,
} from './manage-ports.js';
import type { ListingRecord, StoredImage } from './types.js';

/** In-memory fakes of the manage-* ports, for unit tests. */
/**
 * The EventBridge publisher over a client that accepts every batch: what it publishes has passed
 * the events' contracts (events/contracts.ts), as in AWS, where an invalid event throws.
 */
export const contractCheckingPublisher = createEventBridgePublisher(
  { send: async () => ({ FailedEntryCount: 0, Entries: [] }) } as never,
  'test',
);

export function fakeDeps(start = new Date('2026-03-01T10:00:00Z')) {
  const listings = new Map<string, ListingRecord>();
  const profiles = new Map<string, Profile>();
  const pending = new Map<string, StoredImage>();
  const savedBy = new Map<string, string[]>();
  const deletedImages: string[] = [];
  const tombstones: string[] = [];
  const events: ListingEvent[] = [];
  const errors: string[] = [];
  let clock = start.getTime();
  let seq = 0;

  const idempotency = new Map<string, string>();
  /** Takes pending uploads as the table's transaction does: all or none. */
  const claim = (userId: string, keys: string[]) => {
    if (keys.some((k) => !pending.has(`${userId}|${k}`))) throw new DomainError('VALIDATION', 'image already used');
    for (const k of keys) pending.delete(`${userId}|${k}`);
  };
  const listingStore: OwnerListingStore = {
    async get(id) {
      const r = listings.get(id);
      return r ? structuredClone(r) : null;
    },
    async listByOwner(userId) {
      return [...listings.values()].filter((l) => l.userId === userId).sort((a, b) => (a.createdAt < b.createdAt ? 1 : -1));
    },
    async countLive(userId) {
      return [...listings.values()].filter((l) => l.userId === userId && (l.status === 'active' || l.status === 'pending')).length;
    },
    async create(record, opts = {}) {
      if (listings.has(record.id)) throw new Error('exists');
      const idem = opts.idempotencyKey ? `${record.userId}|${opts.idempotencyKey}` : null;
      if (idem && idempotency.has(idem)) throw new IdempotentReplay(idempotency.get(idem) as string);
      claim(record.userId, opts.claimedImageKeys ?? []);
      if (idem) idempotency.set(idem, record.id);
      listings.set(record.id, structuredClone(record));
    },
    async findByIdempotencyKey(userId, key) {
      return idempotency.get(`${userId}|${key}`) ?? null;
    },
    async replace(record, expected, claimed = []) {
      const cur = listings.get(record.id);
      if (!cur || cur.updatedAt !== expected || cur.userId !== record.userId) throw new DomainError('CONFLICT', 'changed');
      claim(record.userId, claimed);
      listings.set(record.id, structuredClone(record));
    },
    async remove(record) {
      listings.delete(record.id);
      tombstones.push(record.id);
    },
    async removeSavedEntries(listingId) {
      savedBy.delete(listingId);
    },
  };
  const profileStore: ProfileStore = {
    async get(userId) {
      return profiles.get(userId) ?? null;
    },
    async createIfAbsent(p) {
      if (!profiles.has(p.userId)) profiles.set(p.userId, p);
      return profiles.get(p.userId) as Profile;
    },
    async update(userId, changes, updatedAt) {
      const p = profiles.get(userId);
      if (!p) return null;
      const next = { ...p, ...changes, updatedAt };
      profiles.set(userId, next);
      return next;
    },
  };
  const pendingStore: PendingImageStore = {
    async find(userId, keys) {
      return new Map(keys.filter((k) => pending.has(`${userId}|${k}`)).map((k) => [k, pending.get(`${userId}|${k}`) as StoredImage]));
    },
    async forget(userId, keys) {
      for (const k of keys) pending.delete(`${userId}|${k}`);
    },
  };
  const deps: ManageListingDeps = {
    listings: listingStore,
    profiles: profileStore,
    pendingImages: pendingStore,
    imageFiles: {
      async deleteImages(keys) {
        deletedImages.push(...keys);
      },
    },
    events: {
      async publish(e) {
        // The real publisher, over a bus that takes everything: each event checked against its contract first.
        await contractCheckingPublisher.publish(e);
        events.push(...e);
      },
    },
    now: () => {
      clock += 1000;
      return new Date(clock);
    },
    newId: () => `ID${String(++seq).padStart(4, '0')}`,
    logError: (message) => errors.push(message),
  };
  const addPending = (userId: string, key: string) => pending.set(`${userId}|${key}`, { key, width: 1600, height: 1200 });
  const suspend = (userId: string) => {
    const p = profiles.get(userId);
    profiles.set(userId, {
      ...(p ?? {
        userId,
        fullName: null,
        companyName: null,
        phone: null,
        email: null,
        accountType: 'individual',
        createdAt: start.toISOString(),
        updatedAt: start.toISOString(),
      }),
      accountStatus: 'suspended',
    });
  };
  return { deps, listings, profiles, pending, savedBy, deletedImages, tombstones, events, errors, addPending, suspend };
}

export const user = (userId: string, groups: string[] = []): Caller => ({
  kind: 'user',
  userId,
  username: userId,
  groups,
  isAdmin: groups.includes('admins') || groups.includes('super_admins'),
  isSuperAdmin: groups.includes('super_admins'),
});
