/**
 * Composition root: picks the adapters once per cold start (module scope, created lazily so a
 * handler that never searches never loads the index). Keyed by table name, because the local
 * API server and the tests may serve more than one table from one process.
 */
import { ddb } from './adapters/dynamodb/client.js';
import { type ListingsRepo, createListingsRepo } from './adapters/dynamodb/listings-repo.js';
import { s3 } from './adapters/s3/client.js';
import { s3SnapshotStore, searchSnapshotKey } from './adapters/s3/search-snapshots.js';
import { config } from './config.js';
import { SearchService, type SnapshotStore } from './domain/search/search-service.js';
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
export function searchSnapshotStore(tableName: string = config.tableName): SnapshotStore | null {
  const bucket = config.buckets.privateUploads;
  return bucket ? s3SnapshotStore(s3, bucket, config.searchSnapshotKey || searchSnapshotKey(tableName)) : null;
}

/**
 * The search index over the configured table: loaded on first use from the S3 snapshot (or the
 * table when there is none), then kept fresh from the change feed.
 */
export function searchService(tableName: string = config.tableName): SearchService {
  let search = searches.get(tableName);
  if (!search) {
    search = new SearchService(listingsRepo(tableName), {
      imagesBaseUrl: config.imagesBaseUrl,
      refreshMs: config.searchRefreshMs,
      snapshots: searchSnapshotStore(tableName) ?? undefined,
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

let builder: (ReturnType<typeof createSnapshotBuilder> & { readonly size: number }) | undefined;
/** The search snapshot writer (jobs/build-search-snapshot.ts, events/search-snapshot-on-change.ts). */
export function searchSnapshotBuilder() {
  if (!builder) {
    const store = searchSnapshotStore();
    if (!store) throw new Error('Missing required environment variable BUCKET_PRIVATE_UPLOADS');
    // Its own index, never loaded from the snapshot it writes over: a full build reads the table,
    // a change-triggered one starts from the snapshot once, then follows the change feed.
    const service = new SearchService(listingsRepo(), {
      imagesBaseUrl: config.imagesBaseUrl,
      refreshMs: 0,
      maxStaleMs: 0,
      snapshots: store,
    });
    const b = createSnapshotBuilder({ service, store, minIntervalMs: config.searchSnapshotIntervalMs });
    builder = Object.assign(b, {
      get size() {
        return service.size;
      },
    });
  }
  return builder;
}
