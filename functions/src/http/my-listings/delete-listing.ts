import { deleteOwnerListing } from '../../domain/listings/manage-delete.js';
import { httpHandler } from '../handler.js';
import { listingIdParam, manageListingDeps } from './deps.js';

/** DELETE /api/my-listings/{id} — the listing, its images and its saved-truck entries. */
export const handler = httpHandler('user', async ({ event, caller }) => {
  await deleteOwnerListing(manageListingDeps(), caller, listingIdParam(event));
  return { statusCode: 204 };
});
