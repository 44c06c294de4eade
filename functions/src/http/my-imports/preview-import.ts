import { importFeedSchema, importFileSchema } from '../../../../shared/schemas/stock-import.js';
import { boundedFetch, FetchRefused } from '../../adapters/stock-import/bounded-fetch.js';
import { config } from '../../config.js';
import { validationError } from '../../domain/errors.js';
import { IMPORT_LIMITS } from '../../domain/stock-import/parse-stock-csv.js';
import { previewStockImport, previewUploadedImport } from '../../domain/stock-import/stock-imports.js';
import { httpHandler, json, jsonBody, parseWith } from '../handler.js';
import { ensureProfile } from '../my-listings/deps.js';
import { stockImportDeps } from './deps.js';

const JSON_ONLY = 'Send JSON: { "fileKey": … } for a file uploaded through POST /api/my-imports/uploads, or { "feedUrl": "https://…" }.';

/**
 * POST /api/my-imports — the dry run of a stock import, for a file the browser uploaded to the
 * private bucket (JSON `{ "fileKey": "imports/<sub>/<id>.csv", "fileName": "stock.csv" }`, the key
 * from POST /api/my-imports/uploads) or a feed the server fetches (`{ "feedUrl": "https://…" }`).
 * The file itself never travels in a request body to the API.
 */
export const handler = httpHandler('user', async ({ event, caller }) => {
  await ensureProfile(event, caller);
  const contentType = (event.headers?.['content-type'] ?? '').toLowerCase();
  if (!contentType.startsWith('application/json')) throw validationError(JSON_ONLY);
  const body = jsonBody(event);
  if (body && typeof body === 'object' && 'feedUrl' in body) {
    const { feedUrl } = parseWith(importFeedSchema, body);
    let bytes: Buffer;
    try {
      ({ bytes } = await boundedFetch(feedUrl, {
        maxBytes: IMPORT_LIMITS.maxBytes,
        timeoutMs: 15_000,
        allowPrivate: config.stage === 'local',
      }));
    } catch (err) {
      const reason =
        err instanceof FetchRefused
          ? err.message
          : (err as Error)?.name === 'TimeoutError'
            ? 'it took too long to answer'
            : 'it could not be reached';
      throw validationError(`The feed could not be fetched: ${reason}.`);
    }
    const fileName = new URL(feedUrl).pathname.split('/').pop() || feedUrl;
    return json(201, await previewStockImport(stockImportDeps(), caller, bytes, fileName));
  }
  const { fileKey, fileName } = parseWith(importFileSchema, body);
  return json(201, await previewUploadedImport(stockImportDeps(), caller, fileKey, fileName || null));
});
