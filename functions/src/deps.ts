/**
 * Composition root: picks the adapters once per cold start (module scope, created lazily so a
 * handler that never searches never loads the index). Keyed by table name, because the local
 * API server and the tests may serve more than one table from one process.
 */
import { ddb } from './adapters/dynamodb/client.js';
import { type ListingsRepo, createListingsRepo } from './adapters/dynamodb/listings-repo.js';
import { storefrontStore } from './adapters/dynamodb/storefronts-repo.js';
import { s3 } from './adapters/s3/client.js';
import { firstScreensKey, s3FirstScreensStore } from './adapters/s3/first-screens.js';
import { s3SnapshotStore, searchSnapshotKey } from './adapters/s3/search-snapshots.js';
import { config } from './config.js';
import { emitMetric } from './adapters/metrics/emf.js';
import { SearchService, type SearchSnapshotUnavailable, type SnapshotStore } from './domain/search/search-service.js';
import type { DealerFirstScreen, FirstScreens, FirstScreensStore, StorefrontOwner } from './domain/search/first-screens.js';
import { createSnapshotBuilder } from './domain/search/snapshot-builder.js';
import { listingRaterOf } from './domain/pricing/listing-rating.js';

const repos = new Map<string, ListingsRepo>();
const searches = new Map<string, SearchService>();

/** Listings and scraped listings in the configured table. */
export function listingsRepo(tableName: string = config.tableName): ListingsRepo {
  let repo = repos.get(tableName);
  if (!repo) {
    repo = createListingsRepo({ ddb, tableName });
    repos.set(tableName, repo);
  }
  return repo;
}

/** The table's search snapshot in the private bucket (null when no bucket is configured). */
function searchSnapshotStore(tableName: string = config.tableName): SnapshotStore | null {
  const bucket = config.buckets.privateUploads;
  return bucket ? s3SnapshotStore(s3, bucket, config.searchSnapshotKey || searchSnapshotKey(tableName)) : null;
}

/**
 * The metric an alarm watches (namespace TruckYard, no dimensions): 1 each time a search
 * environment finds no usable snapshot and answers 503 (docs/architecture.md, "Search snapshot").
 */
const SEARCH_SNAPSHOT_UNAVAILABLE_METRIC = 'SearchSnapshotUnavailable';

function reportSnapshotUnavailable(tableName: string, problem: SearchSnapshotUnavailable): void {
  emitMetric({
    metrics: { [SEARCH_SNAPSHOT_UNAVAILABLE_METRIC]: 1 },
    properties: {
      level: 'ERROR',
      message: 'Search snapshot unavailable: answering 503 until a snapshot is written (BuildSearchSnapshot, or the deploy step)',
      problem: problem.problem,
      detail: problem.detail,
      table: tableName,
    },
  });
}

/**
 * The search index over the configured table: loaded on first use from the S3 snapshot only (a
 * missing, unreadable or stale one is a fast 503 and a metric, never a 25–35 s table read), then
 * kept fresh from the change feed.
 */
export function searchService(tableName: string = config.tableName): SearchService {
  let search = searches.get(tableName);
  if (!search) {
    search = new SearchService(listingsRepo(tableName), {
      imagesBaseUrl: config.imagesBaseUrl,
      refreshMs: config.searchRefreshMs,
      snapshots: searchSnapshotStore(tableName) ?? undefined,
      requireSnapshot: { onUnavailable: (problem) => reportSnapshotUnavailable(tableName, problem) },
      priceRater: () => priceRaterFromStore(tableName),
    });
    searches.set(tableName, search);
  }
  return search;
}

/**
 * The search index's fair-price rater: the stored model (re-read at most every 5 minutes, see
 * price-model-store.ts), so ratings in results follow each rebuild of the model.
 */
let pricingDeps: Promise<typeof import('./pricing-deps.js')> | undefined;
async function priceRaterFromStore(tableName: string) {
  if (!config.buckets.privateUploads) return null;
  // Imported once: asked on every query, and a dynamic import costs a module resolution each time.
  pricingDeps ??= import('./pricing-deps.js');
  const { priceModelStore } = await pricingDeps;
  const model = await priceModelStore(tableName).cached();
  return model ? listingRaterOf(model) : null;
}

