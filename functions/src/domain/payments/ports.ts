import type { SubscriptionStatus, TierId } from '../../../../shared/schemas/alerts.js';
import type { ShippingAddress } from '../../../../shared/schemas/equipment.js';

/** A subscription as the payment provider holds it now (never trusted from an event's copy). */
export interface ProviderSubscription {
  id: string;
  customerId: string;
  status: SubscriptionStatus;
  /** From the price's lookup key (truckyard_<tier>_monthly); null for a price that is not a plan. */
  tier: TierId | null;
  priceId: string;
  priceAmount: number;
  currentPeriodEnd: string;
  cancelAtPeriodEnd: boolean;
  /** Our user id, set in the subscription's metadata at checkout. */
  userId: string | null;
}

/** A verified webhook event, reduced to what we act on. */
export interface PaymentEvent {
  id: string;
  type: string;
  subscriptionId: string | null;
  customerId: string | null;
  /** checkout.session.* events: the session (for payment mode, the order it is for). */
  checkout?: {
    mode: 'payment' | 'subscription' | 'setup';
    sessionId: string;
    /** 'paid' only once the money is there; a delayed method (Bacs, bank transfer) completes 'unpaid'. */
    paymentStatus: 'paid' | 'unpaid' | 'no_payment_required';
    userId: string | null;
    amountTotal: number | null;
    /** What we set on the session when creating it (the equipment order's lines). */
    metadata?: Record<string, string>;
    /** When the session was created (ISO). */
    createdAt?: string;
    /** Payment mode with shipping_address_collection: where the order goes, and the phone collected. */
    shipping?: ShippingAddress | null;
    phone?: string | null;
    paymentIntentId?: string | null;
  };
}

/** The payment provider (Stripe in AWS and locally, pointed at dev/stripe there). */
export interface PaymentsGateway {
  /** One customer per user; the idempotency key makes a retried call return the same customer. */
  createCustomer(input: { userId: string; email: string; name: string | null }): Promise<string>;
  createSubscriptionCheckout(input: {
    customerId: string;
    userId: string;
    tier: TierId;
    successUrl: string;
    cancelUrl: string;
    /** When the hosted page stops working (Stripe allows 30 minutes to 24 hours). */
    expiresAt: Date;
  }): Promise<CheckoutSessionInfo>;
  getCheckoutSession(id: string): Promise<CheckoutSessionInfo | null>;
  /** Ends an open session, so its page can no longer pay; one already ended is not an error. */
  expireCheckoutSession(id: string): Promise<void>;
  /** A Checkout Session in payment mode (equipment orders): one line per item, priced by us. */
  createPaymentCheckout(input: {
    customerId: string;
    userId: string;
    lines: Array<{ name: string; unitAmount: number; quantity: number }>;
    metadata: Record<string, string>;
    successUrl: string;
    cancelUrl: string;
  }): Promise<{ url: string | null; sessionId: string }>;
  /** Refunds the whole payment; the idempotency key makes a retried call refund once. */
  refundPayment(paymentIntentId: string, idempotencyKey: string): Promise<{ id: string; status: string }>;
  createPortalSession(input: { customerId: string; returnUrl: string; cancelSubscriptionId?: string }): Promise<{ url: string }>;
  retrieveSubscription(id: string): Promise<ProviderSubscription | null>;
  listSubscriptions(customerId: string): Promise<ProviderSubscription[]>;
  /** Ends a subscription at once (account deletion); one already ended is not an error. */
  cancelSubscriptionNow(id: string): Promise<void>;
  /** Verifies the signature on the exact bytes; throws InvalidWebhookSignature when it does not hold. */
  parseWebhook(rawBody: Buffer, signatureHeader: string | undefined): Promise<PaymentEvent>;
}

export interface CheckoutSessionInfo {
  id: string;
  url: string | null;
  status: 'open' | 'complete' | 'expired';
  /** ISO time the session stops working. */
  expiresAt: string;
}

/** A user's open subscription checkout, kept so a second click returns the same page (one per user). */
export interface OpenCheckout {
  userId: string;
  sessionId: string;
  url: string;
  tier: TierId;
  expiresAt: string;
}

export interface OpenCheckoutStore {
  get(userId: string): Promise<OpenCheckout | null>;
  /**
   * Stores `checkout` as the user's open one if there is none, the stored one has expired, or it is
   * `replacing`; false when another request stored its own first.
   */
  put(checkout: OpenCheckout, replacing: string | null, now: Date): Promise<boolean>;
}

/** Processes each provider event once (adapters/dynamodb/webhook-events.ts). */
export interface WebhookEventLedger {
  /**
   * Runs `work` unless this event id was processed before ('duplicate'). While it runs the id is
   * leased until `remainingMs()` from now (the invocation's end); a failure releases it, and a
   * lease its invocation never finished runs out, so the provider's retry processes the event.
   * Throws WebhookEventInProgress while another delivery holds the lease.
   */
  runOnce(eventId: string, remainingMs: () => number, work: () => Promise<void>): Promise<'processed' | 'duplicate'>;
}

export class WebhookEventInProgress extends Error {
  constructor(readonly eventId: string) {
    super(`Event ${eventId} is being processed by another delivery`);
    this.name = 'WebhookEventInProgress';
  }
}

export class InvalidWebhookSignature extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidWebhookSignature';
  }
}

/** The lookup key of a plan's monthly price, the same in the local stand-in and in a real Stripe account. */
export const planLookupKey = (tier: TierId) => `truckyard_${tier}_monthly`;
export const tierFromLookupKey = (key: string | null | undefined): TierId | null => {
  const m = /^truckyard_(silver|gold|platinum)_monthly$/.exec(key ?? '');
  return m ? (m[1] as TierId) : null;
};
