import { listAdminListingsQuerySchema } from '../../../../shared/schemas/admin.js';
import { listAdminListings } from '../../domain/admin/listings.js';
import { json, parseWith } from '../handler.js';
import { adminHandler, listingDeps, queryOf } from './deps.js';

/** GET /api/admin/listings?status&cursor — every user listing, newest first, paged. */
export const handler = adminHandler('admin', async ({ event }) => {
  const q = parseWith(listAdminListingsQuerySchema, queryOf(event));
  return json(200, await listAdminListings(listingDeps(), q.status, q.cursor));
});
