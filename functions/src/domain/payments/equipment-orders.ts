import { EQUIPMENT_ITEMS } from '../../../../shared/equipment.js';
import type { EquipmentOrder, EquipmentOrderLine, equipmentCheckoutSchema } from '../../../../shared/schemas/equipment.js';
import type { z } from 'zod';
import type { Caller } from '../caller.js';
import { unauthenticated } from '../errors.js';
import type { MailContext } from '../mail/layout.js';
import type { Mailer } from '../mail/mailer.js';
import { equipmentOrderConfirmation } from '../mail/order-templates.js';
import { limitPaymentAction } from './limits.js';
import type { PaymentEvent } from './ports.js';
import { type SubscriptionDeps, ensureCustomer } from './subscriptions.js';

/** Where paid orders are kept (pattern 27). */
export interface EquipmentOrderStore {
  /** Writes the order unless one with its id exists: true the first time. */
  putOnce(order: EquipmentOrder): Promise<boolean>;
  listByUser(userId: string): Promise<EquipmentOrder[]>;
}

export interface OrderWebhookDeps {
  orders: EquipmentOrderStore;
  mailer: Mailer;
  mail: MailContext;
  account: SubscriptionDeps['account'];
  now: () => Date;
  log: (message: string, detail?: unknown) => void;
}

/** Marks a payment-mode session as an equipment order, with its lines as `id:quantity:unitPence,…`. */
const ORDER_KIND = 'equipment';

export function encodeOrderLines(lines: EquipmentOrderLine[]): string {
  return lines.map((l) => `${l.id}:${l.quantity}:${l.unitAmount}`).join(',');
}

/** The lines back from the session's metadata; names from the catalogue (unknown ids keep their id). */
export function decodeOrderLines(encoded: string): EquipmentOrderLine[] {
  return encoded
    .split(',')
    .filter(Boolean)
    .map((part) => {
      const [id, quantity, unitAmount] = part.split(':');
      return {
        id,
        name: EQUIPMENT_ITEMS.find((i) => i.id === id)?.name ?? id,
        quantity: Number(quantity),
        unitAmount: Number(unitAmount),
      };
    });
}

/**
 * POST /api/equipment/checkout: a Checkout Session in payment mode for the cart, priced from the
 * catalogue here (the browser sends only ids and quantities). The buyer signs in first, so the
 * order, its confirmation e-mail and the data download all know whose it is.
 */
export async function startEquipmentCheckout(
  deps: SubscriptionDeps,
  caller: Caller,
  input: z.output<typeof equipmentCheckoutSchema>,
): Promise<{ url: string | null }> {
  if (caller.kind !== 'user') throw unauthenticated('Please sign in to check out.');
  await limitPaymentAction(deps.rateLimit, 'equipmentCheckout', caller.userId);
  const lines: EquipmentOrderLine[] = input.lines.map((l) => {
    const item = EQUIPMENT_ITEMS.find((i) => i.id === l.id);
    if (!item) throw new Error(`Validated item ${l.id} is missing from the catalogue`);
    return { id: item.id, name: item.name, quantity: l.quantity, unitAmount: Math.round(item.price * 100) };
  });
  const customerId = await ensureCustomer(deps, caller.userId);
  return deps.gateway.createPaymentCheckout({
    customerId,
    userId: caller.userId,
    lines,
    metadata: { kind: ORDER_KIND, order: encodeOrderLines(lines) },
    successUrl: `${deps.siteUrl}/equipment/order-success?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${deps.siteUrl}/equipment`,
  });
}

/**
 * checkout.session.completed or async_payment_succeeded in payment mode: an order only when the
 * session's payment_status is 'paid' (a delayed method completes the session 'unpaid' and settles
 * later, or fails). Stores the order once (its id is the session's, so
 * a redelivered or duplicated event writes nothing new) and e-mails the buyer the first time.
 */
export async function recordEquipmentOrder(deps: OrderWebhookDeps, event: PaymentEvent): Promise<'stored' | 'duplicate' | 'ignored'> {
  const checkout = event.checkout;
  if (checkout?.mode !== 'payment' || checkout.metadata?.kind !== ORDER_KIND) {
    deps.log('Payment ignored: not an equipment order', { eventId: event.id });
    return 'ignored';
  }
  if (checkout.paymentStatus !== 'paid') {
    deps.log('Payment not settled yet: no order until it is paid', { eventId: event.id, sessionId: checkout.sessionId });
    return 'ignored';
  }
  const lines = decodeOrderLines(checkout.metadata.order ?? '');
  const userId = checkout.userId;
  const account = userId ? await deps.account(userId) : null;
  const order: EquipmentOrder = {
    id: checkout.sessionId,
    userId,
    email: account?.email || null,
    lines,
    amountTotal: checkout.amountTotal ?? lines.reduce((sum, l) => sum + l.unitAmount * l.quantity, 0),
    paymentStatus: 'paid',
    createdAt: checkout.createdAt ?? deps.now().toISOString(),
  };
  if (!(await deps.orders.putOnce(order))) return 'duplicate';
  if (order.email) {
    // The order is stored whatever happens to the e-mail; the outbox retries a failed send.
    await deps.mailer
      .send({ to: order.email, ...equipmentOrderConfirmation(order, account?.name ?? null, deps.mail) })
      .catch((err) => deps.log('Order confirmation e-mail failed', { orderId: order.id, error: String(err) }));
  }
  return 'stored';
}
