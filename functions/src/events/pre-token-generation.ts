import type { PreTokenGenerationTriggerEvent } from 'aws-lambda';
import { ACCOUNT_TEXTS } from '../../../shared/schemas/account.js';

/**
 * Cognito pre-token-generation trigger: no tokens for an account whose e-mail is not verified.
 * Sign-up creates accounts with admin rights and their password already set (issue 23), so Cognito
 * itself would sign them in; our API marks the address verified when the e-mailed code is entered.
 * It runs after the password was checked, so only someone who knows the password learns the
 * account is waiting. Cognito answers the sign-in with UserLambdaValidationException carrying
 * this message, which the web turns into the "Confirm your account" panel.
 */
export async function handler(event: PreTokenGenerationTriggerEvent): Promise<PreTokenGenerationTriggerEvent> {
  if (event.request.userAttributes.email_verified !== 'true') throw new Error(ACCOUNT_TEXTS.emailNotVerified);
  return event;
}
