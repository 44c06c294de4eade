/**
 * Dealer storefronts (issue 26 §1): one per dealer account, at /dealers/{slug}. The slug is the
 * company name in lower case with hyphens, "-2", "-3"… on a clash; a renamed company gets a new
 * slug and its old one answers with a 301 to it. Staff may hide a storefront (then it is a 404
 * and out of the directory). Pure logic over the StorefrontStore port.
 */
import { slugCandidate, slugOf } from '../../../../shared/slug.js';
import type { DayHours, StorefrontUpdate } from '../../../../shared/schemas/storefront.js';
import type { Caller } from '../caller.js';
import { auditEntry } from '../admin/audit-entry.js';
import type { NewAuditEntry, Staff } from '../admin/ports.js';
import { DomainError, forbidden, notFound, validationError } from '../errors.js';
import { resolveLocation } from '../geo/geo.js';

export interface StoredLogo {
  key: string;
  width: number;
  height: number;
}

/** A storefront as stored (pattern 63). */
export interface StorefrontRecord {
  slug: string;
  userId: string;
  companyName: string;
  about: string;
  town: string | null;
  postcodeDistrict: string | null;
  lat: number | null;
  lon: number | null;
  hours: DayHours[] | null;
  logo: StoredLogo | null;
  hidden: boolean;
  /** The dealer is approved (issue 23), as of the storefront's last write (the page itself reads the profile). */
  approved: boolean;
  createdAt: string;
  updatedAt: string;
}

/** What a slug leads to: a storefront, an old slug's redirect, or nothing. */
export type SlugEntry = { kind: 'storefront'; record: StorefrontRecord } | { kind: 'redirect'; to: string; userId: string };

export interface StorefrontStore {
  bySlug(slug: string): Promise<SlugEntry | null>;
  /** The profile's pointer to its current storefront slug (null: none yet). */
  slugOfUser(userId: string): Promise<string | null>;
  /**
   * Writes a new storefront under its slug (refused, returning false, when the slug is taken by
   * another account), points the profile at it, and turns the previous slug (if any) into a
   * redirect to it, in one transaction.
   */
  claim(record: StorefrontRecord, previousSlug: string | null): Promise<boolean>;
  /** Saves the dealer's edits; a new logo takes its pending upload (it must still be there). */
  update(slug: string, changes: Partial<StorefrontRecord>, claimedLogoKey: string | null, userId: string): Promise<void>;
  /** Hides or shows it, with the staff action's audit entry in the same transaction. */
  setHidden(slug: string, hidden: boolean, updatedAt: string, audit: NewAuditEntry): Promise<void>;
  /** Every visible storefront, by name. */
  listVisible(): Promise<StorefrontRecord[]>;
  /** The logo's stored image if it is one of the user's verified pending uploads. */
  pendingLogo(userId: string, key: string): Promise<StoredLogo | null>;
}

export interface DealerProfileView {
  userId: string;
  accountType: 'dealer' | 'individual';
  companyName: string | null;
  fullName: string | null;
  dealerStatus?: string;
}

/** The name a storefront shows: the company name, else the dealer's name. */
const storefrontNameOf = (p: Pick<DealerProfileView, 'companyName' | 'fullName'>) =>
  p.companyName?.trim() || p.fullName?.trim() || 'Dealer';

const MAX_CLASH = 50;
const MAX_REDIRECT_HOPS = 5;

/** Claims the first free slug of `name` ("-2", "-3", … on a clash). */
async function claimFirstFree(
  store: StorefrontStore,
  base: Omit<StorefrontRecord, 'slug'>,
  previousSlug: string | null,
): Promise<StorefrontRecord> {
  const stem = slugOf(base.companyName);
  for (let n = 1; n <= MAX_CLASH; n++) {
    const slug = slugCandidate(stem, n);
    const taken = await store.bySlug(slug);
    // A slug is free when nobody has it, or it is this dealer's own old slug (a name changed back).
    if (taken && !(taken.kind === 'redirect' && taken.to !== slug && taken.userId === base.userId)) continue;
    const record = { ...base, slug };
    if (await store.claim(record, previousSlug)) return record;
  }
  throw new DomainError('CONFLICT', 'No free storefront address for this company name; try a more distinctive one');
}

/**
 * The dealer's storefront, made at sign-up (post-confirmation) or on first need (the dashboard, staff hiding it), and
 * moved to a new slug when the company name's slug changed (the old one redirects). Individual
 * accounts have none.
 */
