import { ulid } from 'ulid';
import { ddb } from '../../adapters/dynamodb/client.js';
import { stockImportsRepo } from '../../adapters/dynamodb/stock-imports-repo.js';
import { queueSender } from '../../adapters/queues/sender.js';
import { s3 } from '../../adapters/s3/client.js';
import { s3ImportFiles } from '../../adapters/s3/import-files.js';
import { createPhotoImporter } from '../../adapters/stock-import/photo-importer.js';
import { config } from '../../config.js';
import type { ApplyImportDeps } from '../../domain/stock-import/apply-import.js';
import type { StockImportDeps } from '../../domain/stock-import/stock-imports.js';
import { manageListingDeps } from '../my-listings/deps.js';

/** The queue of functions/src/queues.ts that applies imports. */
export const STOCK_IMPORT_QUEUE = 'stock-imports';

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
    now: () => new Date(),
    newId: () => ulid(),
  };
  return deps;
}

let apply: ApplyImportDeps | undefined;
export function applyImportDeps(): ApplyImportDeps {
  if (apply) return apply;
  const manage = manageListingDeps();
  apply = {
    listings: manage.listings,
    imageFiles: manage.imageFiles,
    events: manage.events,
    now: manage.now,
    newId: manage.newId,
    logError: manage.logError,
    // Loopback fixture sites are reachable only in the local cloud.
    photos: createPhotoImporter({ s3, bucket: config.buckets.truckImages }, { allowPrivate: config.stage === 'local' }),
    concurrency: 16,
  };
  return apply;
}
