import { describe, expect, it } from 'vitest';
import { MASK } from '../../../../shared/constants.js';
import type { ListingStatus } from '../../../../shared/listing-options.js';
import { ANONYMOUS, type Caller } from '../caller.js';
import { DomainError } from '../errors.js';
import { type ListingReader, readListingForCaller } from './read-listing.js';
import type { ListingRecord, ScrapedRecord } from './types.js';

const user = (userId: string, isAdmin = false): Caller => ({
  kind: 'user',
  userId,
  username: userId,
  groups: [],
  isAdmin,
  isSuperAdmin: false,
});

function reader(status: ListingStatus): ListingReader {
  const record = {
    id: 'L1',
    userId: 'owner',
    title: 'DAF',
    contactName: 'Sam',
    phone: '0113',
    email: 's@x.y',
    images: [],
    status,
  } as unknown as ListingRecord;
  const scraped = { id: 's1', sourceWebsite: 'site', make: 'DAF', isActive: true, scrapedAt: '2026-01-01T00:00:00.000Z' } as ScrapedRecord;
  return {
    getListing: async (id) => (id === 'L1' ? record : null),
    getScraped: async (id) => (id === 's1' ? scraped : null),
  };
}

const notFound = (p: Promise<unknown>) =>
  expect(p).rejects.toSatisfy((e) => e instanceof DomainError && e.code === 'NOT_FOUND' && e.message === 'Truck not found');

describe('readListingForCaller', () => {
  it('returns active and sold listings to anyone, masked for anonymous visitors', async () => {
    for (const status of ['active', 'sold'] as const) {
      const l = await readListingForCaller(reader(status), 'L1', ANONYMOUS, '/images');
      expect(l).toMatchObject({ id: 'L1', status, contactName: MASK.contactName, phone: MASK.phone, email: null, userId: null });
    }
  });
  it('hides pending, inactive and expired listings from everyone but the owner and admins', async () => {
    for (const status of ['pending', 'inactive', 'expired'] as const) {
      await notFound(readListingForCaller(reader(status), 'L1', ANONYMOUS, '/images'));
      await notFound(readListingForCaller(reader(status), 'L1', user('someone-else'), '/images'));
      expect((await readListingForCaller(reader(status), 'L1', user('owner'), '/images')).phone).toBe('0113');
      expect((await readListingForCaller(reader(status), 'L1', user('staff', true), '/images')).status).toBe(status);
    }
  });
  it("opens scraped listings by their 'scraped-' id", async () => {
    const l = await readListingForCaller(reader('active'), 'scraped-s1', user('u'), '/images');
    expect(l).toMatchObject({ id: 'scraped-s1', source: 'scraped', contactName: 'Dealer', phone: null });
  });
  it('answers 404 for ids that do not exist', async () => {
    await notFound(readListingForCaller(reader('active'), 'nope', ANONYMOUS, '/images'));
    await notFound(readListingForCaller(reader('active'), 'scraped-', ANONYMOUS, '/images'));
  });
});
