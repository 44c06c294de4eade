import { handlePaymentWebhook } from '../../domain/payments/subscriptions.js';
import { DomainError } from '../../domain/errors.js';
import { countBy, METRIC } from '../../observability.js';
import { httpHandler, json } from '../handler.js';
import { webhookDeps } from '../alerts/deps.js';

const WEBHOOK_TIMEOUT_MS = 29_000;

/**
 * POST /api/payments/webhook — Stripe's events. The row sets rawBody, so the body arrives exactly
 * as sent (base64 when API Gateway flags it); the signature is checked on those bytes.
 */
export const handler = httpHandler('public', async ({ event, context }) => {
  const raw = event.body ? Buffer.from(event.body, event.isBase64Encoded ? 'base64' : 'utf8') : Buffer.alloc(0);
  // An event's lease lasts as long as this invocation may (the row's 29 s when there is no context).
  const remainingMs = () => context?.getRemainingTimeInMillis?.() ?? WEBHOOK_TIMEOUT_MS;
  let outcome: Awaited<ReturnType<typeof handlePaymentWebhook>>;
  try {
    outcome = await handlePaymentWebhook(webhookDeps(remainingMs), raw, event.headers?.['stripe-signature']);
  } catch (err) {
    // A refused signature is a 4xx DomainError; anything else a failure Stripe retries.
    countBy(METRIC.webhookOutcome, 'outcome', err instanceof DomainError ? 'rejected' : 'failed');
    throw err;
  }
  countBy(METRIC.webhookOutcome, 'outcome', outcome);
  return json(200, { received: true, outcome });
});
