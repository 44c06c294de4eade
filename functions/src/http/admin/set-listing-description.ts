import { setDescriptionSchema } from '../../../../shared/schemas/admin.js';
import { setListingDescription } from '../../domain/admin/listings.js';
import { json, jsonBody, parseWith } from '../handler.js';
import { adminHandler, idParam, listingDeps } from './deps.js';

/** PATCH /api/admin/listings/{id}/description */
export const handler = adminHandler('admin', async ({ event, staff }) => {
  const body = parseWith(setDescriptionSchema, jsonBody(event));
  await setListingDescription(listingDeps(), staff, idParam(event), body.description);
  return json(200, { updated: true });
});
