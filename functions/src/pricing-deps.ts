/** Composition for the fair-price model: one store per environment, shared by the job, the trigger and the readers. */
import { s3 } from './adapters/s3/client.js';
import { priceModelKey, s3PriceModelStore } from './adapters/s3/price-model-store.js';
import { config } from './config.js';
import { listingsRepo } from './deps.js';
import type { PriceModelBuildDeps } from './domain/pricing/price-model-build.js';

const stores = new Map<string, ReturnType<typeof s3PriceModelStore>>();
/** The fair-price model of the table (keyed like searchService, as the local server may serve several). */
export function priceModelStore(tableName: string = config.tableName) {
  let store = stores.get(tableName);
  if (!store) {
    store = s3PriceModelStore(s3, config.buckets.privateUploads, priceModelKey(tableName), config.priceModelReadCacheMs);
    stores.set(tableName, store);
  }
  return store;
}

export function priceModelBuildDeps(tableName: string = config.tableName): PriceModelBuildDeps {
  return { listings: listingsRepo(tableName), store: priceModelStore(tableName), now: () => new Date() };
}
