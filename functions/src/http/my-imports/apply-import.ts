import { applyImportSchema } from '../../../../shared/schemas/stock-import.js';
import { notFound } from '../../domain/errors.js';
import { applyStockImportRequest, IMPORT_NOT_FOUND } from '../../domain/stock-import/stock-imports.js';
import { type HttpEvent, httpHandler, json, jsonBody, parseWith } from '../handler.js';
import { stockImportDeps } from './deps.js';

export function importIdParam(event: HttpEvent): string {
  const id = event.pathParameters?.id ?? '';
  if (!/^[0-9A-Z]{26}$/.test(id)) throw notFound(IMPORT_NOT_FOUND);
  return id;
}

/** POST /api/my-imports/{id}/apply — queues the previewed import; 202 while it runs. */
export const handler = httpHandler('user', async ({ event, caller }) => {
  const { markMissingSold } = parseWith(applyImportSchema, jsonBody(event));
  return json(202, await applyStockImportRequest(stockImportDeps(), caller, importIdParam(event), markMissingSold));
});
