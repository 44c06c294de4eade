import { setAdminListingStatusSchema } from '../../../../shared/schemas/admin.js';
import { setListingStatusAsStaff } from '../../domain/admin/listings.js';
import { json, jsonBody, parseWith } from '../handler.js';
import { adminHandler, idParam, listingDeps } from './deps.js';

/** PATCH /api/admin/listings/{id}/status — active, pending, sold or expired. */
export const handler = adminHandler('admin', async ({ event, staff }) => {
  const body = parseWith(setAdminListingStatusSchema, jsonBody(event));
  await setListingStatusAsStaff(listingDeps(), staff, idParam(event), body.status);
  return json(200, { status: body.status });
});
