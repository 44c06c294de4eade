import { z } from 'zod';
import { config } from '../../config.js';
import { listingsRepo } from '../../deps.js';
import { readListingForCaller } from '../../domain/listings/read-listing.js';
import { rateListing } from '../../domain/pricing/listing-rating.js';
import { priceModelStore } from '../../pricing-deps.js';
import { httpHandler, json, parseWith } from '../handler.js';
import { EDGE_CACHE } from '../cache-control.js';
import { cacheHeadersFor } from './cache.js';

const paramsSchema = z.object({ id: z.string().trim().min(1, 'id is required').max(200, 'id is too long') });

/**
 * GET /api/listings/{id} — one listing (user or 'scraped-…'), masked for the caller; 404 'Truck not found' when not public.
 * Reads are not counted as views (prefetches and page renders read too): the detail page posts to
 * POST /api/listings/{id}/views (record-view.ts).
 */
export const handler = httpHandler('optional', async ({ event, caller }) => {
  const { id } = parseWith(paramsSchema, event.pathParameters ?? {});
  const listing = await readListingForCaller(listingsRepo(), id, caller, config.imagesBaseUrl);
  // The fair-price rating from the stored model (never computed in the browser); none without one.
  const model = listing.status === 'active' ? await priceModelStore().cached() : null;
  return json(200, { ...listing, priceRating: rateListing(model, listing) }, cacheHeadersFor(caller, EDGE_CACHE.listingSeconds));
});
