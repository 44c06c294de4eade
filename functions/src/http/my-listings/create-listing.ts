import { sellListingSchema } from '../../../../shared/schemas/sell.js';
import { config } from '../../config.js';
import { createOwnerListing } from '../../domain/listings/manage-create.js';
import { toListingDto } from '../../domain/listings/to-listing.js';
import { httpHandler, json, jsonBody, parseWith } from '../handler.js';
import { ensureProfile, manageListingDeps } from './deps.js';

/** POST /api/my-listings — Sell Your Truck. */
export const handler = httpHandler('user', async ({ event, caller }) => {
  const input = parseWith(sellListingSchema, jsonBody(event));
  await ensureProfile(event, caller);
  const record = await createOwnerListing(manageListingDeps(), caller, input);
  return json(201, toListingDto(record, config.imagesBaseUrl), { location: `/api/my-listings/${record.id}` });
});
