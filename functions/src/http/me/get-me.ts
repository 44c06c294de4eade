import { getProfile } from '../../domain/accounts/profiles.js';
import { httpHandler, json } from '../handler.js';
import { profiles$ } from '../my-listings/deps.js';

/** GET /api/me — the caller's profile (a default one is created for accounts that predate the sign-up trigger). */
export const handler = httpHandler('user', async ({ caller }) => json(200, await getProfile(profiles$(), caller, new Date())));
