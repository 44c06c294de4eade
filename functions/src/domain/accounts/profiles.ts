import { parsePhone } from '../../../../shared/phone.js';
import type { AccountType, Profile, UpdateProfile } from '../../../../shared/schemas/profile.js';
import type { Caller } from '../caller.js';
import { DomainError, unauthenticated } from '../errors.js';

export type { Profile };

/** Where profiles live (pattern 10; the adapter also indexes them for admins, pattern 11). */
export interface ProfileStore {
  get(userId: string): Promise<Profile | null>;
  /** Writes the profile unless one exists; returns whichever is stored. */
  createIfAbsent(profile: Profile): Promise<Profile>;
  /** Applies the changes to an existing profile; null when there is none. */
  update(userId: string, changes: Partial<Pick<Profile, 'fullName' | 'companyName' | 'phone'>>, updatedAt: string): Promise<Profile | null>;
}

export const SUSPENDED_MESSAGE = 'Your account is suspended. Contact support to restore access.';

/** The one rule for the whole product: every write by a suspended account is refused (403). */
export function assertCanWrite(caller: Caller, profile: Pick<Profile, 'accountStatus'> | null): void {
  if (caller.kind !== 'user') throw unauthenticated();
  if (profile?.accountStatus === 'suspended') throw new DomainError('SUSPENDED', SUSPENDED_MESSAGE);
}

function newProfile(p: {
  userId: string;
  fullName?: string | null;
  companyName?: string | null;
  phone?: string | null;
  email?: string | null;
  accountType?: AccountType;
  now: Date;
}): Profile {
  const at = p.now.toISOString();
  const clean = (s: string | null | undefined) => (s?.trim() ? s.trim() : null);
  return {
    userId: p.userId,
    fullName: clean(p.fullName),
    companyName: clean(p.companyName),
    // One stored form for every phone number (E.164); text that is not one is kept as typed.
    phone: clean(p.phone) ? (parsePhone(p.phone) ?? clean(p.phone)) : null,
    // Sign-in e-mails are case-insensitive: keep the lower-case form.
    email: clean(p.email)?.toLowerCase() ?? null,
    accountStatus: 'active',
    accountType: p.accountType ?? 'individual',
    createdAt: at,
    updatedAt: at,
  };
}

/**
 * The caller's profile. Users the sign-up trigger never saw (created before it existed, or by a
 * local user pool without triggers) get one made from their sign-up attributes when
 * `signUpAttributes` can read them, else a default one.
 */
export async function getProfile(
  store: ProfileStore,
  caller: Caller,
  now: Date,
  signUpAttributes?: () => Promise<Record<string, string | undefined>>,
): Promise<Profile> {
  if (caller.kind !== 'user') throw unauthenticated();
  const existing = await store.get(caller.userId);
  if (existing) return existing;
  const attributes = signUpAttributes ? await signUpAttributes().catch(() => null) : null;
  if (attributes) return createProfileOnConfirm(store, { userId: caller.userId, attributes }, now);
  return store.createIfAbsent(newProfile({ userId: caller.userId, now }));
}

/** Loads the caller's profile and refuses the write when the account is suspended. */
export async function requireWritableProfile(store: ProfileStore, caller: Caller, now: Date): Promise<Profile> {
  const profile = await getProfile(store, caller, now);
  assertCanWrite(caller, profile);
  return profile;
}

/** PATCH /api/me: name, company and phone. */
export async function updateProfile(store: ProfileStore, caller: Caller, changes: UpdateProfile, now: Date): Promise<Profile> {
  const current = await requireWritableProfile(store, caller, now);
  if (caller.kind !== 'user') throw unauthenticated();
  const patch: Partial<Pick<Profile, 'fullName' | 'companyName' | 'phone'>> = {};
  if (changes.fullName !== undefined) patch.fullName = changes.fullName;
  if (changes.companyName !== undefined) patch.companyName = changes.companyName;
  if (changes.phone !== undefined) patch.phone = changes.phone;
  // Nothing to change (an empty or missing body): nothing is written, not even updatedAt.
  if (Object.keys(patch).length === 0) return current;
  const updated = await store.update(caller.userId, patch, now.toISOString());
  if (!updated) throw new DomainError('NOT_FOUND', 'Profile not found');
  return updated;
}

/**
 * Dealer or individual, from what sign-up sent: a `custom:account_type` attribute, or
 * `accountType` in the client metadata (the dealer registration page sends 'dealer').
 */
function accountTypeFrom(attributes: Record<string, string | undefined>, clientMetadata?: Record<string, string | undefined>): AccountType {
  const raw = (attributes['custom:account_type'] ?? clientMetadata?.accountType ?? clientMetadata?.account_type ?? '').trim().toLowerCase();
  return raw === 'dealer' ? 'dealer' : 'individual';
}

export interface ConfirmedSignUp {
  userId: string;
  attributes: Record<string, string | undefined>;
  clientMetadata?: Record<string, string | undefined>;
}

/** Cognito post-confirmation: creates the profile from the sign-up attributes (idempotent: a retried trigger keeps the first). */
export async function createProfileOnConfirm(store: ProfileStore, signUp: ConfirmedSignUp, now: Date): Promise<Profile> {
  const a = signUp.attributes;
  return store.createIfAbsent(
    newProfile({
      userId: signUp.userId,
      fullName: a.name ?? signUp.clientMetadata?.fullName,
      companyName: a['custom:company_name'] ?? signUp.clientMetadata?.companyName,
      phone: a.phone_number ?? signUp.clientMetadata?.phone,
      email: a.email,
      accountType: accountTypeFrom(a, signUp.clientMetadata),
      now,
    }),
  );
}
