import { rebuildPriceModelIfStale } from '../domain/pricing/price-model-build.js';
import { priceModelBuildDeps } from '../pricing-deps.js';

/** On listing.created / listing.updated: refits the fair-price model when the stored one is over 10 minutes old. */
export const handler = async () => rebuildPriceModelIfStale(priceModelBuildDeps());
