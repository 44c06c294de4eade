import { getStockImport } from '../../domain/stock-import/stock-imports.js';
import { httpHandler, json } from '../handler.js';
import { importIdParam } from './apply-import.js';
import { stockImportDeps } from './deps.js';

/** GET /api/my-imports/{id} — the import's status and, when done, its report. */
export const handler = httpHandler('user', async ({ event, caller }) => {
  return json(200, await getStockImport(stockImportDeps(), caller, importIdParam(event)), { 'cache-control': 'private, no-store' });
});
