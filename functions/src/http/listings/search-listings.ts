import { listingSearchQuerySchema } from '../../../../shared/schemas/listing.js';
import { searchService } from '../../deps.js';
import { maskForCaller } from '../../domain/listings/mask.js';
import { httpHandler, json, parseWith } from '../handler.js';
import { cacheHeadersFor } from './cache.js';

/** GET /api/listings — one page of browse results with facet counts; contacts masked for the caller. */
export const handler = httpHandler('optional', async ({ event, caller }) => {
  const query = parseWith(listingSearchQuerySchema, event.queryStringParameters ?? {});
  const result = await searchService().search(query, caller.kind === 'anonymous' ? 'anonymous' : 'user');
  return json(200, { ...result, items: result.items.map((l) => maskForCaller(l, caller)) }, cacheHeadersFor(caller));
});
