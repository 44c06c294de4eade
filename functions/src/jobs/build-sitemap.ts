import { scheduledSitemapBuild } from '../domain/seo/publish-sitemap.js';
import { sitemapDeps } from '../http/seo/sitemap-deps.js';
import { observed } from '../observability.js';

/**
 * Scheduled (jobs.ts BuildSitemap): rebuilds the sitemap index and parts in S3 when listings
 * changed since the last build, when it is a day old, or when there is none yet.
 */
async function run(): Promise<{ built: boolean; parts?: number; urls?: number }> {
  return scheduledSitemapBuild(sitemapDeps());
}

export const handler = observed('jobs/build-sitemap', run);
