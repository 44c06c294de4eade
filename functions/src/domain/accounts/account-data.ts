import { type AccountDataExport, type AccountDeletionReport, RETAINED_ON_DELETION } from '../../../../shared/schemas/account.js';
import type { Caller } from '../caller.js';
import { unauthenticated } from '../errors.js';
import type { ListingEventPublisher, ListingImageFiles, OwnerListingStore } from '../listings/manage-ports.js';
import { type Profile, assertCanWrite } from './profiles.js';

/** Everything stored in the user's own records, grouped (the adapter knows the keys). */
export interface PersonalData {
  profile: Record<string, unknown> | null;
  savedTrucks: Record<string, unknown>[];
  alertPreferences: Record<string, unknown> | null;
  alertSchedule: Record<string, unknown> | null;
  subscription: Record<string, unknown> | null;
  paymentCustomerId: string | null;
  alertSends: Record<string, unknown>[];
  equipmentOrders: Record<string, unknown>[];
  stockImports: Record<string, unknown>[];
  /** Processed photos uploaded but never attached to a listing (`key` is the image key). */
  pendingUploads: Record<string, unknown>[];
  enquiriesSent: Record<string, unknown>[];
  /** Anything of the user's the adapter does not know by name: exported too, never silently dropped. */
  other: Record<string, unknown>[];
}

export interface AccountDataStore {
  collect(userId: string): Promise<PersonalData>;
  /**
   * Deletes the user's records and the enquiries they sent, except payment records (subscription,
   * payment customer, orders); listings are removed separately.
   */
  erase(userId: string): Promise<{ savedTrucks: number; enquiriesSent: number; otherItems: number }>;
}

export interface AccountDataDeps {
  store: AccountDataStore;
  listings: Pick<OwnerListingStore, 'listByOwner' | 'remove' | 'removeSavedEntries'>;
  imageFiles: ListingImageFiles;
  events: ListingEventPublisher;
  /** Ends a subscription now (not at the period's end): a deleted account is never charged again. */
  payments: { cancelSubscriptionNow(subscriptionId: string): Promise<void> };
  /** The sign-in account (Cognito AdminDeleteUser); a user already gone is not an error. */
  signIns: { deleteUser(userId: string): Promise<void> };
  now: () => Date;
  logError: (message: string, err: unknown) => void;
}

const requireUser = (caller: Caller) => {
  if (caller.kind !== 'user') throw unauthenticated();
  return caller;
};

/** Statuses in which the provider may still charge the customer. */
const LIVE_SUBSCRIPTION = new Set(['active', 'trialing', 'past_due', 'unpaid', 'incomplete', 'paused']);

/** GET /api/me/export: everything we hold about the caller (UK GDPR right of access), and only theirs. */
export async function exportAccountData(
  deps: Pick<AccountDataDeps, 'store' | 'listings' | 'now'>,
  caller: Caller,
): Promise<AccountDataExport> {
  const user = requireUser(caller);
  const [data, listings] = await Promise.all([deps.store.collect(user.userId), deps.listings.listByOwner(user.userId)]);
  const { other, ...named } = data;
  return {
    exportedAt: deps.now().toISOString(),
    userId: user.userId,
    ...named,
    // Records of a kind this code does not name still belong to the person: exported as they are.
    ...(other.length ? { otherRecords: other } : {}),
    listings,
    retainedOnDeletion: RETAINED_ON_DELETION,
  };
}

/**
 * DELETE /api/me (UK GDPR erasure, issue 10 §6). In this order, so that a failure part-way leaves
 * something a retry finishes rather than an account the user can no longer reach:
 * 1. their records and the enquiries they sent are deleted, payment records kept. The alert
 *    preferences go first on purpose: the provider's webhooks for the cancellation below then find
 *    no preferences and write no alert schedule back;
 * 2. the subscription is cancelled at the provider now, not at the period's end (a deleted account
 *    is never charged again). If the provider fails, the request fails; the kept subscription record
 *    lets a retry cancel it;
 * 3. their listings go as an owner's delete does (tombstone for search, saved entries, photos, event).
 * Photos uploaded but never attached are deleted before their records (the only pointer to them).
 * 4. the sign-in account is deleted last.
 * A suspended account is refused like every other write (staff may need its records; support can erase it).
 */
export async function deleteAccount(deps: AccountDataDeps, caller: Caller): Promise<AccountDeletionReport> {
  const user = requireUser(caller);
  const data = await deps.store.collect(user.userId);
  assertCanWrite(caller, data.profile as Pick<Profile, 'accountStatus'> | null);

  // Unattached photos first: their records are the only pointer to the files.
  const pendingKeys = data.pendingUploads.map((u) => String(u.key ?? '')).filter(Boolean);
  if (pendingKeys.length) await deps.imageFiles.deleteImages(pendingKeys);
  const erased = await deps.store.erase(user.userId);

  const sub = data.subscription as { subscriptionId?: string; status?: string } | null;
  let subscriptionCancelled = false;
  if (sub?.subscriptionId && LIVE_SUBSCRIPTION.has(String(sub.status))) {
    await deps.payments.cancelSubscriptionNow(sub.subscriptionId);
    subscriptionCancelled = true;
  }

  const listings = await deps.listings.listByOwner(user.userId);
  const deletedAt = deps.now().toISOString();
  let photos = pendingKeys.length;
  for (const listing of listings) {
    await deps.listings.remove(listing, deletedAt);
    const cleanUps = await Promise.allSettled([
      deps.listings.removeSavedEntries(listing.id),
      listing.images.length ? deps.imageFiles.deleteImages(listing.images.map((i) => i.key)) : Promise.resolve(),
    ]);
    for (const r of cleanUps) if (r.status === 'rejected') deps.logError(`Clean-up after deleting listing ${listing.id} failed`, r.reason);
    photos += listing.images.length;
    await deps.events
      .publish([{ type: 'listing.deleted', detail: { listingId: listing.id, userId: user.userId, deletedAt } }])
      .catch((err) => deps.logError(`Publishing listing.deleted for ${listing.id} failed`, err));
  }

  await deps.signIns.deleteUser(user.userId);
  return {
    deleted: {
      listings: listings.length,
      photos,
      savedTrucks: erased.savedTrucks,
      enquiriesSent: erased.enquiriesSent,
      otherItems: erased.otherItems,
      subscriptionCancelled,
      signIn: true,
    },
    retained: RETAINED_ON_DELETION,
  };
}
