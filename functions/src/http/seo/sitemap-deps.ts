import { ddb } from '../../adapters/dynamodb/client.js';
import { sitemapBuildState, sitemapListingSource } from '../../adapters/dynamodb/sitemap-repo.js';
import { s3 } from '../../adapters/s3/client.js';
import { s3SitemapFiles } from '../../adapters/s3/sitemap-files.js';
import { config } from '../../config.js';
import type { SitemapDeps } from '../../domain/seo/publish-sitemap.js';

/** Composition for the sitemap builders (jobs/build-sitemap.ts, events/sitemap-on-listing-change.ts). */
export const sitemapDeps = (): SitemapDeps => ({
  source: sitemapListingSource(ddb, config.tableName),
  files: s3SitemapFiles(s3, config.buckets.truckImages, config.sitemapPrefix),
  state: sitemapBuildState(ddb, config.tableName),
  siteUrl: config.siteUrl,
  now: () => new Date(),
  perPart: config.sitemapUrlsPerPart,
});
