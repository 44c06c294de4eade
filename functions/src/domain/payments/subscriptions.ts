import type { SubscriptionView, TierId } from '../../../../shared/schemas/alerts.js';
import { getSubscriptionView } from '../alerts/preferences.js';
import type { AlertsStore, SubscriptionRecord } from '../alerts/ports.js';
import { isPaid, refreshSchedule } from '../alerts/schedule.js';
import type { Caller } from '../caller.js';
import { DomainError, notFound, unauthenticated, validationError } from '../errors.js';
import { InvalidWebhookSignature, type PaymentEvent, type PaymentsGateway, type ProviderSubscription } from './ports.js';

export interface SubscriptionDeps {
  store: AlertsStore;
  gateway: PaymentsGateway;
  siteUrl: string;
  now: () => Date;
  /** The account's e-mail and name for the payment customer. */
  account: (userId: string) => Promise<{ email: string; name: string | null }>;
  log: (message: string, detail?: unknown) => void;
}

export interface WebhookDeps extends SubscriptionDeps {
  events: { claim(eventId: string, type: string): Promise<boolean>; release(eventId: string): Promise<void> };
  /** Orders paid in payment mode (equipment checkout); absent until that exists. */
  onPaymentCompleted?: (event: PaymentEvent) => Promise<void>;
}

const requireUser = (caller: Caller, message = 'Please complete the sign-up form first to subscribe to alerts.') => {
  if (caller.kind !== 'user') throw unauthenticated(message);
  return caller;
};

export async function ensureCustomer(deps: SubscriptionDeps, userId: string): Promise<string> {
  const existing = await deps.store.getCustomerId(userId);
  if (existing) return existing;
  const account = await deps.account(userId);
  const created = await deps.gateway.createCustomer({ userId, ...account });
  return deps.store.putCustomerId(userId, created);
}

/** POST /api/subscription/checkout (create-subscription): a Checkout Session in subscription mode for the plan. */
export async function startSubscriptionCheckout(deps: SubscriptionDeps, caller: Caller, tier: TierId): Promise<{ url: string | null }> {
  const user = requireUser(caller);
  const [prefs, current] = await Promise.all([deps.store.getPreferences(user.userId), deps.store.getSubscription(user.userId)]);
  if (!prefs) throw validationError('Please complete your preferences first before subscribing.', { reason: 'SETUP_REQUIRED' });
  // Never two subscriptions for one user: plan changes go through the customer portal.
  if (isPaid(current))
    throw new DomainError('CONFLICT', 'You already have an active plan. Change it from your dashboard with Manage Subscription.', {
      reason: 'ALREADY_SUBSCRIBED',
    });
  const customerId = await ensureCustomer(deps, user.userId);
  return deps.gateway.createSubscriptionCheckout({
    customerId,
    userId: user.userId,
    tier,
    successUrl: `${deps.siteUrl}/payment-success?tier=${tier}`,
    cancelUrl: `${deps.siteUrl}/payment-cancelled`,
  });
}

/** Stores the provider's current state of a subscription for its user; returns the user id, or null when it is not ours. */
export async function storeProviderSubscription(deps: SubscriptionDeps, sub: ProviderSubscription): Promise<string | null> {
  const userId = sub.userId ?? (await deps.store.userIdForCustomer(sub.customerId));
  if (!userId || !sub.tier) {
    deps.log('Subscription ignored: no user or not a plan price', { subscriptionId: sub.id, customerId: sub.customerId });
    return null;
  }
  const current = await deps.store.getSubscription(userId);
  // One subscription per user: an old, ended one never overwrites the user's live one.
  if (current && current.subscriptionId !== sub.id && isPaid(current) && sub.status !== 'active') return userId;
  const record: SubscriptionRecord = {
    userId,
    customerId: sub.customerId,
    subscriptionId: sub.id,
    status: sub.status,
    tier: sub.tier,
    priceAmount: sub.priceAmount,
    priceId: sub.priceId,
    currentPeriodEnd: sub.currentPeriodEnd,
    cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
    updatedAt: deps.now().toISOString(),
  };
  await deps.store.putSubscription(record);
  await refreshSchedule(deps.store, userId, deps.now(), {}, { subscription: record });
  return userId;
}

/** The subscription that speaks for a customer: an active one, else the newest. */
const pickCurrent = (subs: ProviderSubscription[]) => subs.find((s) => s.status === 'active') ?? subs[0] ?? null;

/** POST /api/subscription/sync (check-subscription): re-reads the caller's subscription from the provider. */
export async function checkMySubscription(deps: SubscriptionDeps, caller: Caller): Promise<SubscriptionView> {
  const user = requireUser(caller, 'Please sign in to view your subscription.');
  const customerId = await deps.store.getCustomerId(user.userId);
  if (customerId) {
    const current = pickCurrent(await deps.gateway.listSubscriptions(customerId));
    if (current) await storeProviderSubscription(deps, { ...current, userId: current.userId ?? user.userId });
  }
  return getSubscriptionView(deps.store, user.userId);
}

/** POST /api/subscription/portal (customer-portal): manage, or go straight to cancelling. */
export async function openCustomerPortal(deps: SubscriptionDeps, caller: Caller, action: 'cancel' | 'manage' = 'manage') {
  const user = requireUser(caller, 'Please sign in to view your subscription.');
  const customerId = await deps.store.getCustomerId(user.userId);
  if (!customerId) throw notFound('You have no subscription to manage yet.');
  const sub = await deps.store.getSubscription(user.userId);
  const returnUrl = `${deps.siteUrl}/dashboard`;
  if (action === 'cancel') {
    if (!sub || !isPaid(sub)) throw notFound('You have no active subscription to cancel.');
    return deps.gateway.createPortalSession({ customerId, returnUrl, cancelSubscriptionId: sub.subscriptionId });
  }
  return deps.gateway.createPortalSession({ customerId, returnUrl });
}

const SUBSCRIPTION_EVENTS = new Set([
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
]);

/**
 * POST /api/payments/webhook: verified on the raw bytes, processed once per event id, and for
 * subscription events the subscription is re-read from the provider, so delivery order never matters.
 * Returns what happened, for the log and tests.
 */
export async function handlePaymentWebhook(
  deps: WebhookDeps,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<'processed' | 'duplicate' | 'ignored'> {
  let event: PaymentEvent;
  try {
    event = await deps.gateway.parseWebhook(rawBody, signature);
  } catch (err) {
    if (err instanceof InvalidWebhookSignature) throw validationError('Invalid webhook signature');
    throw err;
  }
  if (!SUBSCRIPTION_EVENTS.has(event.type)) return 'ignored';
  if (!(await deps.events.claim(event.id, event.type))) return 'duplicate';
  try {
    if (event.type === 'checkout.session.completed' && event.checkout?.mode === 'payment') {
      await deps.onPaymentCompleted?.(event);
    } else if (event.subscriptionId) {
      const sub = await deps.gateway.retrieveSubscription(event.subscriptionId);
      if (sub) {
        const hint = event.checkout?.userId ?? null;
        await storeProviderSubscription(deps, { ...sub, userId: sub.userId ?? hint });
      }
    }
    return 'processed';
  } catch (err) {
    // Not processed: forget the id so the provider's retry gets another go.
    await deps.events.release(event.id).catch(() => undefined);
    throw err;
  }
}
