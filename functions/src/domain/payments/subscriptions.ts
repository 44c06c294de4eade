import type { SubscriptionView, TierId } from '../../../../shared/schemas/alerts.js';
import { getSubscriptionView } from '../alerts/preferences.js';
import type { AlertsStore, SubscriptionRecord } from '../alerts/ports.js';
import { isPaid, refreshSchedule } from '../alerts/schedule.js';
import type { Caller } from '../caller.js';
import { DomainError, notFound, unauthenticated, validationError } from '../errors.js';
import type { RateLimiter } from '../rate-limit.js';
import { limitPaymentAction } from './limits.js';
import {
  InvalidWebhookSignature,
  type OpenCheckoutStore,
  type PaymentEvent,
  type PaymentsGateway,
  type ProviderSubscription,
  WebhookEventInProgress,
  type WebhookEventLedger,
} from './ports.js';

/** How long a subscription checkout page works; a second click within it gets the same page. */
const CHECKOUT_SESSION_MINUTES = 60;
/** A stored session this close to expiring is not handed out again: the buyer needs time to pay. */
const REUSE_MARGIN_MS = 5 * 60_000;

export interface SubscriptionDeps {
  store: AlertsStore;
  gateway: PaymentsGateway;
  siteUrl: string;
  now: () => Date;
  /** The account's e-mail and name for the payment customer. */
  account: (userId: string) => Promise<{ email: string; name: string | null }>;
  log: (message: string, detail?: unknown) => void;
  /** The per-user limits (limits.ts); none when absent. */
  rateLimit?: RateLimiter;
  /** The user's open subscription checkout, reused by a second click. */
  openCheckouts: OpenCheckoutStore;
}

export interface WebhookDeps extends SubscriptionDeps {
  events: WebhookEventLedger;
  /** Time left in this invocation (Lambda's context): how long an event's lease lasts. */
  remainingMs: () => number;
  /** Payment-mode sessions (equipment checkout) when completed or settled later; records only paid ones. */
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

/**
 * POST /api/subscription/checkout (create-subscription): a Checkout Session in subscription mode for
 * the plan. One open session per user: a second click (another tab, a double click) gets the same
 * page while it is open, a different plan replaces it (the old page stops working), and a paid one
 * whose webhook has not arrived yet is refused, so one user never pays for two subscriptions.
 */
export async function startSubscriptionCheckout(deps: SubscriptionDeps, caller: Caller, tier: TierId): Promise<{ url: string | null }> {
  const user = requireUser(caller);
  await limitPaymentAction(deps.rateLimit, 'checkout', user.userId);
  const [prefs, current] = await Promise.all([deps.store.getPreferences(user.userId), deps.store.getSubscription(user.userId)]);
  if (!prefs) throw validationError('Please complete your preferences first before subscribing.', { reason: 'SETUP_REQUIRED' });
  // Never two subscriptions for one user: plan changes go through the customer portal.
  if (isPaid(current)) throw alreadySubscribed();
  const now = deps.now();
  const open = await deps.openCheckouts.get(user.userId);
  if (open && Date.parse(open.expiresAt) > now.getTime()) {
    const live = await deps.gateway.getCheckoutSession(open.sessionId);
    if (live?.status === 'complete')
      throw new DomainError('CONFLICT', 'Your payment for a plan has gone through and is being set up. Please refresh in a minute.', {
        reason: 'CHECKOUT_COMPLETED',
      });
    if (live?.status === 'open' && live.url) {
      if (open.tier === tier && Date.parse(live.expiresAt) > now.getTime() + REUSE_MARGIN_MS) return { url: live.url };
      await deps.gateway.expireCheckoutSession(open.sessionId);
    }
  }
  const customerId = await ensureCustomer(deps, user.userId);
  const created = await deps.gateway.createSubscriptionCheckout({
    customerId,
    userId: user.userId,
    tier,
    successUrl: `${deps.siteUrl}/payment-success?tier=${tier}`,
    cancelUrl: `${deps.siteUrl}/payment-cancelled`,
    expiresAt: new Date(now.getTime() + CHECKOUT_SESSION_MINUTES * 60_000),
  });
  const record = { userId: user.userId, sessionId: created.id, url: created.url ?? '', tier, expiresAt: created.expiresAt };
  if (await deps.openCheckouts.put(record, open?.sessionId ?? null, now)) return { url: created.url };
  // A concurrent click stored its session first: ours must not stay payable; answer with theirs.
  await deps.gateway.expireCheckoutSession(created.id);
  const winner = await deps.openCheckouts.get(user.userId);
  return { url: winner?.url ?? null };
}

const alreadySubscribed = () =>
  new DomainError('CONFLICT', 'You already have an active plan. Change it from your dashboard with Manage Subscription.', {
    reason: 'ALREADY_SUBSCRIBED',
  });

/** Stores the provider's current state of a subscription for its user; returns the user id, or null when it is not ours. */
async function storeProviderSubscription(deps: SubscriptionDeps, sub: ProviderSubscription): Promise<string | null> {
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
  await limitPaymentAction(deps.rateLimit, 'sync', user.userId);
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
  await limitPaymentAction(deps.rateLimit, 'portal', user.userId);
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

const HANDLED_EVENTS = new Set([
  'checkout.session.completed',
  // A delayed payment method (Bacs Direct Debit, bank transfer) settles after the session completes.
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
]);

/**
 * POST /api/payments/webhook: verified on the raw bytes, processed once per event id (a lease while
 * processing, see WebhookEventLedger), and for subscription events the subscription is re-read
 * from the provider, so delivery order never matters. Returns what happened, for the log and
 * tests; a delivery while another holds the event's lease is a 409, which Stripe retries.
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
  if (!HANDLED_EVENTS.has(event.type)) return 'ignored';
  try {
    return await deps.events.runOnce(event.id, deps.remainingMs, () => processPaymentEvent(deps, event));
  } catch (err) {
    if (err instanceof WebhookEventInProgress)
      throw new DomainError('CONFLICT', 'This event is being processed; retry later.', { reason: 'EVENT_IN_PROGRESS' });
    throw err;
  }
}

async function processPaymentEvent(deps: WebhookDeps, event: PaymentEvent): Promise<void> {
  if (event.checkout?.mode === 'payment') {
    if (event.type === 'checkout.session.async_payment_failed') {
      deps.log('Delayed payment failed: no order recorded', { eventId: event.id, sessionId: event.checkout.sessionId });
      return;
    }
    // completed (paid at once, or 'unpaid' while a delayed method settles) and async_payment_succeeded.
    await deps.onPaymentCompleted?.(event);
    return;
  }
  if (!event.subscriptionId) return;
  const sub = await deps.gateway.retrieveSubscription(event.subscriptionId);
  if (sub) {
    const hint = event.checkout?.userId ?? null;
    await storeProviderSubscription(deps, { ...sub, userId: sub.userId ?? hint });
  }
}
