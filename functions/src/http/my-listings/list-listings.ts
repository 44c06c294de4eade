import { ddb } from '../../adapters/dynamodb/client.js';
import { listingStatsStore } from '../../adapters/dynamodb/listing-stats-repo.js';
import { config } from '../../config.js';
import { listOwnerListings } from '../../domain/listings/manage-read.js';
import { toListingDto } from '../../domain/listings/to-listing.js';
import { httpHandler, json } from '../handler.js';
import { manageListingDeps } from './deps.js';

/** GET /api/my-listings — the dealer dashboard: own listings in every status, newest first, with views and enquiries. */
export const handler = httpHandler('user', async ({ caller }) => {
  const records = await listOwnerListings(manageListingDeps().listings, caller);
  const counts = await listingStatsStore(ddb, config.tableName).countsFor(records.map((r) => r.id));
  return json(200, {
    items: records.map((r) => ({ ...toListingDto(r, config.imagesBaseUrl), ...(counts.get(r.id) ?? { views: 0, enquiries: 0 }) })),
  });
});
