/** Composition for the fair-price model: one store per environment, shared by the job, the trigger and the readers. */
import { s3 } from './adapters/s3/client.js';
import { s3PriceModelStore } from './adapters/s3/price-model-store.js';
import { config } from './config.js';
import { listingsRepo } from './deps.js';
import type { PriceModelBuildDeps } from './domain/pricing/price-model-build.js';

let store: ReturnType<typeof s3PriceModelStore> | undefined;
export function priceModelStore() {
  store ??= s3PriceModelStore(s3, config.buckets.privateUploads);
  return store;
}

export function priceModelBuildDeps(): PriceModelBuildDeps {
  return { listings: listingsRepo(), store: priceModelStore(), now: () => new Date() };
}
