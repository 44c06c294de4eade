import { importFeedSchema } from '../../../../shared/schemas/stock-import.js';
import { fetchStockFeed } from '../../adapters/stock-import/feed-fetch.js';
import { validationError } from '../../domain/errors.js';
import { previewStockImport } from '../../domain/stock-import/stock-imports.js';
import { httpHandler, json, jsonBody, parseWith } from '../handler.js';
import { ensureProfile } from '../my-listings/deps.js';
import { outboundFetcher, stockImportDeps } from './deps.js';

/** The browser sends the file's name URI-encoded (headers are ASCII). */
function decodedFileName(header: string | undefined): string | null {
  if (!header) return null;
  try {
    return decodeURIComponent(header).slice(0, 200) || null;
  } catch {
    return null;
  }
}

/**
 * POST /api/my-imports — the dry run of a stock import. The body is the CSV file itself
 * (any non-JSON content type; its bytes arrive base64-encoded) with its name in
 * `x-file-name`, or JSON `{ "feedUrl": "https://…" }` for a feed the server fetches (public
 * addresses only: adapters/http/safe-fetch.ts).
 */
export const handler = httpHandler('user', async ({ event, caller }) => {
  await ensureProfile(event, caller);
  const contentType = (event.headers?.['content-type'] ?? '').toLowerCase();
  let bytes: Buffer;
  let fileName: string | null = null;
  if (contentType.startsWith('application/json')) {
    const { feedUrl } = parseWith(importFeedSchema, jsonBody(event));
    // Through the SSRF guard; every failure is one 400 with the same message (feed-fetch.ts).
    bytes = await fetchStockFeed(outboundFetcher(), feedUrl);
    fileName = new URL(feedUrl).pathname.split('/').pop() || feedUrl;
  } else {
    if (!event.body) throw validationError('Choose a CSV file to import.');
    bytes = event.isBase64Encoded ? Buffer.from(event.body, 'base64') : Buffer.from(event.body, 'utf8');
    fileName = decodedFileName(event.headers?.['x-file-name']);
  }
  return json(201, await previewStockImport(stockImportDeps(), caller, bytes, fileName));
});
