import { LIMITS } from '../../../../shared/constants.js';
import { listingSearchQuerySchema, suggestQuerySchema } from '../../../../shared/schemas/listing.js';
import { searchService } from '../../deps.js';
import { maskForCaller } from '../../domain/listings/mask.js';
import { anonymousItemsJson } from '../../domain/search/search-index.js';
import { METRIC, MetricUnit, metrics } from '../../observability.js';
import { httpHandler, json, jsonText, parseWith } from '../handler.js';
import { cacheHeadersFor } from './cache.js';
import { searchResultJson } from './search-body.js';

/**
 * The search function (issue 8 §2: one function holds the index, so one warm environment serves
 * every read of it):
 * - GET /api/listings            one page of results with facet counts (and "did you mean")
 * - GET /api/listings/latest     the 6 newest active listings, user and scraped alike
 * - GET /api/listings/suggest    makes, models, categories and places for what the buyer typed
 * Result cards never carry contact details; names are masked for anonymous callers. An anonymous
 * caller's page is written from the cards' masked JSON the index keeps (search-body.ts): the
 * same JSON as serialising the masked items, with characters outside ASCII escaped.
 */
/** The snapshot's age is reported once per execution environment, by the search that loaded it. */
let snapshotAgeReported = false;

export const handler = httpHandler('optional', async ({ event, caller }) => {
  const viewer = caller.kind === 'anonymous' ? 'anonymous' : 'user';
  if (event.routeKey === 'GET /api/listings/latest') {
    const items = await searchService().latest(LIMITS.latestTrucksCount);
    return json(200, { items: items.map((l) => maskForCaller(l, caller)) }, cacheHeadersFor(caller, 30));
  }
  if (event.routeKey === 'GET /api/listings/suggest') {
    const { q } = parseWith(suggestQuerySchema, event.queryStringParameters ?? {});
    return json(200, { suggestions: await searchService().suggest(q) }, cacheHeadersFor(caller, 60));
  }
  const query = parseWith(listingSearchQuerySchema, event.queryStringParameters ?? {});
  const service = searchService();
  const started = performance.now();
  const result = await service.search(query, viewer);
  metrics.addMetric(METRIC.searchLatency, MetricUnit.Milliseconds, performance.now() - started);
  metrics.addMetric(METRIC.searchResultCacheHit, MetricUnit.Count, service.lastAnswerCached ? 1 : 0);
  if (!snapshotAgeReported && service.snapshotAgeAtLoadMs !== null) {
    snapshotAgeReported = true;
    metrics.addMetric(METRIC.snapshotAge, MetricUnit.Seconds, service.snapshotAgeAtLoadMs / 1000);
  }
  const itemsJson = caller.kind === 'anonymous' ? anonymousItemsJson(result) : undefined;
  if (itemsJson) return jsonText(200, searchResultJson(result, itemsJson), cacheHeadersFor(caller));
  return json(200, { ...result, items: result.items.map((l) => maskForCaller(l, caller)) }, cacheHeadersFor(caller));
});
