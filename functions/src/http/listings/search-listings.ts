import { LIMITS } from '../../../../shared/constants.js';
import { listingSearchQuerySchema, suggestQuerySchema } from '../../../../shared/schemas/listing.js';
import { dealerDirectoryQuerySchema } from '../../../../shared/schemas/storefront.js';
import { searchService } from '../../deps.js';
import { dealerDirectory } from '../../domain/dealers/directory.js';
import { resolveStorefront } from '../../domain/dealers/storefronts.js';
import { notFound } from '../../domain/errors.js';
import { logoOf, storefronts$ } from '../dealers/deps.js';
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
 * - GET /api/dealers             the dealer directory with each dealer's live stock count (issue 26)
 * `GET /api/listings?dealer={slug}` is a dealer's stock: the index's owner filter.
 * Result cards never carry contact details; names are masked for anonymous callers. An anonymous
 * caller's page is written from the cards' masked JSON the index keeps (search-body.ts): the
 * same JSON as serialising the masked items, with characters outside ASCII escaped.
 */
const OWNER_CACHE_MS = 60_000;
const ownerBySlug = new Map<string, { userId: string; at: number }>();

/** The seller of a storefront slug (current or old), kept a minute per environment. */
async function ownerOfStorefront(slug: string): Promise<string> {
  const kept = ownerBySlug.get(slug);
  if (kept && Date.now() - kept.at < OWNER_CACHE_MS) return kept.userId;
  let found = await resolveStorefront(storefronts$(), slug);
  if (found.kind === 'redirect') found = await resolveStorefront(storefronts$(), found.to);
  if (found.kind !== 'storefront') throw notFound('No such dealer');
  const userId = found.record.userId;
  if (ownerBySlug.size > 1000) ownerBySlug.clear();
  ownerBySlug.set(slug, { userId, at: Date.now() });
  return userId;
}

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
  if (event.routeKey === 'GET /api/dealers') {
    const q = parseWith(dealerDirectoryQuerySchema, event.queryStringParameters ?? {});
    const [records, counts] = await Promise.all([storefronts$().listVisible(), searchService().liveCountsByOwner()]);
    return json(
      200,
      dealerDirectory(records, (userId) => counts.get(userId) ?? 0, q, logoOf),
      cacheHeadersFor(caller, 30),
    );
  }
  const parsed = parseWith(listingSearchQuerySchema, event.queryStringParameters ?? {});
  // A dealer's stock: the storefront's seller, as the index's owner filter (unknown or hidden: 404).
  const query = parsed.dealer ? { ...parsed, ownerId: await ownerOfStorefront(parsed.dealer) } : parsed;
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
