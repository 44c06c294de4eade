import { deleteListingAsStaff } from '../../domain/admin/listings.js';
import { json } from '../handler.js';
import { adminHandler, idParam, listingDeps } from './deps.js';

/** DELETE /api/admin/listings/{id} */
export const handler = adminHandler('admin', async ({ event, staff }) => {
  await deleteListingAsStaff(listingDeps(), staff, idParam(event));
  return json(200, { deleted: true });
});
