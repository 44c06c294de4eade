import { updateProfileSchema } from '../../../../shared/schemas/profile.js';
import { updateProfile } from '../../domain/accounts/profiles.js';
import { httpHandler, json, jsonBody, parseWith } from '../handler.js';
import { profiles$ } from '../my-listings/deps.js';

/** PATCH /api/me — name, company and phone. */
export const handler = httpHandler('user', async ({ event, caller }) => {
  const changes = parseWith(updateProfileSchema, jsonBody(event));
  return json(200, await updateProfile(profiles$(), caller, changes, new Date()));
});
