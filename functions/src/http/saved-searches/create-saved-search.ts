import { savedSearchInputSchema } from '../../../../shared/schemas/saved-searches.js';
import { createSavedSearch } from '../../domain/saved/saved-searches.js';
import { httpHandler, json, jsonBody, parseWith } from '../handler.js';
import { savedSearchDeps } from './deps.js';

/** POST /api/saved-searches — saves the current browse filters under a name (409 beyond 20). */
export const handler = httpHandler('user', async ({ event, caller }) => {
  const input = parseWith(savedSearchInputSchema, jsonBody(event));
  const search = await createSavedSearch(savedSearchDeps(), caller, input);
  return json(201, search, { location: `/api/saved-searches/${search.id}` });
});
