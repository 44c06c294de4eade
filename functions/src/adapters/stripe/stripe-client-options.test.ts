import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { alertsRoutes } from '../../routes/alerts.js';
import { stripeClientOptions } from './stripe-gateway.js';
/** The rule's value, stated here rather than imported, so a change to it fails this test. */
const STRIPE_MAX_NETWORK_RETRIES = 1;
/** The rule's value, stated here rather than imported, so a change to it fails this test. */
const STRIPE_TIMEOUT_MS = 10_000;

describe('Stripe client limits (issue 23)', () => {
  it('gives every request a 10 s timeout and one retry, in AWS and against the local stand-in alike', () => {
    for (const env of [{}, { STRIPE_API_URL: 'http://localhost:4900' }]) {
      const options = stripeClientOptions(env);
      expect(options.timeout).toBe(10_000);
      expect(options.maxNetworkRetries).toBe(1);
      // The SDK client takes them (its own default timeout is 80 s).
      const client = new Stripe('sk_test_x', options);
      expect(client.getMaxNetworkRetries()).toBe(STRIPE_MAX_NETWORK_RETRIES);
      expect((client as unknown as { _api: { timeout: number } })._api.timeout).toBe(STRIPE_TIMEOUT_MS);
    }
  });

  it('gives the webhook function 29 s: one slow Stripe call with its retry still fits', () => {
    const row = alertsRoutes.find((r) => r.id === 'StripeWebhook');
    expect(row?.timeoutSeconds).toBe(29);
    expect(2 * STRIPE_TIMEOUT_MS).toBeLessThan(29_000);
  });
});
