import { enquirySchema } from '../../../../shared/schemas/enquiry.js';
import { userAttributesFromAccessToken } from '../../adapters/cognito/user-attributes.js';
import type { Profile } from '../../domain/accounts/profiles.js';
import type { Caller } from '../../domain/caller.js';
import { sendEnquiry } from '../../domain/enquiries/send-enquiry.js';
import { type HttpEvent, httpHandler, json, jsonBody, parseWith } from '../handler.js';
import { ensureProfile, listingIdParam, logError } from '../my-listings/deps.js';
import { enquiryDeps } from './deps.js';

/**
 * The buyer's profile with an e-mail address for Reply-To: profiles made before anything read the
 * sign-up attributes have none, so it comes from Cognito then (the profile itself is left as it is).
 */
async function buyerProfile(event: HttpEvent, caller: Caller): Promise<Profile> {
  const profile = await ensureProfile(event, caller);
  if (profile.email) return profile;
  const token = /^Bearer\s+(.+)$/i.exec(event.headers?.authorization ?? '')?.[1];
  const attributes = token ? await userAttributesFromAccessToken(token).catch(() => null) : null;
  if (!attributes?.email) return profile;
  return { ...profile, email: attributes.email, fullName: profile.fullName ?? attributes.name ?? null };
}

/**
 * POST /api/listings/{id}/enquiries — "Message the seller": 201 when stored (the e-mail to the
 * seller is best effort and only logged when it fails), 400 own or scraped listing, 403
 * suspended, 404 not public, 429 rate-limited.
 */
export const handler = httpHandler('user', async ({ event, caller }) => {
  const listingId = listingIdParam(event);
  const input = parseWith(enquirySchema, jsonBody(event));
  const buyer = await buyerProfile(event, caller);
  const result = await sendEnquiry(enquiryDeps(), caller, buyer, listingId, input);
  if (result.emailFailure) logError(`Enquiry ${result.id} stored but the e-mail to the seller failed`, result.emailFailure);
  return json(201, { id: result.id, createdAt: result.createdAt });
});
