import { notFound } from '../../domain/errors.js';
import { SITEMAP_PART_NAME } from '../../domain/seo/sitemap.js';
import { httpHandler } from '../handler.js';
import { serveSitemapFile } from './get-sitemap.js';

/** GET /sitemaps/{file} — one gzip part named by the index, from S3; any other name is a 404. */
export const handler = httpHandler('public', async ({ event }) => {
  const name = event.pathParameters?.file ?? '';
  if (!SITEMAP_PART_NAME.test(name)) throw notFound('No such sitemap');
  return serveSitemapFile(name);
});
