import { listSavedTrucks } from '../../domain/saved/saved-trucks.js';
import { httpHandler, json } from '../handler.js';
import { savedTruckDeps } from './deps.js';

/** GET /api/saved — the caller's saved trucks, newest save first; `listing: null` when no longer available. */
export const handler = httpHandler('user', async ({ caller }) => {
  const items = await listSavedTrucks(savedTruckDeps(), caller);
  return json(200, { items }, { 'cache-control': 'private, no-store' });
});
