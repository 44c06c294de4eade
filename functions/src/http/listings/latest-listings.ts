import { LIMITS } from '../../../../shared/constants.js';
import { searchService } from '../../deps.js';
import { maskForCaller } from '../../domain/listings/mask.js';
import { httpHandler, json } from '../handler.js';
import { EDGE_CACHE } from '../cache-control.js';
import { cacheHeadersFor } from './cache.js';

/** GET /api/listings/latest — the 6 newest active listings, user and scraped alike. */
export const handler = httpHandler('optional', async ({ caller }) => {
  const items = await searchService().latest(LIMITS.latestTrucksCount);
  return json(200, { items: items.map((l) => maskForCaller(l, caller)) }, cacheHeadersFor(caller, EDGE_CACHE.listingSeconds));
});
