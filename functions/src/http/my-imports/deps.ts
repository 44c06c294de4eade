import { ulid } from 'ulid';
import { ddb } from '../../adapters/dynamodb/client.js';
import { importCounters } from '../../adapters/dynamodb/counters.js';
import { createRateLimiter } from '../../adapters/dynamodb/rate-limit.js';
import { systemClock } from '../../adapters/http/clock.js';
import { HostPacer } from '../../adapters/http/host-pacer.js';
import { stockImportsRepo } from '../../adapters/dynamodb/stock-imports-repo.js';
import { queueSender } from '../../adapters/queues/sender.js';
import { s3 } from '../../adapters/s3/client.js';
import { s3ImportFiles } from '../../adapters/s3/import-files.js';
import { createSafeFetcher, type SafeFetcher } from '../../adapters/http/safe-fetch.js';
import { createPhotoImporter } from '../../adapters/stock-import/photo-importer.js';
import { config } from '../../config.js';
import type { ApplyImportDeps } from '../../domain/stock-import/apply-import.js';
import type { StockImportDeps } from '../../domain/stock-import/stock-imports.js';
import { manageListingDeps } from '../my-listings/deps.js';

/** The queue of functions/src/queues.ts that applies imports. */
export const STOCK_IMPORT_QUEUE = 'stock-imports';

let fetcher: SafeFetcher | undefined;
/**
 * The SSRF-guarded fetcher of stock feeds and imported photos, one per cold start (it pools
 * connections). Only FETCH_ALLOW_HOSTS's loopback fixture pairs pass without being public.
 */
export function outboundFetcher(): SafeFetcher {
  fetcher ??= createSafeFetcher({ allowHosts: config.fetchAllowHosts });
  return fetcher;
}

let deps: StockImportDeps | undefined;
/** Composition for /api/my-imports and its queue worker: files in the private uploads bucket under imports/. */
export function stockImportDeps(): StockImportDeps {
  if (deps) return deps;
  const bucket = config.buckets.privateUploads;
  deps = {
    imports: stockImportsRepo(ddb, config.tableName),
    files: s3ImportFiles(s3, bucket),
    queue: { send: async (message) => (await queueSender()).send(STOCK_IMPORT_QUEUE, [message]) },
    manage: manageListingDeps(),
    events: manageListingDeps().events,
    rateLimit: createRateLimiter(ddb, config.tableName),
    now: () => new Date(),
    newId: () => ulid(),
  };
  return deps;
}

/** One pacer per execution environment: every import this worker runs shares each host's slots. */
const photoHostPacer = new HostPacer(systemClock);

let apply: ApplyImportDeps | undefined;
export function applyImportDeps(): ApplyImportDeps {
  if (apply) return apply;
  const manage = manageListingDeps();
  apply = {
    listings: manage.listings,
    imageFiles: manage.imageFiles,
    counters: importCounters(ddb, config.tableName),
    now: manage.now,
    newId: manage.newId,
    logError: manage.logError,
    photos: createPhotoImporter({ s3, bucket: config.buckets.truckImages }, outboundFetcher(), { pacer: photoHostPacer }),
    concurrency: 16,
  };
  return apply;
}
