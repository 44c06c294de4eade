import { listSavedSearches } from '../../domain/saved/saved-searches.js';
import { httpHandler, json } from '../handler.js';
import { savedSearchDeps } from './deps.js';

/** GET /api/saved-searches — the caller's saved searches, newest first. */
export const handler = httpHandler('user', async ({ caller }) => {
  const items = await listSavedSearches(savedSearchDeps(), caller);
  return json(200, { items }, { 'cache-control': 'private, no-store' });
});