/** The page function's first screens beside the table's snapshot (null when no bucket is configured). */
function firstScreensStore(tableName: string = config.tableName): FirstScreensStore | null {
  const bucket = config.buckets.privateUploads;
  return bucket ? s3FirstScreensStore(s3, bucket, firstScreensKey(tableName)) : null;
}

/** How long the page function keeps the first screens before reading them again (they change at most once a minute). */
const FIRST_SCREENS_CACHE_MS = 15_000;
const firstScreensCache = new Map<string, { at: number; value: Promise<FirstScreens | null> }>();
/** The first screens, read from S3 at most every FIRST_SCREENS_CACHE_MS (a failed read is not kept). */
export function cachedFirstScreens(tableName: string = config.tableName): Promise<FirstScreens | null> {
  const hit = firstScreensCache.get(tableName);
  if (hit && Date.now() - hit.at < FIRST_SCREENS_CACHE_MS) return hit.value;
  const store = firstScreensStore(tableName);
  const value = store ? store.read() : Promise.resolve(null);
  firstScreensCache.set(tableName, { at: Date.now(), value });
  value.catch(() => firstScreensCache.delete(tableName));
  return value;
}

/** Storefront objects kept by the page function at most (a few KB each); past it the cache starts again. */
const DEALER_FIRST_SCREENS_KEPT = 500;
const dealerFirstScreensCache = new Map<string, { at: number; value: Promise<DealerFirstScreen | null> }>();
/** A storefront's stock first page, read from S3 at most every FIRST_SCREENS_CACHE_MS per slug (a failed read is not kept). */
export function cachedDealerFirstScreen(slug: string, tableName: string = config.tableName): Promise<DealerFirstScreen | null> {
  const cacheKey = `${tableName}|${slug}`;
  const hit = dealerFirstScreensCache.get(cacheKey);
  if (hit && Date.now() - hit.at < FIRST_SCREENS_CACHE_MS) return hit.value;
  const store = firstScreensStore(tableName);
  const value = store ? store.readDealer(slug) : Promise.resolve(null);
  if (dealerFirstScreensCache.size >= DEALER_FIRST_SCREENS_KEPT) dealerFirstScreensCache.clear();
  dealerFirstScreensCache.set(cacheKey, { at: Date.now(), value });
  value.catch(() => dealerFirstScreensCache.delete(cacheKey));
  return value;
}

/** The visible storefronts' slugs and sellers (pattern 63b): each gets its stock's first page in the first screens. */
async function storefrontOwners(tableName: string): Promise<StorefrontOwner[]> {
  const visible = await storefrontStore(ddb, tableName).listVisible();
  return visible.map(({ slug, userId }) => ({ slug, userId }));
}

export type SearchSnapshotBuilder = ReturnType<typeof createSnapshotBuilder> & { readonly size: number };

/**
 * A snapshot writer for the table: its own index, never loaded from the snapshot it writes over
 * (a full build reads the table, a change-triggered one starts from the snapshot once, then follows
 * the change feed), rated by the current price model so the first screens carry price bands, with
 * the visible storefronts read from the table at each write.
 */
export function newSearchSnapshotBuilder(tableName: string = config.tableName): SearchSnapshotBuilder {
  const store = searchSnapshotStore(tableName);
  const firstScreens = firstScreensStore(tableName);
  if (!store || !firstScreens) throw new Error('Missing required environment variable BUCKET_PRIVATE_UPLOADS');
  const service = new SearchService(listingsRepo(tableName), {
    imagesBaseUrl: config.imagesBaseUrl,
    refreshMs: 0,
    maxStaleMs: 0,
    snapshots: store,
    priceRater: () => priceRaterFromStore(tableName),
  });
  const b = createSnapshotBuilder({
    service,
    store,
    firstScreens,
    storefronts: () => storefrontOwners(tableName),
    minIntervalMs: config.searchSnapshotIntervalMs,
  });
  // defineProperty, not Object.assign: assign would copy the getter's value once (0), not the getter.
  return Object.defineProperty(b, 'size', { get: () => service.size, enumerable: true }) as SearchSnapshotBuilder;
}

let builder: SearchSnapshotBuilder | undefined;
/** The search snapshot writer of this environment (jobs/build-search-snapshot.ts, events/search-snapshot-on-change.ts). */
export function searchSnapshotBuilder(): SearchSnapshotBuilder {
  builder ??= newSearchSnapshotBuilder();
  return builder;
}
