import { buildPriceModel } from '../domain/pricing/price-model-build.js';
import { priceModelBuildDeps } from '../pricing-deps.js';
import { observed } from '../observability.js';

/** Scheduled (jobs.ts 'price-model'): refits the fair-price model on every active listing. */
const run = async () => {
  const result = await buildPriceModel(priceModelBuildDeps());
  console.log(JSON.stringify({ level: 'info', message: 'Price model built', ...result }));
  return result;
};

export const handler = observed('jobs/build-price-model', run);
