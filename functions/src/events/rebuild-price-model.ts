import { rebuildPriceModelIfStale } from '../domain/pricing/price-model-build.js';
import { priceModelBuildDeps } from '../pricing-deps.js';
import { observed } from '../observability.js';

/** On listing.created / listing.updated: refits the fair-price model when the stored one is over 10 minutes old. */
const run = async () => rebuildPriceModelIfStale(priceModelBuildDeps());

export const handler = observed('events/rebuild-price-model', run);
