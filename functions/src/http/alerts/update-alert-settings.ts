import { alertSettingsSchema } from '../../../../shared/schemas/alerts.js';
import { updateAlertSettings } from '../../domain/alerts/preferences.js';
import { httpHandler, json, jsonBody, parseWith } from '../handler.js';
import { preferencesDeps } from './deps.js';

/** PATCH /api/alert-settings — frequency, channels, pause/resume from the dashboard. */
export const handler = httpHandler('user', async ({ event, caller }) => {
  const input = parseWith(alertSettingsSchema, jsonBody(event));
  return json(200, await updateAlertSettings(preferencesDeps(event), caller, input));
});
