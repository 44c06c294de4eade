import { describe, expect, it } from 'vitest';
import { editListingSchema, sellListingSchema } from '../../../../shared/schemas/sell.js';
import { ANONYMOUS } from '../caller.js';
import { DomainError } from '../errors.js';
import { buildTitle, createOwnerListing } from './manage-create.js';
import { deleteOwnerListing } from './manage-delete.js';
import { fakeDeps, user } from './manage-fakes.test-support.js';
import { getOwnerListing, listOwnerListings } from './manage-read.js';
import { setOwnerListingStatus } from './manage-status.js';
import { updateOwnerListing } from './manage-update.js';

const sell = (extra: Record<string, unknown> = {}) =>
  sellListingSchema.parse({
    make: 'daf',
    model: 'XF 480',
    year: 2020,
    category: 'articulated',
    price: 42000,
    contactName: 'Ann',
    phone: '07700 900456',
    ...extra,
  });
const edit = (extra: Record<string, unknown> = {}) =>
  editListingSchema.parse({
    title: '2020 DAF XF 480 Space Cab',
    make: 'daf',
    model: 'XF 480',
    year: 2020,
    category: 'articulated',
    price: 39500,
    contactName: 'Ann',
    phone: '07700 900456',
    ...extra,
  });

async function codeOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return 'OK';
  } catch (err) {
    if (err instanceof DomainError) return err.code;
    throw err;
  }
}

describe('buildTitle', () => {
  it('joins year, make label and model, leaving out the make Other', () => {
    expect(buildTitle(2019, 'mercedes', 'Actros 2545')).toBe('2019 Mercedes-Benz Actros 2545');
    expect(buildTitle(2015, 'other', 'Dennis Eagle')).toBe('2015 Dennis Eagle');
  });
});

describe('createOwnerListing', () => {
  it('sets the owner from the token, status active, the title and both times, and publishes listing.created', async () => {
    const f = fakeDeps();
    f.addPending('u1', 'listings/IMG1');
    const rec = await createOwnerListing(f.deps, user('u1'), sell({ images: ['listings/IMG1'] }));
    expect(rec).toMatchObject({ userId: 'u1', status: 'active', title: '2020 DAF XF 480', category: 'articulated' });
    expect(rec.createdAt).toBe(rec.updatedAt);
    expect(rec.images).toEqual([{ key: 'listings/IMG1', width: 1600, height: 1200 }]);
    expect(f.pending.size).toBe(0);
    expect(f.events).toEqual([
      expect.objectContaining({ type: 'listing.created', detail: expect.objectContaining({ listingId: rec.id }) }),
    ]);
  });

  it("refuses images that are not the caller's own verified uploads", async () => {
    const f = fakeDeps();
    f.addPending('u2', 'listings/THEIRS');
    expect(await codeOf(createOwnerListing(f.deps, user('u1'), sell({ images: ['listings/THEIRS'] })))).toBe('VALIDATION');
    expect(await codeOf(createOwnerListing(f.deps, user('u1'), sell({ images: ['uploads/u1/RAW'] })))).toBe('VALIDATION');
    expect(f.listings.size).toBe(0);
  });

  it('refuses a suspended account and writes nothing', async () => {
    const f = fakeDeps();
    f.suspend('u1');
    await expect(createOwnerListing(f.deps, user('u1'), sell())).rejects.toMatchObject({
      code: 'SUSPENDED',
      message: 'Your account is suspended. Contact support to restore access.',
    });
    expect(f.listings.size).toBe(0);
  });

  it('still creates the listing when publishing fails, and logs it', async () => {
    const f = fakeDeps();
    f.deps.events.publish = async () => {
      throw new Error('bus down');
    };
    await createOwnerListing(f.deps, user('u1'), sell());
    expect(f.listings.size).toBe(1);
    expect(f.errors).toEqual(['Publishing listing.created failed']);
  });

  it('refuses a 31st listing within the hour (429) and writes nothing', async () => {
    const f = fakeDeps();
    f.deps.rateLimit = async ({ limit }) => ({ allowed: false, count: limit, retryAfterSeconds: 120 });
    await expect(createOwnerListing(f.deps, user('u1'), sell())).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    expect(f.listings.size).toBe(0);
  });

  it('refuses anonymous callers', async () => {
    expect(await codeOf(createOwnerListing(fakeDeps().deps, ANONYMOUS, sell()))).toBe('UNAUTHENTICATED');
  });
});

