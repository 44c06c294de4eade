import { markSavedSearchSeen } from '../../domain/saved/saved-searches.js';
import { httpHandler, json } from '../handler.js';
import { savedSearchDeps, savedSearchIdParam } from './deps.js';

/** POST /api/saved-searches/{id}/seen — the caller opened the search's results: new matches count from now. */
export const handler = httpHandler('user', async ({ event, caller }) => {
  const lastSeenAt = await markSavedSearchSeen(savedSearchDeps(), caller, savedSearchIdParam(event));
  return json(200, { lastSeenAt });
});
