import { config } from '../../config.js';
import { getOwnerListing } from '../../domain/listings/manage-read.js';
import { toListingDto } from '../../domain/listings/to-listing.js';
import { httpHandler, json } from '../handler.js';
import { listingIdParam, manageListingDeps } from './deps.js';

/** GET /api/my-listings/{id} — the edit page's read: 404 missing, 403 someone else's. */
export const handler = httpHandler('user', async ({ event, caller }) => {
  const record = await getOwnerListing(manageListingDeps().listings, caller, listingIdParam(event));
  return json(200, toListingDto(record, config.imagesBaseUrl));
});
