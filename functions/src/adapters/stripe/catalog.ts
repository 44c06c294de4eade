import type Stripe from 'stripe';
import { PLANS } from '../../../../shared/constants.js';
import { planLookupKey } from '../../domain/payments/ports.js';

/**
 * Creates the plans' products and monthly GBP prices (lookup keys truckyard_<tier>_monthly) where
 * they are missing; existing ones are left alone. Run by the local bootstrap against the stand-in
 * and once per Stripe account in AWS (`npm run stripe:catalog`).
 */
export async function ensurePlanCatalog(stripe: Stripe, log: (msg: string) => void = () => undefined): Promise<Record<string, string>> {
  const ids: Record<string, string> = {};
  for (const plan of PLANS) {
    const lookupKey = planLookupKey(plan.id);
    const existing = await stripe.prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 });
    if (existing.data[0]) {
      ids[plan.id] = existing.data[0].id;
      continue;
    }
    const product = await stripe.products.create({
      name: `TruckYard ${plan.name} alerts`,
      description: plan.blurb,
      metadata: { tier: plan.id },
    });
    const price = await stripe.prices.create({
      product: product.id,
      currency: 'gbp',
      unit_amount: plan.priceAmount,
      recurring: { interval: 'month' },
      lookup_key: lookupKey,
      nickname: `${plan.name} monthly`,
      metadata: { tier: plan.id },
    });
    ids[plan.id] = price.id;
    log(`stripe: created ${plan.name} at £${(plan.priceAmount / 100).toFixed(2)}/month (${price.id}, lookup key ${lookupKey})`);
  }
  return ids;
}
