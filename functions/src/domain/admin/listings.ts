import type { AdminListing, AdminListingFilter, AdminScraped, AdminSettableStatus, Page } from '../../../../shared/schemas/admin.js';
import { ADMIN_PAGE_SIZE } from '../../../../shared/schemas/admin.js';
import { notFound } from '../errors.js';
import { auditEntry } from './audit-entry.js';
import type { AdminListingStore, AuditLog, Staff } from './ports.js';

export interface AdminListingDeps {
  listings: AdminListingStore;
  audit: AuditLog;
  now: () => Date;
  /** Removes image files no listing uses any more. */
  deleteImageFiles: (keys: string[]) => Promise<void>;
}

const LISTING_NOT_FOUND = 'Listing not found';

export function listAdminListings(
  deps: Pick<AdminListingDeps, 'listings'>,
  filter: AdminListingFilter,
  cursor?: string,
): Promise<Page<AdminListing>> {
  return deps.listings.list(filter, cursor, ADMIN_PAGE_SIZE);
}

async function existing(deps: AdminListingDeps, id: string): Promise<AdminListing> {
  const listing = await deps.listings.get(id);
  if (!listing) throw notFound(LISTING_NOT_FOUND);
  return listing;
}

/** Each change's audit entry, written by the store in the change's own transaction. */
const audit = (staff: Staff, action: 'update' | 'delete', id: string, details: Record<string, unknown>) =>
  auditEntry(staff, action, 'listing', id, details);

/** Admins set any of active, pending, sold, expired directly (spec §4). */
export async function setListingStatusAsStaff(
  deps: AdminListingDeps,
  staff: Staff,
  id: string,
  status: AdminSettableStatus,
): Promise<void> {
  const listing = await existing(deps, id);
  await deps.listings.setStatus(
    id,
    status,
    listing.status,
    deps.now().toISOString(),
    audit(staff, 'update', id, { field: 'status', from: listing.status, to: status }),
  );
}

export async function setListingDescription(deps: AdminListingDeps, staff: Staff, id: string, description: string | null): Promise<void> {
  const listing = await existing(deps, id);
  const next = description?.trim() ? description.trim() : null;
  await deps.listings.setDescription(
    id,
    next,
    deps.now().toISOString(),
    audit(staff, 'update', id, { field: 'description', from: listing.description, to: next }),
  );
}

export async function setListingImages(deps: AdminListingDeps, staff: Staff, id: string, imageKeys: string[]): Promise<void> {
  const listing = await existing(deps, id);
  const { removedKeys } = await deps.listings.setImages(
    id,
    imageKeys,
    staff.adminId,
    deps.now().toISOString(),
    audit(staff, 'update', id, { field: 'images', from: listing.images.map((i) => i.key), to: imageKeys }),
  );
  await deps.deleteImageFiles(removedKeys);
}

export async function deleteListingAsStaff(deps: AdminListingDeps, staff: Staff, id: string): Promise<void> {
  const listing = await existing(deps, id);
  await deps.listings.delete(
    id,
    deps.now().toISOString(),
    audit(staff, 'delete', id, { title: listing.title, ownerId: listing.userId, status: listing.status }),
  );
  await deps.deleteImageFiles(listing.images.map((i) => i.key));
}

export function listScrapedListings(
  deps: Pick<AdminListingDeps, 'listings'>,
  hidden: boolean,
  cursor?: string,
): Promise<Page<AdminScraped>> {
  return deps.listings.listScraped(hidden, cursor, ADMIN_PAGE_SIZE);
}

export async function setScrapedHidden(deps: AdminListingDeps, staff: Staff, id: string, hidden: boolean): Promise<void> {
  const entry = audit(staff, 'update', `scraped-${id}`, { field: 'hidden', to: hidden });
  if (!(await deps.listings.setScrapedHidden(id, hidden, deps.now().toISOString(), entry))) throw notFound(LISTING_NOT_FOUND);
}
