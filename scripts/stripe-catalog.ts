/**
 * One-off, per Stripe account: creates the alert plans' products and monthly prices (README,
 * "Payments"). Idempotent: plans whose lookup key exists are left alone.
 *
 *   STRIPE_SECRET_KEY=sk_live_… npm run stripe:catalog
 */
import Stripe from 'stripe';
import { ensurePlanCatalog } from '../functions/src/adapters/stripe/catalog.js';
import { stripeClientOptions } from '../functions/src/adapters/stripe/stripe-gateway.js';

const key = process.env.STRIPE_SECRET_KEY;
if (!key) {
  console.error('Set STRIPE_SECRET_KEY to the account’s secret key (sk_test_… or sk_live_…).');
  process.exit(1);
}
const ids = await ensurePlanCatalog(new Stripe(key, stripeClientOptions()), (m) => console.log(m));
console.log(JSON.stringify(ids, null, 2));
