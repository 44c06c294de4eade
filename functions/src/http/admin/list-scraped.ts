import { listScrapedQuerySchema } from '../../../../shared/schemas/admin.js';
import { listScrapedListings } from '../../domain/admin/listings.js';
import { json, parseWith } from '../handler.js';
import { adminHandler, listingDeps, queryOf } from './deps.js';

/** GET /api/admin/scraped?hidden&cursor — collected listings, shown or hidden. */
export const handler = adminHandler('admin', async ({ event }) => {
  const q = parseWith(listScrapedQuerySchema, queryOf(event));
  return json(200, await listScrapedListings(listingDeps(), q.hidden === 'true', q.cursor));
});
