import { ddb } from '../../adapters/dynamodb/client.js';
import { savedTruckStore } from '../../adapters/dynamodb/saved-trucks-repo.js';
import { config } from '../../config.js';
import { listingsRepo } from '../../deps.js';
import { readListingForCaller } from '../../domain/listings/read-listing.js';
import type { SavedTruckDeps } from '../../domain/saved/saved-trucks.js';

/** Composition for the saved-truck handlers. */
export const savedTruckDeps = (): SavedTruckDeps => ({
  saved: savedTruckStore(ddb, config.tableName),
  readListing: (id, caller) => readListingForCaller(listingsRepo(), id, caller, config.imagesBaseUrl),
  now: () => new Date(),
});
