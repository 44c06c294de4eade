import { editListingSchema } from '../../../../shared/schemas/sell.js';
import { config } from '../../config.js';
import { updateOwnerListing } from '../../domain/listings/manage-update.js';
import { toListingDto } from '../../domain/listings/to-listing.js';
import { httpHandler, json, jsonBody, parseWith } from '../handler.js';
import { listingIdParam, manageListingDeps } from './deps.js';

/** PUT /api/my-listings/{id} — Edit listing, by its owner. */
export const handler = httpHandler('user', async ({ event, caller }) => {
  const id = listingIdParam(event);
  const input = parseWith(editListingSchema, jsonBody(event));
  const record = await updateOwnerListing(manageListingDeps(), caller, id, input);
  return json(200, toListingDto(record, config.imagesBaseUrl));
});
