import { unsaveTruck } from '../../domain/saved/saved-trucks.js';
import { httpHandler } from '../handler.js';
import { ensureProfile, listingIdParam } from '../my-listings/deps.js';
import { savedTruckDeps } from './deps.js';

/** DELETE /api/saved/{id} — removes the caller's saved entry (204 whether or not there was one). */
export const handler = httpHandler('user', async ({ event, caller }) => {
  await unsaveTruck(savedTruckDeps(), caller, await ensureProfile(event, caller), listingIdParam(event));
  return { statusCode: 204 };
});
