import { config } from '../../config.js';
import { listingsRepo } from '../../deps.js';
import { buildSitemap } from '../../domain/seo/sitemap.js';
import { httpHandler } from '../handler.js';

/** GET /sitemap.xml — static and category pages and every active user listing (never scraped ones). */
export const handler = httpHandler('public', async () => {
  const { listings } = await listingsRepo().loadAllActive();
  return {
    statusCode: 200,
    headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' },
    body: buildSitemap(
      config.siteUrl,
      listings.map((l) => ({ id: l.id, updatedAt: l.updatedAt })),
    ),
  };
});
