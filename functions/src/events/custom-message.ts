import type { CustomMessageTriggerEvent } from 'aws-lambda';
import { config } from '../config.js';
import { cognitoEmailFor } from '../domain/mail/cognito-messages.js';
import { observed } from '../observability.js';

/**
 * Cognito custom-message trigger: verification codes and password resets in the TruckYard brand.
 * Locally cognito-local calls this same handler and the e-mail lands in the local inbox.
 */
async function run(event: CustomMessageTriggerEvent): Promise<CustomMessageTriggerEvent> {
  const attributes = event.request.userAttributes as Record<string, string | undefined>;
  const email = cognitoEmailFor(
    event.triggerSource,
    { code: event.request.codeParameter, name: attributes.name, email: attributes.email },
    { siteUrl: config.siteUrl },
  );
  if (email) {
    event.response.emailSubject = email.subject;
    event.response.emailMessage = email.html;
  }
  return event;
}

export const handler = observed('events/custom-message', run);
