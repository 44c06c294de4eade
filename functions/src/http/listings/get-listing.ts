import { z } from 'zod';
import { ddb } from '../../adapters/dynamodb/client.js';
import { listingStatsStore } from '../../adapters/dynamodb/listing-stats-repo.js';
import { config } from '../../config.js';
import { listingsRepo } from '../../deps.js';
import { countViewQuietly } from '../../domain/listings/listing-stats.js';
import { readListingForCaller } from '../../domain/listings/read-listing.js';
import { httpHandler, json, parseWith } from '../handler.js';
import { cacheHeadersFor } from './cache.js';

// Kept local: the my-listings composition would pull S3 and Cognito into this hot public function.
const logError = (message: string, err: unknown) =>
  console.error(
    JSON.stringify({ level: 'error', message, error: err instanceof Error ? { name: err.name, message: err.message } : String(err) }),
  );

const paramsSchema = z.object({ id: z.string().trim().min(1, 'id is required').max(200, 'id is too long') });

/**
 * GET /api/listings/{id} — one listing (user or 'scraped-…'), masked for the caller; 404 'Truck not found' when not public.
 * A read by anyone but the owner counts as a view (pattern 24); counting never fails the read.
 */
export const handler = httpHandler('optional', async ({ event, caller }) => {
  const { id } = parseWith(paramsSchema, event.pathParameters ?? {});
  const listing = await readListingForCaller(listingsRepo(), id, caller, config.imagesBaseUrl);
  await countViewQuietly(listingStatsStore(ddb, config.tableName), listing, caller, logError);
  return json(200, listing, cacheHeadersFor(caller, 30));
});
