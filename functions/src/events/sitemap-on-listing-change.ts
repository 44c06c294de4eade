import { onListingChanged } from '../domain/seo/publish-sitemap.js';
import { sitemapDeps } from '../http/seo/sitemap-deps.js';
import { consumer } from './consume.js';

/**
 * listing.created / updated / deleted and stock-import.applied (events.ts): the first change in
 * five minutes rebuilds the sitemap at once; later ones only mark it changed (one conditional
 * write) for the scheduled job.
 */
export const handler = consumer(
  'events/sitemap-on-listing-change',
  ['listing.created', 'listing.updated', 'listing.deleted', 'stock-import.applied'],
  async (): Promise<{ outcome: 'built' | 'deferred' }> => ({ outcome: await onListingChanged(sitemapDeps()) }),
);
