import { onListingChanged } from '../domain/seo/publish-sitemap.js';
import { sitemapDeps } from '../http/seo/sitemap-deps.js';
import { observed } from '../observability.js';

/**
 * listing.created / updated / deleted (events.ts): the first change in five minutes rebuilds the
 * sitemap at once; later ones only mark it changed (one conditional write) for the scheduled job.
 */
async function run(): Promise<{ outcome: 'built' | 'deferred' }> {
  return { outcome: await onListingChanged(sitemapDeps()) };
}

export const handler = observed('events/sitemap-on-listing-change', run);
