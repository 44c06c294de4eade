import { ddb } from '../adapters/dynamodb/client.js';
import { PENDING_UPLOAD_TTL_SECONDS, takeUnattachedImages } from '../adapters/dynamodb/owner-listings-repo.js';
import { s3 } from '../adapters/s3/client.js';
import { deleteListingImageFiles } from '../adapters/s3/uploads.js';
import { config } from '../config.js';
import { observed } from '../observability.js';

/**
 * Scheduled (jobs.ts SweepUnattachedImages): deletes the files of processed images that no
 * listing took within a day of their upload, so they do not stay public and stored forever.
 */
async function run(): Promise<{ deleted: number }> {
  const olderThan = new Date(Date.now() - PENDING_UPLOAD_TTL_SECONDS * 1000);
  let deleted = 0;
  for (;;) {
    const taken = await takeUnattachedImages(ddb, config.tableName, olderThan);
    if (taken.length) await deleteListingImageFiles(s3, config.buckets.truckImages, taken);
    deleted += taken.length;
    if (taken.length < 200) return { deleted };
  }
}

export const handler = observed('jobs/sweep-unattached-images', run);
