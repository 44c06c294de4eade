import { buildPriceModel } from '../domain/pricing/price-model-build.js';
import { priceModelBuildDeps } from '../pricing-deps.js';

/** Scheduled (jobs.ts 'price-model'): refits the fair-price model on every active listing. */
export const handler = async () => {
  const result = await buildPriceModel(priceModelBuildDeps());
  console.log(JSON.stringify({ level: 'info', message: 'Price model built', ...result }));
  return result;
};
