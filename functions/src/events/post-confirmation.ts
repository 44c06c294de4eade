import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import { createProfileOnConfirm } from '../domain/accounts/profiles.js';
import { storefrontOnConfirm } from '../http/dealers/deps.js';
import { profiles$ } from '../http/my-listings/deps.js';
import { observed } from '../observability.js';

/**
 * Cognito post-confirmation trigger: creates the profile (pattern 10) once the e-mail is
 * confirmed, and a dealer's storefront (issue 26 §1: every dealer account has one, listed in
 * /dealers, whether or not the dealer has opened the dashboard yet). Cognito retries a failed
 * trigger; createProfileOnConfirm keeps the first profile and ensureStorefront the first
 * storefront, so a retry changes nothing. A confirmed forgotten password is not a sign-up.
 */
async function run(event: PostConfirmationTriggerEvent): Promise<PostConfirmationTriggerEvent> {
  if (event.triggerSource !== 'PostConfirmation_ConfirmSignUp') return event;
  const attributes = event.request.userAttributes as Record<string, string | undefined>;
  const userId = attributes.sub ?? event.userName;
  const now = new Date();
  const profile = await createProfileOnConfirm(profiles$(), { userId, attributes, clientMetadata: event.request.clientMetadata }, now);
  await storefrontOnConfirm(profile, now);
  return event;
}

export const handler = observed('events/post-confirmation', run);
