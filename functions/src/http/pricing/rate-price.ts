import { priceRatingQuerySchema, type PriceRatingAnswer } from '../../../../shared/schemas/price-rating.js';
import { MIN_COMPARABLES } from '../../domain/pricing/fair-price.js';
import { rateTruck } from '../../domain/pricing/listing-rating.js';
import { priceModelStore } from '../../pricing-deps.js';
import { httpHandler, json, jsonBody, parseWith } from '../handler.js';

/** POST /api/price-rating — what a seller's asking price would rate, before they publish (sell and edit forms). */
export const handler = httpHandler('user', async ({ event }) => {
  const q = parseWith(priceRatingQuerySchema, jsonBody(event));
  const model = await priceModelStore().cached();
  const truck = { id: 'preview', ...q, price: q.price ?? 0 };
  let answer: PriceRatingAnswer;
  if (!model) answer = { rating: null, reason: 'no-model', typicalPrice: null };
  else {
    // A price of £1 rates nothing by itself but tells whether enough similar trucks exist.
    const probe = rateTruck(model, { ...truck, price: 1 });
    const typicalPrice = probe?.typicalPrice ?? null;
    if (!probe) answer = { rating: null, reason: 'few-comparables', typicalPrice: null };
    else if (!q.price) answer = { rating: null, reason: 'poa', typicalPrice };
    else answer = { rating: rateTruck(model, truck), reason: null, typicalPrice };
  }
  return json(200, { ...answer, minComparables: MIN_COMPARABLES }, { 'cache-control': 'private, no-store' });
});
