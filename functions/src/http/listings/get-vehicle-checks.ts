import { vehicleChecksForListing } from '../../domain/vehicle-checks/read-checks.js';
import { ddb } from '../../adapters/dynamodb/client.js';
import { createListingsRepo } from '../../adapters/dynamodb/listings-repo.js';
import { config } from '../../config.js';
import { vehicleChecksStore } from '../../vehicle-records-deps.js';
import { EDGE_CACHE, publicCacheControl } from '../cache-control.js';
import { httpHandler, json } from '../handler.js';
import { listingIdParam } from '../my-listings/deps.js';

/**
 * GET /api/listings/{id}/vehicle-checks — the listing page's "Vehicle checks" panel (issue 27 §3):
 * `{ checks }`, null while the listing has no registration or its checks are not read yet; 404
 * when the listing is not public. The same for every visitor, so the edge may keep it briefly.
 */
export const handler = httpHandler('public', async ({ event }) => {
  const checks = await vehicleChecksForListing(
    { listings: createListingsRepo({ ddb, tableName: config.tableName }), checks: vehicleChecksStore() },
    listingIdParam(event),
  );
  return json(200, { checks }, { 'cache-control': publicCacheControl(EDGE_CACHE.listingSeconds, EDGE_CACHE.listingSeconds) });
});
