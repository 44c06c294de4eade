import { DomainError } from '../errors.js';
import type { RateLimiter } from '../rate-limit.js';

/** Per-user limits on the payment endpoints (issue 23): each call costs Stripe API requests. */
const PAYMENT_RATE_LIMITS = {
  checkout: { scope: 'subscription-checkout', limit: 10, windowSeconds: 3600 },
  portal: { scope: 'billing-portal', limit: 20, windowSeconds: 3600 },
  sync: { scope: 'subscription-sync', limit: 1, windowSeconds: 60 },
  equipmentCheckout: { scope: 'equipment-checkout', limit: 10, windowSeconds: 3600 },
} as const;

export type PaymentAction = keyof typeof PAYMENT_RATE_LIMITS;

const PAYMENT_RATE_LIMITED_MESSAGES: Record<PaymentAction, string> = {
  checkout: 'Too many checkout attempts. You can start at most 10 checkouts an hour; please try again later.',
  portal: 'Too many requests to manage your subscription. You can open it at most 20 times an hour; please try again later.',
  sync: 'Your subscription was checked less than a minute ago. Please wait a minute before checking again.',
  equipmentCheckout: 'Too many checkout attempts. You can start at most 10 equipment checkouts an hour; please try again later.',
};

/** Counts one `action` for the user; a 429 with the wait (`retryAfterSeconds`) when over the limit. */
export async function limitPaymentAction(rateLimit: RateLimiter | undefined, action: PaymentAction, userId: string): Promise<void> {
  if (!rateLimit) return;
  const result = await rateLimit({ ...PAYMENT_RATE_LIMITS[action], key: userId });
  if (!result.allowed)
    throw new DomainError('RATE_LIMITED', PAYMENT_RATE_LIMITED_MESSAGES[action], { retryAfterSeconds: result.retryAfterSeconds });
}
