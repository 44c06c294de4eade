import { getMyPreferences } from '../../domain/alerts/preferences.js';
import { httpHandler, json } from '../handler.js';
import { preferencesDeps } from './deps.js';

/** GET /api/alert-preferences — the caller's saved alert preferences, or `{ preferences: null }`. */
export const handler = httpHandler('user', async ({ event, caller }) => {
  const preferences = await getMyPreferences(preferencesDeps(event), caller);
  return json(200, { preferences }, { 'cache-control': 'private, no-store' });
});
