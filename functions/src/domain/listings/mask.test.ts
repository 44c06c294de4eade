import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MASK } from '../../../../shared/constants.js';
import type { Listing } from '../../../../shared/schemas/listing.js';
import { ANONYMOUS, type Caller } from '../caller.js';
import { maskForCaller } from './mask.js';

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
  it('shows signed-in users the full contact on user listings', () => {
    fc.assert(
      fc.property(listingArb, (p) => {
        const l = asListing({ ...p, source: 'user' });
        expect(maskForCaller(l, user)).toEqual(l);
      }),
    );
  });
  it("shows signed-in users the scraped dealer, defaulting to 'Dealer' and 'Contact via website'", () => {
    const l = asListing({ source: 'scraped', contactName: null, phone: null, email: 'x@y.z' });
    expect(maskForCaller(l, user)).toMatchObject({ contactName: 'Dealer', phone: 'Contact via website', email: null });
    const named = asListing({ source: 'scraped', contactName: 'Northern Trucks', phone: '0113 496 0000' });
    expect(maskForCaller(named, user)).toMatchObject({ contactName: 'Northern Trucks', phone: '0113 496 0000' });
  });
  it('does not change the listing it is given', () => {
    const l = asListing({ source: 'user', contactName: 'A', phone: '1' });
    maskForCaller(l, ANONYMOUS);
    expect(l.contactName).toBe('A');
  });
});
