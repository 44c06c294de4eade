import { ownerStatusSchema } from '../../../../shared/schemas/sell.js';
import { config } from '../../config.js';
import { setOwnerListingStatus } from '../../domain/listings/manage-status.js';
import { toListingDto } from '../../domain/listings/to-listing.js';
import { httpHandler, json, jsonBody, parseWith } from '../handler.js';
import { listingIdParam, manageListingDeps } from './deps.js';

/** PATCH /api/my-listings/{id}/status — the owner's Activate / Deactivate. */
export const handler = httpHandler('user', async ({ event, caller }) => {
  const id = listingIdParam(event);
  const { status } = parseWith(ownerStatusSchema, jsonBody(event));
  const record = await setOwnerListingStatus(manageListingDeps(), caller, id, status);
  return json(200, toListingDto(record, config.imagesBaseUrl));
});
