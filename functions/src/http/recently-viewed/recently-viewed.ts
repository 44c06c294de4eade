import { recentlyViewedBodySchema } from '../../../../shared/schemas/compare.js';
import { ddb } from '../../adapters/dynamodb/client.js';
import { listingBatchReader } from '../../adapters/dynamodb/listing-batch-reader.js';
import { recentlyViewedStore } from '../../adapters/dynamodb/recently-viewed-repo.js';
import { config } from '../../config.js';
import { type RecentlyViewedDeps, clearViewed, listViewed, recordViewed } from '../../domain/recently-viewed/recently-viewed.js';
import { PRIVATE_NO_STORE } from '../cache-control.js';
import { httpHandler, json, jsonBody, parseWith } from '../handler.js';
import { profiles$ } from '../my-listings/deps.js';

let deps: RecentlyViewedDeps | undefined;
const deps$ = (): RecentlyViewedDeps =>
  (deps ??= {
    store: recentlyViewedStore(ddb, config.tableName),
    reader: listingBatchReader(ddb, config.tableName),
    profile: (userId) => profiles$().get(userId),
    imagesBaseUrl: config.imagesBaseUrl,
    now: () => new Date(),
  });

/**
 * The signed-in user's recently-viewed trucks (issue 26 §4), one function for the three rows:
 * GET lists them with their listings, PUT records views ({ ids } newest first), DELETE clears.
 */
export const handler = httpHandler('user', async ({ event, caller }) => {
  const method = event.requestContext.http.method.toUpperCase();
  if (method === 'PUT') {
    const { ids } = parseWith(recentlyViewedBodySchema, jsonBody(event));
    const entries = await recordViewed(deps$(), caller, ids);
    return json(200, { ids: entries.map((e) => e.listingId) }, { 'cache-control': PRIVATE_NO_STORE });
  }
  if (method === 'DELETE') {
    await clearViewed(deps$(), caller);
    return { statusCode: 204 };
  }
  return json(200, { items: await listViewed(deps$(), caller) }, { 'cache-control': PRIVATE_NO_STORE });
});
