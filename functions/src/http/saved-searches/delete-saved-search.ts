import { deleteSavedSearch } from '../../domain/saved/saved-searches.js';
import { httpHandler } from '../handler.js';
import { savedSearchDeps, savedSearchIdParam } from './deps.js';

/** DELETE /api/saved-searches/{id} — the caller's own search; 404 for any other. */
export const handler = httpHandler('user', async ({ event, caller }) => {
  await deleteSavedSearch(savedSearchDeps(), caller, savedSearchIdParam(event));
  return { statusCode: 204 };
});
