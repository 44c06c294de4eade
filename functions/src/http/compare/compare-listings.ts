import { compareQuerySchema } from '../../../../shared/schemas/compare.js';
import { ddb } from '../../adapters/dynamodb/client.js';
import { listingBatchReader } from '../../adapters/dynamodb/listing-batch-reader.js';
import { config } from '../../config.js';
import { compareListings } from '../../domain/compare/compare-listings.js';
import { priceModelStore } from '../../pricing-deps.js';
import { EDGE_CACHE } from '../cache-control.js';
import { httpHandler, json, parseWith } from '../handler.js';
import { cacheHeadersFor } from '../listings/cache.js';

// Made on the first request, so importing this handler reads no configuration: the page function
// imports it for its in-process read (http/seo/in-process-api.ts), and so do the infra tests.
let reader: ReturnType<typeof listingBatchReader> | undefined;
const readerOf = () => (reader ??= listingBatchReader(ddb, config.tableName));

/**
 * GET /api/compare?ids=a,b,c[&from=postcode] — up to 3 trucks side by side (issue 26 §2), read in
 * one BatchGetItem; a truck no longer live answers `listing: null` in its place. 400 for bad ids.
 */
export const handler = httpHandler('public', async ({ event, caller }) => {
  const query = parseWith(compareQuerySchema, event.queryStringParameters ?? {});
  const body = await compareListings(
    { reader: readerOf(), priceModel: () => priceModelStore().cached(), imagesBaseUrl: config.imagesBaseUrl },
    caller,
    query,
  );
  return json(200, body, cacheHeadersFor(caller, EDGE_CACHE.listingSeconds));
});
