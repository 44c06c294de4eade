import { handlePaymentWebhook } from '../../domain/payments/subscriptions.js';
import { httpHandler, json } from '../handler.js';
import { webhookDeps } from '../alerts/deps.js';

/**
 * POST /api/payments/webhook — Stripe's events. The row sets rawBody, so the body arrives exactly
 * as sent (base64 when API Gateway flags it); the signature is checked on those bytes.
 */
export const handler = httpHandler('public', async ({ event }) => {
  const raw = event.body ? Buffer.from(event.body, event.isBase64Encoded ? 'base64' : 'utf8') : Buffer.alloc(0);
  const outcome = await handlePaymentWebhook(webhookDeps(), raw, event.headers?.['stripe-signature']);
  return json(200, { received: true, outcome });
});
