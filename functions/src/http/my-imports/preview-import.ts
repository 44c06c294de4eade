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
  // Parsed before the gate, so a malformed request is a 400 whoever sends it; read or fetched only after it.
  const feedUrl = contentType.startsWith('application/json') ? parseWith(importFeedSchema, jsonBody(event)).feedUrl : null;
  const load = async (): Promise<{ bytes: Buffer; fileName: string | null }> => {
    if (feedUrl === null) {
      if (!event.body) throw validationError('Choose a CSV file to import.');
      const bytes = event.isBase64Encoded ? Buffer.from(event.body, 'base64') : Buffer.from(event.body, 'utf8');
      return { bytes, fileName: decodedFileName(event.headers?.['x-file-name']) };
    }
    // Through the SSRF guard; every failure is one 400 with the same message (feed-fetch.ts).
    const bytes = await fetchStockFeed(outboundFetcher(), feedUrl);
    return { bytes, fileName: new URL(feedUrl).pathname.split('/').pop() || feedUrl };
  };
  return json(201, await previewStockImport(stockImportDeps(), caller, load));
});
