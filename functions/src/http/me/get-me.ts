import { httpHandler, json } from '../handler.js';
import { ensureProfile } from '../my-listings/deps.js';

/** GET /api/me — the caller's profile (made from the Cognito attributes for accounts the sign-up trigger never saw). */
export const handler = httpHandler('user', async ({ event, caller }) => json(200, await ensureProfile(event, caller)));
