import { EQUIPMENT_ITEMS } from '../../../../shared/equipment.js';
import {
  type EquipmentOrder,
  type EquipmentOrderLine,
  type EquipmentOrderView,
  ORDER_STATUS_LABELS,
  ORDER_TRANSITIONS,
  type OrderStatus,
  type equipmentCheckoutSchema,
  orderReference,
  type updateEquipmentOrderSchema,
  vatIncluded,
} from '../../../../shared/schemas/equipment.js';
import type { AuditLog, Staff } from '../admin/ports.js';
import type { z } from 'zod';
import type { Caller } from '../caller.js';
import { DomainError, notFound, unauthenticated } from '../errors.js';
import type { MailContext } from '../mail/layout.js';
import type { Mailer } from '../mail/mailer.js';
import { equipmentOrderConfirmation, equipmentOrderDispatched, equipmentOrderRefunded } from '../mail/order-templates.js';
import { limitPaymentAction } from './limits.js';
import type { PaymentEvent, PaymentsGateway } from './ports.js';
import { type SubscriptionDeps, ensureCustomer } from './subscriptions.js';

/** Where paid orders are kept (pattern 27). */
export interface EquipmentOrderStore {
  /** Writes the order unless one with its id exists: true the first time. */
  putOnce(order: EquipmentOrder): Promise<boolean>;
  get(id: string): Promise<EquipmentOrder | null>;
  /** Sets the changes only while the order is still `from`; null when it is not (or is gone). */
  updateStatus(id: string, from: OrderStatus, changes: Partial<EquipmentOrder>): Promise<EquipmentOrder | null>;
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

function encodeOrderLines(lines: EquipmentOrderLine[]): string {
  return lines.map((l) => `${l.id}:${l.quantity}:${l.unitAmount}`).join(',');
}

/** The lines back from the session's metadata; names from the catalogue (unknown ids keep their id). */
function decodeOrderLines(encoded: string): EquipmentOrderLine[] {
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
): Promise<{ url: string | null; sessionId: string }> {
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
    reference: orderReference(checkout.sessionId),
    userId,
    email: account?.email || null,
    lines,
    amountTotal: checkout.amountTotal ?? lines.reduce((sum, l) => sum + l.unitAmount * l.quantity, 0),
    paymentStatus: 'paid',
    shipping: checkout.shipping ?? null,
    phone: checkout.phone ?? null,
    paymentIntentId: checkout.paymentIntentId ?? null,
    orderStatus: 'paid',
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

/** What the buyer sees of an order (/account, /equipment/order-success). */
function orderView(o: EquipmentOrder): EquipmentOrderView {
  return {
    id: o.id,
    reference: o.reference,
    lines: o.lines,
    amountTotal: o.amountTotal,
    vatAmount: vatIncluded(o.amountTotal),
    orderStatus: o.orderStatus,
    carrier: o.carrier ?? null,
    trackingReference: o.trackingReference ?? null,
    shipping: o.shipping,
    createdAt: o.createdAt,
  };
}

/** GET /api/me/equipment-orders — the signed-in buyer's orders, newest first. */
export async function listMyOrders(orders: EquipmentOrderStore, caller: Caller): Promise<EquipmentOrderView[]> {
  if (caller.kind !== 'user') throw unauthenticated('Please sign in to see your orders.');
  return (await orders.listByUser(caller.userId)).map(orderView);
}

/**
 * GET /api/equipment/orders/{id} — one paid order of the caller's, by its checkout session id
 * (/equipment/order-success). Anyone else's, or none yet (the webhook has not arrived): 404.
 */
export async function getMyOrder(orders: EquipmentOrderStore, caller: Caller, sessionId: string): Promise<EquipmentOrderView> {
  if (caller.kind !== 'user') throw unauthenticated('Please sign in to see your order.');
  const order = await orders.get(sessionId);
  if (!order || order.userId !== caller.userId) throw notFound('Order not found');
  return orderView(order);
}

export interface OrderAdminDeps {
  orders: EquipmentOrderStore;
  gateway: Pick<PaymentsGateway, 'refundPayment'>;
  audit: AuditLog;
  mailer: Mailer;
  mail: MailContext;
  now: () => Date;
  log: (message: string, detail?: unknown) => void;
}

/**
 * POST /api/admin/orders/{id}/status — staff move an order on (ORDER_TRANSITIONS), audited:
 * dispatched (optional carrier and tracking reference) e-mails the buyer the dispatch notice;
 * cancelled (before dispatch) and refunded (after) refund the whole payment through the payment
 * provider first, then e-mail the buyer. The change is written only from the status it was read
 * in, so a double click refunds once (and the provider's idempotency key covers a retried call).
 */
export async function updateEquipmentOrder(
  deps: OrderAdminDeps,
  staff: Staff,
  id: string,
  input: z.output<typeof updateEquipmentOrderSchema>,
): Promise<EquipmentOrder> {
  const before = await deps.orders.get(id);
  if (!before) throw notFound('Order not found');
  const to: OrderStatus = input.status;
  if (!ORDER_TRANSITIONS[before.orderStatus].includes(to))
    throw new DomainError(
      'CONFLICT',
      `The order is ${ORDER_STATUS_LABELS[before.orderStatus].toLowerCase()}; it cannot be marked ${ORDER_STATUS_LABELS[to].toLowerCase()}.`,
    );
  const at = deps.now().toISOString();
  let changes: Partial<EquipmentOrder>;
  if (input.status === 'dispatched') {
    changes = { orderStatus: to, carrier: input.carrier ?? null, trackingReference: input.trackingReference ?? null, dispatchedAt: at };
  } else if (input.status === 'delivered') {
    changes = { orderStatus: to, deliveredAt: at };
  } else {
    if (!before.paymentIntentId) throw new DomainError('CONFLICT', 'This order has no payment on record to refund.');
    const refund = await deps.gateway.refundPayment(before.paymentIntentId, `refund-${before.id}`);
    changes = { orderStatus: to, refundedAt: at, refundId: refund.id };
  }
  const after = await deps.orders.updateStatus(id, before.orderStatus, { ...changes, updatedAt: at } as Partial<EquipmentOrder>);
  if (!after) throw new DomainError('CONFLICT', 'The order was changed by someone else. Reload it and try again.');
  await deps.audit.record({
    adminUserId: staff.adminId,
    action: 'update',
    resourceType: 'order',
    resourceId: id,
    details: { reference: before.reference, from: before.orderStatus, to: changes },
    ipAddress: staff.ipAddress,
    userAgent: staff.userAgent,
  });
  if (after.email && to !== 'delivered') {
    const email = to === 'dispatched' ? equipmentOrderDispatched(after, deps.mail) : equipmentOrderRefunded(after, deps.mail);
    // The change stands whatever happens to the e-mail; the outbox retries a failed send.
    await deps.mailer
      .send({ to: after.email, ...email })
      .catch((err) => deps.log('Order e-mail failed', { orderId: id, status: to, error: String(err) }));
  }
  return after;
}
