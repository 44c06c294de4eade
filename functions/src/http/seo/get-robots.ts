import { config } from '../../config.js';
import { buildRobotsTxt } from '../../domain/seo/sitemap.js';
import { httpHandler } from '../handler.js';

/** GET /robots.txt — crawl everything public; keep out of the API, signed-in screens and dev tools. */
export const handler = httpHandler('public', async () => ({
  statusCode: 200,
  headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=86400' },
  body: buildRobotsTxt(config.siteUrl),
}));
