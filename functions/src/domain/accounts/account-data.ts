import {
  type AccountDataExport,
  type AccountDeletionReport,
  type DeleteAccountInput,
  REAUTH_REQUIRED_MESSAGE,
  RECENT_SIGN_IN_SECONDS,
  RETAINED_ON_DELETION,
  WRONG_PASSWORD_MESSAGE,
} from '../../../../shared/schemas/account.js';
import type { Caller } from '../caller.js';
import { DomainError, unauthenticated } from '../errors.js';
import type { DeletedAccounts } from './deleted-accounts.js';
import type { ListingEventPublisher, ListingImageFiles, OwnerListingStore } from '../listings/manage-ports.js';
import { type Profile, assertCanWrite } from './profiles.js';

/** Everything stored in the user's own records, grouped (the adapter knows the keys). */
export interface PersonalData {
  profile: Record<string, unknown> | null;
  savedTrucks: Record<string, unknown>[];
  savedSearches: Record<string, unknown>[];
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

/**
 * Contact and valuation messages (patterns 25, 26) found by the address they were sent from
 * (pattern 61): anyone may send them signed out, so the address is what ties them to an account.
 */
export interface SentMessages {
  listBySender(email: string): Promise<Record<string, unknown>[]>;
  /** Removes the sender's name, e-mail, phone and company from each; the text stays for staff. Returns how many. */
  redactBySender(email: string): Promise<number>;
}

export interface AccountDataDeps {
  store: AccountDataStore;
  sentMessages: SentMessages;
  /** The dealer's stock files (imports/<sub>/ in the private uploads bucket). */
  stockFiles: { deleteAll(userId: string): Promise<number> };
  /** Tombstones every authenticated write checks (http/handler.ts): the account's unexpired access tokens stop working. */
  tombstones: Pick<DeletedAccounts, 'record'>;
  listings: Pick<OwnerListingStore, 'listByOwner' | 'remove' | 'removeSavedEntries'>;
  imageFiles: ListingImageFiles;
  events: ListingEventPublisher;
  /** Ends a subscription now (not at the period's end): a deleted account is never charged again. */
  payments: { cancelSubscriptionNow(subscriptionId: string): Promise<void> };
  /** The sign-in account (Cognito); a user already gone is not an error. */
  signIns: {
    /** The account's current e-mail address (Cognito holds it; the profile keeps the sign-up one); null when gone. */
    emailOf(userId: string): Promise<string | null>;
    /** Whether the password is the account's (a sign-in attempt; an MFA challenge after it also means yes). */
    passwordMatches(username: string, password: string): Promise<boolean>;
    /** AdminUserGlobalSignOut: every refresh token is revoked. */
    signOutEverywhere(userId: string): Promise<void>;
    /** AdminDeleteUser. */
    deleteUser(userId: string): Promise<void>;
  };
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
  deps: Pick<AccountDataDeps, 'store' | 'listings' | 'now' | 'sentMessages' | 'signIns'>,
  caller: Caller,
): Promise<AccountDataExport> {
  const user = requireUser(caller);
  const [data, listings, emails] = await Promise.all([
    deps.store.collect(user.userId),
    deps.listings.listByOwner(user.userId),
    deps.signIns.emailOf(user.userId),
  ]);
  const messagesSent = (
    await Promise.all(senderAddresses(emails, data.profile).map((email) => deps.sentMessages.listBySender(email)))
  ).flat();
  const { other, ...named } = data;
  return {
    exportedAt: deps.now().toISOString(),
    userId: user.userId,
    ...named,
    messagesSent,
    // Records of a kind this code does not name still belong to the person: exported as they are.
    ...(other.length ? { otherRecords: other } : {}),
    listings,
    retainedOnDeletion: RETAINED_ON_DELETION,
  };
}

/**
 * DELETE /api/me (UK GDPR erasure, issue 10 §6; issue 23). Needs a sign-in within the last
 * RECENT_SIGN_IN_SECONDS or the password entered again. Then, in this order, so that a failure
 * part-way leaves something a retry finishes rather than an account the user can no longer reach:
 * 1. Cognito signs the user out everywhere (refresh tokens revoked), and a tombstone makes every
 *    other write refuse the access tokens already issued (this route stays open to them, so a
 *    retry can finish);
 * 2. their records and the enquiries they sent are deleted, payment records kept. The alert
 *    preferences go first on purpose: the provider's webhooks for the cancellation below then find
 *    no preferences and write no alert schedule back;
 * 3. the subscription is cancelled at the provider now, not at the period's end (a deleted account
 *    is never charged again). If the provider fails, the request fails; the kept subscription record
 *    lets a retry cancel it;
 * 4. their listings go as an owner's delete does (tombstone for search, saved entries, photos, event).
 *    Photos uploaded but never attached are deleted before their records (the only pointer to them);
 * 5. their stock files (imports/<sub>/) are deleted, and the contact and valuation messages sent
 *    from their e-mail address lose the sender's name, e-mail and phone (staff keep the text);
 * 6. the sign-in account is deleted last.
 * A suspended account is refused like every other write (staff may need its records; support can erase it).
 */
export async function deleteAccount(deps: AccountDataDeps, caller: Caller, input: DeleteAccountInput): Promise<AccountDeletionReport> {
  const user = requireUser(caller);
  await assertRecentlyAuthenticated(deps, user, input.password);
  const data = await deps.store.collect(user.userId);
  assertCanWrite(caller, data.profile as Pick<Profile, 'accountStatus'> | null);

  // Signed out everywhere first: no new access token can be had from here on, and the tombstone
  // refuses the writes of those already issued (they stay valid for API Gateway until they expire).
  const email = await deps.signIns.emailOf(user.userId);
  await deps.signIns.signOutEverywhere(user.userId);
  await deps.tombstones.record(user.userId, deps.now());

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

  const stockFiles = await deps.stockFiles.deleteAll(user.userId);
  let messagesRedacted = 0;
  for (const address of senderAddresses(email, data.profile)) messagesRedacted += await deps.sentMessages.redactBySender(address);

  await deps.signIns.deleteUser(user.userId);
  return {
    deleted: {
      listings: listings.length,
      photos,
      savedTrucks: erased.savedTrucks,
      enquiriesSent: erased.enquiriesSent,
      messagesRedacted,
      stockFiles,
      otherItems: erased.otherItems,
      subscriptionCancelled,
      signIn: true,
    },
    retained: RETAINED_ON_DELETION,
  };
}

/** The account's addresses, lower-cased: Cognito's current one and the profile's sign-up one. */
function senderAddresses(current: string | null, profile: Record<string, unknown> | null): string[] {
  const signUp = typeof profile?.email === 'string' ? profile.email : null;
  return [...new Set([current, signUp].filter((e): e is string => Boolean(e)).map((e) => e.trim().toLowerCase()))];
}

/**
 * Deletion needs a sign-in within RECENT_SIGN_IN_SECONDS (the access token's `auth_time`; a
 * refreshed token keeps the sign-in's time) or the password entered again: a token left in an
 * unattended browser cannot erase the account.
 */
async function assertRecentlyAuthenticated(
  deps: Pick<AccountDataDeps, 'signIns' | 'now'>,
  user: Extract<Caller, { kind: 'user' }>,
  password: string | undefined,
): Promise<void> {
  const age = user.authTime === undefined ? Number.POSITIVE_INFINITY : deps.now().getTime() / 1000 - user.authTime;
  if (age <= RECENT_SIGN_IN_SECONDS) return;
  if (!password) throw new DomainError('REAUTH_REQUIRED', REAUTH_REQUIRED_MESSAGE);
  if (!(await deps.signIns.passwordMatches(user.username, password))) throw new DomainError('REAUTH_REQUIRED', WRONG_PASSWORD_MESSAGE);
}
