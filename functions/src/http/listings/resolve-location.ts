import { z } from 'zod';
import { notFound } from '../../domain/errors.js';
import { resolveLocation } from '../../domain/geo/geo.js';
import { httpHandler, json, parseWith } from '../handler.js';

const paramsSchema = z.object({ query: z.string().trim().min(1, 'query is required').max(100, 'query is too long') });

/** Path parameters may arrive still percent-encoded ('LS11%205AB') or already decoded ('100%'). */
function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** GET /api/locations/{query} — places a UK postcode, district or town for the browse filter; 404 when it can't. */
export const handler = httpHandler('public', async ({ event }) => {
  const { query } = parseWith(paramsSchema, event.pathParameters ?? {});
  const place = resolveLocation(safeDecode(query));
  if (!place) throw notFound(`We couldn't find '${query}'. Try a postcode like LS11 5AB or a town name.`);
  return json(200, place, { 'cache-control': 'public, max-age=86400' });
});
