import type { PreTokenGenerationTriggerEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_TEXTS } from '../../../shared/schemas/account.js';
import { handler } from './pre-token-generation.js';

const event = (attributes: Record<string, string>) =>
  ({
    triggerSource: 'TokenGeneration_Authentication',
    request: { userAttributes: attributes },
    response: {},
  }) as unknown as PreTokenGenerationTriggerEvent;

describe('pre-token-generation trigger', () => {
  it('refuses tokens to an account whose e-mail is not verified, with the message the web recognises', async () => {
    await expect(handler(event({ email: 'a@example.test', email_verified: 'false' }))).rejects.toThrow(ACCOUNT_TEXTS.emailNotVerified);
    await expect(handler(event({ email: 'a@example.test' }))).rejects.toThrow(ACCOUNT_TEXTS.emailNotVerified);
  });

  it('lets a verified account through unchanged', async () => {
    const e = event({ email: 'a@example.test', email_verified: 'true' });
    await expect(handler(e)).resolves.toBe(e);
  });
});
