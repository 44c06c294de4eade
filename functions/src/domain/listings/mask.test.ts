import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MASK } from '../../../../shared/constants.js';
import type { Listing } from '../../../../shared/schemas/listing.js';
import { ANONYMOUS, type Caller } from '../caller.js';
import { contactOf, maskForCaller } from './mask.js';
/** The rule's value, stated here rather than imported, so a change to it fails this test. */
const HIDDEN_CONTACT_TEXT = '[contact details hidden: use Contact Seller]';

const user: Caller = { kind: 'user', userId: 'u2', username: 'u2', groups: [], isAdmin: false, isSuperAdmin: false };

const listingArb = fc.record({
  source: fc.constantFrom('user' as const, 'scraped' as const),
  contactName: fc.option(fc.string(), { nil: null }),
  companyName: fc.option(fc.string(), { nil: null }),
  phone: fc.option(fc.string(), { nil: null }),
  email: fc.option(fc.emailAddress(), { nil: null }),
  userId: fc.option(fc.uuid(), { nil: null }),
});
const asListing = (p: Partial<Listing>) => ({ id: 'x', title: 't', ...p }) as Listing;

describe('maskForCaller', () => {
  it('never lets seller contact reach anonymous visitors, for user and scraped listings', () => {
    fc.assert(
      fc.property(listingArb, (p) => {
        const masked = maskForCaller(asListing(p), ANONYMOUS);
        expect(masked.contactName).toBe(MASK.contactName);
        expect(masked.phone).toBe(MASK.phone);
        expect(masked.companyName).toBeNull();
        expect(masked.email).toBeNull();
        expect(masked.userId).toBeNull();
      }),
    );
  });
  it('never gives anyone but the owner a phone or e-mail with a listing: names only for signed-in users', () => {
    fc.assert(
      fc.property(listingArb, (p) => {
        const l = asListing(p);
        const shown = maskForCaller(l, user);
        expect(shown.phone).toBeNull();
        expect(shown.email).toBeNull();
        if (l.source === 'user') expect([shown.contactName, shown.companyName]).toEqual([l.contactName, l.companyName]);
      }),
    );
  });
  it('masks the registration to its first 4 characters for anonymous visitors unless the seller shows it', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Z]{2}[0-9]{2}[A-Z]{3}$/), fc.boolean(), (registration, showFull) => {
        const l = asListing({ source: 'user', registration, showFullRegistration: showFull });
        const anonymous = maskForCaller(l, ANONYMOUS).registration;
        expect(anonymous).toBe(showFull ? registration : `${registration.slice(0, 4)} •••`);
        expect(maskForCaller(l, user).registration).toBe(registration);
      }),
    );
    expect(maskForCaller(asListing({ source: 'user', registration: null }), ANONYMOUS).registration).toBeNull();
  });
  it('hides a phone number or e-mail typed into the description from everyone but the owner', () => {
    const description = 'Clean unit. Ring Sam on 0113 496 0417 or e-mail sales@pennine.example.';
    const hidden = `Clean unit. Ring Sam on ${HIDDEN_CONTACT_TEXT} or e-mail ${HIDDEN_CONTACT_TEXT}.`;
    const l = asListing({ source: 'user', userId: 'owner', description });
    expect(maskForCaller(l, ANONYMOUS).description).toBe(hidden);
    expect(maskForCaller(l, user).description).toBe(hidden);
    expect(maskForCaller(asListing({ source: 'scraped', userId: null, description }), user).description).toBe(hidden);
    expect(maskForCaller(l, { ...user, userId: 'owner', username: 'owner' }).description).toBe(description);
  });

  it('shows owners their own listing in full', () => {
    const l = asListing({ source: 'user', userId: 'u2', contactName: 'A', phone: '1', email: 'a@b.c' });
    expect(maskForCaller(l, user)).toEqual(l);
  });
  it("reveals the scraped dealer with 'Dealer' and 'Contact via website' defaults", () => {
    const l = asListing({ source: 'scraped', contactName: null, phone: null, email: 'x@y.z' });
    expect(maskForCaller(l, user)).toMatchObject({ contactName: 'Dealer', phone: null, email: null });
    expect(contactOf(l)).toEqual({ contactName: 'Dealer', companyName: null, phone: 'Contact via website', email: null });
    const named = asListing({ source: 'scraped', contactName: 'Northern Trucks', phone: '0113 496 0000' });
    expect(contactOf(named)).toMatchObject({ contactName: 'Northern Trucks', phone: '0113 496 0000' });
  });
  it("cuts a private seller's postcode to its outcode for anonymous visitors, not a dealer's", () => {
    const priv = asListing({ source: 'user', companyName: null, postcode: 'ls11 5ab' });
    expect(maskForCaller(priv, ANONYMOUS).postcode).toBe('LS11');
    expect(maskForCaller(asListing({ source: 'user', companyName: 'D Ltd', postcode: 'LS11 5AB' }), ANONYMOUS).postcode).toBe('LS11 5AB');
    for (const [input, out] of [
      ['SW1A 1AA', 'SW1A'],
      ['M11AA', 'M1'],
      ['EC1A1BB', 'EC1A'],
      ['B33', 'B33'],
      ['Leeds', null],
      ['', null],
    ] as const) {
      expect(maskForCaller(asListing({ source: 'user', companyName: null, postcode: input }), ANONYMOUS).postcode).toBe(out);
    }
  });
  it('does not change the listing it is given', () => {
    const l = asListing({ source: 'user', contactName: 'A', phone: '1' });
    maskForCaller(l, ANONYMOUS);
    expect(l.contactName).toBe('A');
  });
});