export async function ensureStorefront(store: StorefrontStore, profile: DealerProfileView, now: Date): Promise<StorefrontRecord> {
  if (profile.accountType !== 'dealer') throw forbidden('Storefronts are for dealer accounts');
  const name = storefrontNameOf(profile);
  const approved = profile.dealerStatus === 'approved';
  const current = await store.slugOfUser(profile.userId);
  const existing = current ? await store.bySlug(current) : null;
  if (existing?.kind === 'storefront') {
    const record = existing.record;
    const stem = slugOf(name);
    // The slug still fits the name (itself or a clash's "-n"): keep it, whatever the name's case or punctuation.
    if (record.slug === stem || new RegExp(`^${stem}-\\d+$`).test(record.slug)) {
      if (record.companyName !== name)
        await store.update(record.slug, { companyName: name, updatedAt: now.toISOString() }, null, profile.userId);
      return { ...record, companyName: name };
    }
    const { slug: _old, ...rest } = record;
    return claimFirstFree(store, { ...rest, companyName: name, updatedAt: now.toISOString() }, record.slug);
  }
  const at = now.toISOString();
  return claimFirstFree(
    store,
    {
      userId: profile.userId,
      companyName: name,
      about: '',
      town: null,
      postcodeDistrict: null,
      lat: null,
      lon: null,
      hours: null,
      logo: null,
      hidden: false,
      approved,
      createdAt: at,
      updatedAt: at,
    },
    null,
  );
}

/** What a public slug answers: the storefront, a 301 to the current slug, or NOT_FOUND (unknown or hidden). */
export async function resolveStorefront(
  store: StorefrontStore,
  slug: string,
): Promise<{ kind: 'storefront'; record: StorefrontRecord } | { kind: 'redirect'; to: string }> {
  let entry = await store.bySlug(slug);
  for (let hop = 0; entry?.kind === 'redirect' && hop < MAX_REDIRECT_HOPS; hop++) {
    const next = await store.bySlug(entry.to);
    if (next?.kind === 'storefront')
      return next.record.hidden ? Promise.reject(notFound('No such dealer')) : { kind: 'redirect', to: next.record.slug };
    entry = next;
  }
  if (entry?.kind !== 'storefront' || entry.record.hidden) throw notFound('No such dealer');
  return entry;
}

/** The dealer's edits (already validated by storefrontUpdateSchema): the postcode is placed to its district. */
export async function updateStorefront(
  store: StorefrontStore,
  profile: DealerProfileView,
  caller: Caller,
  input: StorefrontUpdate,
  now: Date,
): Promise<StorefrontRecord> {
  if (caller.kind !== 'user' || caller.userId !== profile.userId) throw forbidden();
  const record = await ensureStorefront(store, profile, now);
  const place = resolveLocation(input.postcode);
  if (!place) throw validationError('Enter a UK postcode or postcode district we know, such as LS11 or LS11 5AB');
  let logo = record.logo;
  let claimed: string | null = null;
  if (input.logoKey === null) logo = null;
  else if (input.logoKey !== undefined && input.logoKey !== record.logo?.key) {
    const pending = await store.pendingLogo(profile.userId, input.logoKey);
    if (!pending) throw validationError('Upload the logo again: it was not found or has expired');
    logo = pending;
    claimed = input.logoKey;
  }
  const changes: Partial<StorefrontRecord> = {
    about: input.about,
    town: input.town,
    postcodeDistrict: place.outcode,
    lat: place.lat,
    lon: place.lon,
    hours: input.hours,
    logo,
    updatedAt: now.toISOString(),
  };
  await store.update(record.slug, changes, claimed, profile.userId);
  return { ...record, ...changes };
}

/**
 * Staff hide or show a dealer's storefront (admin › Users; audited as `user` `storefront`). A
 * hidden storefront is a 404 and out of the directory and sitemap; its listings stay as they are.
 */
export async function setStorefrontHidden(
  deps: { store: StorefrontStore; profiles: { get(userId: string): Promise<DealerProfileView | null> }; now: () => Date },
  staff: Staff,
  userId: string,
  hidden: boolean,
): Promise<{ slug: string; hidden: boolean }> {
  const profile = await deps.profiles.get(userId);
  if (!profile) throw notFound('User not found');
  if (profile.accountType !== 'dealer') throw new DomainError('CONFLICT', 'Only a dealer account has a storefront.');
  const record = await ensureStorefront(deps.store, profile, deps.now());
  const entry = auditEntry(staff, 'update', 'user', userId, {
    change: 'storefront_hidden',
    slug: record.slug,
    from: record.hidden,
    to: hidden,
  });
  await deps.store.setHidden(record.slug, hidden, deps.now().toISOString(), entry);
  return { slug: record.slug, hidden };
}
