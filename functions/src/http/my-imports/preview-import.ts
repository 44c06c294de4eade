import { importFeedSchema, importFileSchema } from '../../../../shared/schemas/stock-import.js';
import { fetchStockFeed } from '../../adapters/stock-import/feed-fetch.js';
import { validationError } from '../../domain/errors.js';
import { previewStockImport, previewUploadedImport } from '../../domain/stock-import/stock-imports.js';
import { httpHandler, json, jsonBody, parseWith } from '../handler.js';
import { ensureProfile } from '../my-listings/deps.js';
import { outboundFetcher, stockImportDeps } from './deps.js';

const JSON_ONLY = 'Send JSON: { "fileKey": … } for a file uploaded through POST /api/my-imports/uploads, or { "feedUrl": "https://…" }.';

/**
 * POST /api/my-imports — the dry run of a stock import, for a file the browser uploaded to the
 * private bucket (JSON `{ "fileKey": "imports/<sub>/<id>.csv", "fileName": "stock.csv" }`, the key
 * from POST /api/my-imports/uploads) or a feed the server fetches (`{ "feedUrl": "https://…" }`,
 * public addresses only: adapters/http/safe-fetch.ts). The file itself never travels in a request
 * body to the API. Either way the approved-dealer gate and the hourly limit run before the file is
 * read or the feed fetched (previewStockImport).
 */
export const handler = httpHandler('user', async ({ event, caller }) => {
  await ensureProfile(event, caller);
  const contentType = (event.headers?.['content-type'] ?? '').toLowerCase();
  if (!contentType.startsWith('application/json')) throw validationError(JSON_ONLY);
  // Parsed before the gate, so a malformed request is a 400 whoever sends it; read or fetched only after it.
  const body = jsonBody(event);
  if (body && typeof body === 'object' && 'feedUrl' in body) {
    const { feedUrl } = parseWith(importFeedSchema, body);
    const load = async () => {
      // Through the SSRF guard; every failure is one 400 with the same message (feed-fetch.ts).
      const bytes = await fetchStockFeed(outboundFetcher(), feedUrl);
      return { bytes, fileName: new URL(feedUrl).pathname.split('/').pop() || feedUrl };
    };
    return json(201, await previewStockImport(stockImportDeps(), caller, load));
  }
  const { fileKey, fileName } = parseWith(importFileSchema, body);
  return json(201, await previewUploadedImport(stockImportDeps(), caller, fileKey, fileName || null));
});
