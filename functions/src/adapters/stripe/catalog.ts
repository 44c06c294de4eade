import type Stripe from 'stripe';
import { PLANS } from '../../../../shared/constants.js';
import type { TierId } from '../../../../shared/schemas/alerts.js';
import { planLookupKey } from '../../domain/payments/ports.js';

/**
 * Makes the plans' products and monthly GBP prices (lookup keys truckyard_<tier>_monthly) match
 * PLANS: a missing plan gets a product and price; a plan whose amount changed gets a new price on
 * the same product that takes the lookup key over (`transfer_lookup_key`), so checkouts use the new
 * amount and current subscribers keep theirs; an unchanged plan is left alone. Run by the deploy
 * step (functions/src/deploy/deploy-data.ts), in AWS and in the local cloud alike.
 */
export async function ensurePlanCatalog(stripe: Stripe, log: (msg: string) => void = () => undefined): Promise<Record<TierId, string>> {
  const ids = {} as Record<TierId, string>;
  for (const plan of PLANS) {
    const lookupKey = planLookupKey(plan.id);
    const existing = (await stripe.prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 })).data[0];
    const matches =
      existing && existing.unit_amount === plan.priceAmount && existing.currency === 'gbp' && existing.recurring?.interval === 'month';
    if (existing && matches) {
      ids[plan.id] = existing.id;
      continue;
    }
    const productId = existing
      ? typeof existing.product === 'string'
        ? existing.product
        : existing.product.id
      : (
          await stripe.products.create({
            name: `TruckYard ${plan.name} alerts`,
            description: plan.blurb,
            metadata: { tier: plan.id },
          })
        ).id;
    const price = await stripe.prices.create({
      product: productId,
      currency: 'gbp',
      unit_amount: plan.priceAmount,
      recurring: { interval: 'month' },
      lookup_key: lookupKey,
      ...(existing ? { transfer_lookup_key: true } : {}),
      nickname: `${plan.name} monthly`,
      metadata: { tier: plan.id },
    });
    ids[plan.id] = price.id;
    log(
      `stripe: ${existing ? 'repriced' : 'created'} ${plan.name} at £${(plan.priceAmount / 100).toFixed(2)}/month (${price.id}, lookup key ${lookupKey})`,
    );
  }
  return ids;
}
