import { rebuildPriceModelIfStale } from '../domain/pricing/price-model-build.js';
import { priceModelBuildDeps } from '../pricing-deps.js';
import { consumer } from './consume.js';

/** On listing.created / listing.updated / stock-import.applied: refits the fair-price model when the stored one is over 10 minutes old. */
export const handler = consumer('events/rebuild-price-model', ['listing.created', 'listing.updated', 'stock-import.applied'], async () =>
  rebuildPriceModelIfStale(priceModelBuildDeps()),
);
