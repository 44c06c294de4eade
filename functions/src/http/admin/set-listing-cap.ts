import { listingCapSchema } from '../../../../shared/schemas/dealer.js';
import { setDealerListingCap } from '../../domain/dealers/dealer-approval.js';
import { json, jsonBody, parseWith } from '../handler.js';
import { listingCapDeps } from './dealer-deps.js';
import { adminHandler, idParam } from './deps.js';

/** PATCH /api/admin/users/{id}/listing-cap — an approved dealer's live-listing limit (null: the default); audited. */
export const handler = adminHandler('admin', async ({ event, staff }) => {
  const { listingCap } = parseWith(listingCapSchema, jsonBody(event));
  return json(200, await setDealerListingCap(listingCapDeps(), staff, idParam(event), listingCap));
});
