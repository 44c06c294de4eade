import { saveTruck } from '../../domain/saved/saved-trucks.js';
import { httpHandler, json } from '../handler.js';
import { ensureProfile, listingIdParam } from '../my-listings/deps.js';
import { savedTruckDeps } from './deps.js';

/** PUT /api/saved/{id} — saves a public truck for the caller (again: refreshes it); 404 when it is not public. */
export const handler = httpHandler('user', async ({ event, caller }) => {
  const entry = await saveTruck(savedTruckDeps(), caller, await ensureProfile(event, caller), listingIdParam(event));
  return json(200, { listingId: entry.listingId, savedAt: entry.savedAt });
});
