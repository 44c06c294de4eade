import { contentStore } from '../../adapters/dynamodb/content-store.js';
import { ddb } from '../../adapters/dynamodb/client.js';
import { config } from '../../config.js';
import { publicPageContent } from '../../domain/admin/content.js';
import { notFound } from '../../domain/errors.js';
import { httpHandler, json } from '../handler.js';

/** GET /api/content/{slug} — a page's active content sections, Markdown rendered and sanitised. */
export const handler = httpHandler('public', async ({ event }) => {
  const slug = event.pathParameters?.slug ?? '';
  if (!/^[a-z0-9-]{1,60}$/.test(slug)) throw notFound();
  const sections = await publicPageContent({ content: contentStore(ddb, config.tableName) }, slug);
  return json(200, { sections }, { 'cache-control': 'public, max-age=30' });
});