describe('owner-only reads and writes', () => {
  async function setUp() {
    const f = fakeDeps();
    const rec = await createOwnerListing(f.deps, user('owner'), sell());
    return { f, id: rec.id };
  }

  it('gives 404 for a missing listing and 403 for someone else’s, admins included', async () => {
    const { f, id } = await setUp();
    expect(await codeOf(getOwnerListing(f.deps.listings, user('owner'), 'nope'))).toBe('NOT_FOUND');
    for (const caller of [user('other'), user('admin', ['admins']), user('boss', ['super_admins'])]) {
      expect(await codeOf(getOwnerListing(f.deps.listings, caller, id))).toBe('FORBIDDEN');
      expect(await codeOf(updateOwnerListing(f.deps, caller, id, edit()))).toBe('FORBIDDEN');
      expect(await codeOf(setOwnerListingStatus(f.deps, caller, id, 'inactive'))).toBe('FORBIDDEN');
      expect(await codeOf(deleteOwnerListing(f.deps, caller, id))).toBe('FORBIDDEN');
    }
    expect(f.listings.get(id)).toMatchObject({ status: 'active', price: 42000 });
  });

  it('lists only the caller’s listings, newest first, in every status', async () => {
    const { f, id } = await setUp();
    const second = await createOwnerListing(f.deps, user('owner'), sell({ model: 'CF' }));
    await createOwnerListing(f.deps, user('other'), sell());
    await setOwnerListingStatus(f.deps, user('owner'), id, 'inactive');
    const mine = await listOwnerListings(f.deps.listings, user('owner'));
    expect(mine.map((l) => l.id)).toEqual([second.id, id]);
  });

  it('edits, keeps fields the form left out, and publishes old and new price', async () => {
    const { f, id } = await setUp();
    await updateOwnerListing(f.deps, user('owner'), id, edit({ location: 'Leeds' }));
    const after = await updateOwnerListing(f.deps, user('owner'), id, edit({ description: 'Low miles' }));
    expect(after).toMatchObject({
      title: '2020 DAF XF 480 Space Cab',
      category: 'articulated',
      location: 'Leeds',
      description: 'Low miles',
    });
    expect(f.events.at(-1)).toMatchObject({ type: 'listing.updated', detail: { listingId: id, oldPrice: 39500, newPrice: 39500 } });
    expect(f.events.find((e) => e.type === 'listing.updated')?.detail).toMatchObject({ oldPrice: 42000, newPrice: 39500 });
  });

  it('keeps each price change with its date on the listing, and none for an edit that leaves the price', async () => {
    const { f, id } = await setUp();
    const cut = await updateOwnerListing(f.deps, user('owner'), id, edit());
    expect(cut.priceChanges).toEqual([{ at: cut.updatedAt, from: 42000, to: 39500 }]);
    const same = await updateOwnerListing(f.deps, user('owner'), id, edit({ description: 'Low miles' }));
    expect(same.priceChanges).toEqual(cut.priceChanges);
    expect(f.listings.get(id)?.priceChanges).toHaveLength(1);
  });

  it('swaps images on edit and deletes the dropped files', async () => {
    const f = fakeDeps();
    f.addPending('owner', 'listings/A');
    f.addPending('owner', 'listings/B');
    const rec = await createOwnerListing(f.deps, user('owner'), sell({ images: ['listings/A', 'listings/B'] }));
    f.addPending('owner', 'listings/C');
    const after = await updateOwnerListing(f.deps, user('owner'), rec.id, edit({ images: ['listings/C', 'listings/B'] }));
    expect(after.images.map((i) => i.key)).toEqual(['listings/C', 'listings/B']);
    expect(f.deletedImages).toEqual(['listings/A']);
  });

  it('toggles per spec §4: active → inactive, any other status → active', async () => {
    const { f, id } = await setUp();
    expect((await setOwnerListingStatus(f.deps, user('owner'), id, 'inactive')).status).toBe('inactive');
    expect((await setOwnerListingStatus(f.deps, user('owner'), id, 'active')).status).toBe('active');
    const sold = f.listings.get(id);
    if (sold) f.listings.set(id, { ...sold, status: 'sold' });
    expect(await codeOf(setOwnerListingStatus(f.deps, user('owner'), id, 'inactive'))).toBe('CONFLICT');
    expect((await setOwnerListingStatus(f.deps, user('owner'), id, 'active')).status).toBe('active');
  });

  it('deletes the listing, its images and saved entries, and publishes listing.deleted', async () => {
    const f = fakeDeps();
    f.addPending('owner', 'listings/A');
    const rec = await createOwnerListing(f.deps, user('owner'), sell({ images: ['listings/A'] }));
    f.savedBy.set(rec.id, ['someone']);
    await deleteOwnerListing(f.deps, user('owner'), rec.id);
    expect(f.listings.has(rec.id)).toBe(false);
    expect(f.tombstones).toEqual([rec.id]);
    expect(f.deletedImages).toEqual(['listings/A']);
    expect(f.savedBy.has(rec.id)).toBe(false);
    expect(f.events.at(-1)).toMatchObject({ type: 'listing.deleted', detail: { listingId: rec.id } });
  });

  it('refuses every write by a suspended owner and leaves the listing as it was', async () => {
    const { f, id } = await setUp();
    const before = structuredClone(f.listings.get(id));
    f.suspend('owner');
    expect(await codeOf(updateOwnerListing(f.deps, user('owner'), id, edit()))).toBe('SUSPENDED');
    expect(await codeOf(setOwnerListingStatus(f.deps, user('owner'), id, 'inactive'))).toBe('SUSPENDED');
    expect(await codeOf(deleteOwnerListing(f.deps, user('owner'), id))).toBe('SUSPENDED');
    expect(f.listings.get(id)).toEqual(before);
    expect(await codeOf(getOwnerListing(f.deps.listings, user('owner'), id))).toBe('OK');
  });
});
