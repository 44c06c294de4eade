import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import { createProfileOnConfirm } from '../domain/accounts/profiles.js';
import { profiles$ } from '../http/my-listings/deps.js';
import { observed } from '../observability.js';

/**
 * Cognito post-confirmation trigger: creates the profile (pattern 10) once the e-mail is
 * confirmed. Cognito retries a failed trigger, and createProfileOnConfirm keeps the first
 * profile, so a retry changes nothing. A confirmed forgotten password is not a sign-up.
 */
async function run(event: PostConfirmationTriggerEvent): Promise<PostConfirmationTriggerEvent> {
  if (event.triggerSource !== 'PostConfirmation_ConfirmSignUp') return event;
  const attributes = event.request.userAttributes as Record<string, string | undefined>;
  const userId = attributes.sub ?? event.userName;
  await createProfileOnConfirm(profiles$(), { userId, attributes, clientMetadata: event.request.clientMetadata }, new Date());
  return event;
}

export const handler = observed('events/post-confirmation', run);
