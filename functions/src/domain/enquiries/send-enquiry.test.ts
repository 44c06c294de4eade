import { describe, expect, it } from 'vitest';
import { ENQUIRY_TEXTS } from '../../../../shared/schemas/enquiry.js';
import { type Profile, type ProfileStore, SUSPENDED_MESSAGE } from '../accounts/profiles.js';
import { testProfile } from '../accounts/profiles.test-support.js';
import type { Caller } from '../caller.js';
import { DomainError } from '../errors.js';
import type { ListingRecord } from '../listings/types.js';
import type { OutgoingEmail } from '../mail/mailer.js';
import type { RateLimiter } from '../rate-limit.js';
import { type EnquiryRecord, type SendEnquiryDeps, listSellerEnquiries, sendEnquiry } from './send-enquiry.js';

const now = new Date('2026-11-22T19:00:00Z');
const user = (userId: string): Caller => ({ kind: 'user', userId, username: userId, groups: [], isAdmin: false, isSuperAdmin: false });
const profile = (userId: string, extra: Partial<Profile> = {}): Profile => testProfile(userId, now, extra);

const listing = (extra: Partial<ListingRecord> = {}) =>
  ({
    id: 'L1',
    userId: 'seller',
    title: '2020 DAF XF 480',
    status: 'active',
    contactName: 'Sam Seller',
    email: 'listing@example.test',
    ...extra,
  }) as ListingRecord;

function setup(opts: { listing?: ListingRecord | null; allowed?: boolean; sellerProfile?: Profile | null; mailFails?: boolean } = {}) {
  const stored: EnquiryRecord[] = [];
  const sent: OutgoingEmail[] = [];
  const limited: string[] = [];
  const profiles = new Map<string, Profile>();
  const seller =
    opts.sellerProfile === undefined ? profile('seller', { email: 'seller@example.test', fullName: 'Sam' }) : opts.sellerProfile;
  if (seller) profiles.set('seller', seller);
  const profileStore = { get: async (id: string) => profiles.get(id) ?? null } as ProfileStore;
  const rateLimit: RateLimiter = async (r) => {
    limited.push(r.key);
    return { allowed: opts.allowed ?? true, count: 1, retryAfterSeconds: 60 };
  };
  const deps: SendEnquiryDeps = {
    listings: { get: async () => (opts.listing === undefined ? listing() : opts.listing) },
    profiles: profileStore,
    enquiries: {
      save: async (r) => {
        stored.push(r);
      },
      listBySeller: async (sellerId) => stored.filter((r) => r.sellerId === sellerId).reverse(),
    },
    mailer: {
      send: async (m) => {
        if (opts.mailFails) throw new Error('SMTP down');
        sent.push(m);
      },
    },
    rateLimit,
    now: () => now,
    newId: () => 'E1',
    mail: { siteUrl: 'https://truckyard.example' },
  };
  return { deps, stored, sent, limited };
}

const buyer = profile('buyer', { fullName: 'Bea Buyer', email: 'bea@example.test' });
const body = { message: 'Is it still available?', phone: '07700 900111' };

const codeOf = async (p: Promise<unknown>) => {
  try {
    await p;
    return 'OK';
  } catch (err) {
    return err instanceof DomainError ? `${err.code}: ${err.message}` : String(err);
  }
};

describe('sendEnquiry', () => {
  it('stores the lead and e-mails the seller’s account address with Reply-To the buyer', async () => {
    const { deps, stored, sent, limited } = setup();

    const result = await sendEnquiry(deps, user('buyer'), buyer, 'L1', body);

    expect(result).toEqual({ id: 'E1', createdAt: now.toISOString(), emailFailure: null });
    expect(stored).toEqual([
      expect.objectContaining({
        listingId: 'L1',
        sellerId: 'seller',
        buyerId: 'buyer',
        buyerEmail: 'bea@example.test',
        phone: '07700 900111',
      }),
    ]);
    expect(limited).toEqual(['buyer']);
    expect(sent).toHaveLength(1);
    expect(sent[0].to).toBe('seller@example.test');
    expect(sent[0].replyTo).toEqual({ name: 'Bea Buyer', address: 'bea@example.test' });
    expect(sent[0].subject).toBe('Enquiry about your 2020 DAF XF 480');
  });

  it('falls back to the listing’s contact e-mail when the seller’s profile has none', async () => {
    const { deps, sent } = setup({ sellerProfile: null });
    await sendEnquiry(deps, user('buyer'), buyer, 'L1', body);
    expect(sent[0].to).toBe('listing@example.test');
  });

  it('keeps the lead and reports the failure when the e-mail cannot be sent', async () => {
    const { deps, stored } = setup({ mailFails: true });
    const result = await sendEnquiry(deps, user('buyer'), buyer, 'L1', body);
    expect(stored).toHaveLength(1);
    expect(String(result.emailFailure)).toContain('SMTP down');
  });

  it.each([
    ['an anonymous caller', { kind: 'anonymous' } as Caller, buyer, 'L1', {}, 'UNAUTHENTICATED'],
    ['a suspended buyer', user('buyer'), { ...buyer, accountStatus: 'suspended' as const }, 'L1', {}, `SUSPENDED: ${SUSPENDED_MESSAGE}`],
    ['the seller themself', user('seller'), profile('seller'), 'L1', {}, `VALIDATION: ${ENQUIRY_TEXTS.ownListing}`],
    ['a scraped listing', user('buyer'), buyer, 'scraped-abc', {}, `VALIDATION: ${ENQUIRY_TEXTS.scraped}`],
    ['a missing listing', user('buyer'), buyer, 'L1', { listing: null }, 'NOT_FOUND: Truck not found'],
    ['an inactive listing', user('buyer'), buyer, 'L1', { listing: listing({ status: 'inactive' }) }, 'NOT_FOUND: Truck not found'],
    ['a sold listing', user('buyer'), buyer, 'L1', { listing: listing({ status: 'sold' }) }, `VALIDATION: ${ENQUIRY_TEXTS.notAvailable}`],
    ['a rate-limited buyer', user('buyer'), buyer, 'L1', { allowed: false }, `RATE_LIMITED: ${ENQUIRY_TEXTS.rateLimited}`],
  ] as const)('refuses %s, storing and sending nothing', async (_name, caller, who, id, opts, expected) => {
    const { deps, stored, sent } = setup(opts);
    expect(await codeOf(sendEnquiry(deps, caller, who as Profile, id, body))).toMatch(
      new RegExp(`^${expected.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
    );
    expect(stored).toEqual([]);
    expect(sent).toEqual([]);
  });

  it('does not count refused enquiries against the rate limit', async () => {
    const { deps, limited } = setup();
    await codeOf(sendEnquiry(deps, user('seller'), profile('seller'), 'L1', body));
    expect(limited).toEqual([]);
  });
});

describe('listSellerEnquiries', () => {
  it('returns the caller’s enquiries without the internal ids', async () => {
    const { deps } = setup();
    await sendEnquiry(deps, user('buyer'), buyer, 'L1', body);
    const items = await listSellerEnquiries(deps.enquiries, user('seller'));
    expect(items).toHaveLength(1);
    expect(items[0]).not.toHaveProperty('buyerId');
    expect(items[0]).not.toHaveProperty('sellerId');
    expect(await listSellerEnquiries(deps.enquiries, user('buyer'))).toEqual([]);
  });
});
