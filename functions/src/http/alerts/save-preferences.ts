import { alertPreferencesSchema } from '../../../../shared/schemas/alerts.js';
import { saveMyPreferences } from '../../domain/alerts/preferences.js';
import { httpHandler, json, jsonBody, parseWith } from '../handler.js';
import { preferencesDeps } from './deps.js';

/** PUT /api/alert-preferences — the alert sign-up form (upsert by user). */
export const handler = httpHandler('user', async ({ event, caller }) => {
  const input = parseWith(alertPreferencesSchema, jsonBody(event));
  const preferences = await saveMyPreferences(preferencesDeps(event), caller, input);
  return json(200, { preferences });
});
