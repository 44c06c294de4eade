import { z } from 'zod';
import { EQUIPMENT_ITEMS } from '../equipment.js';

/** Most of one item in a cart (the cart's own limit, web/src/features/equipment/utils/cart.ts). */
const EQUIPMENT_MAX_QUANTITY = 99;

/** POST /api/equipment/checkout: the cart's lines; prices come from the catalogue on the server. */
export const equipmentCheckoutSchema = z
  .object({
    lines: z
      .array(
        z
          .object({
            id: z.string().refine((id) => EQUIPMENT_ITEMS.some((i) => i.id === id && i.inStock), 'That item is not available'),
            quantity: z.number().int().min(1).max(EQUIPMENT_MAX_QUANTITY),
          })
          .strict(),
      )
      .min(1, 'Your cart is empty')
      .max(EQUIPMENT_ITEMS.length)
      .refine((lines) => new Set(lines.map((l) => l.id)).size === lines.length, 'Each item may appear once'),
  })
  .strict();
export type EquipmentCheckoutInput = z.input<typeof equipmentCheckoutSchema>;

/** One line of a paid order, priced when the checkout was made. */
export interface EquipmentOrderLine {
  id: string;
  name: string;
  quantity: number;
  /** Pence, including VAT. */
  unitAmount: number;
}

/** Where the order goes, as Stripe Checkout collected it (GB addresses only). */
export interface ShippingAddress {
  name: string;
  line1: string;
  line2: string | null;
  city: string;
  postcode: string;
  country: 'GB';
}

/**
 * An order's life (issue 24 §3): paid at checkout → dispatched → delivered, or cancelled (before
 * dispatch) / refunded (after it); cancelled and refunded both give the money back through Stripe.
 */
export const ORDER_STATUSES = ['paid', 'dispatched', 'delivered', 'cancelled', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  paid: 'Paid',
  dispatched: 'Dispatched',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
};
/** The statuses staff may move an order to from each status. */
export const ORDER_TRANSITIONS: Record<OrderStatus, OrderStatus[]> = {
  paid: ['dispatched', 'cancelled'],
  dispatched: ['delivered', 'refunded'],
  delivered: ['refunded'],
  cancelled: [],
  refunded: [],
};

/** The reference the buyer, the e-mails, /account and the staff Inbox all show: TY- and 8 characters of the session id. */
export const orderReference = (sessionId: string) =>
  `TY-${sessionId
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(-8)
    .toUpperCase()}`;

/** UK VAT on equipment: 20%, included in the prices. */
export const VAT_RATE = 0.2;
/** The VAT inside a VAT-inclusive amount (pence): gross × 20/120, to the penny. */
export const vatIncluded = (grossPence: number) => Math.round((grossPence * VAT_RATE) / (1 + VAT_RATE));

/** Consumers' 14-day right to cancel and how to return an item, on the equipment page, the confirmation page and e-mail. */
export const EQUIPMENT_TERMS = {
  rightToCancel:
    'If you are buying as a consumer, you have 14 days from the day you receive your order to cancel it, without giving a reason (Consumer Contracts Regulations 2013).',
  howToReturn:
    'To return an item, e-mail support@truckyard.co.uk with your order reference within those 14 days, then send it back unused within a further 14 days. We refund the price and standard delivery within 14 days of getting it back.',
} as const;

/** An equipment order, stored when the payment provider reports the checkout paid. */
export interface EquipmentOrder {
  /** The checkout session's id. */
  id: string;
  /** orderReference(id), stored so every place shows the same one. */
  reference: string;
  userId: string | null;
  email: string | null;
  lines: EquipmentOrderLine[];
  /** Pence, as the provider charged it (VAT included). */
  amountTotal: number;
  paymentStatus: 'paid';
  /** Where it goes and the phone number for the carrier, both collected by Stripe Checkout. */
  shipping: ShippingAddress | null;
  phone: string | null;
  /** The payment the refund goes back to. */
  paymentIntentId: string | null;
  orderStatus: OrderStatus;
  carrier?: string | null;
  trackingReference?: string | null;
  dispatchedAt?: string | null;
  deliveredAt?: string | null;
  /** Cancelled or refunded. */
  refundedAt?: string | null;
  refundId?: string | null;
  createdAt: string;
}

/** What /account and /equipment/order-success show of an order. */
export type EquipmentOrderView = Pick<
  EquipmentOrder,
  'id' | 'reference' | 'lines' | 'amountTotal' | 'orderStatus' | 'carrier' | 'trackingReference' | 'shipping' | 'createdAt'
> & { vatAmount: number };

const optionalText = (max: number) =>
  z.preprocess((v) => (typeof v === 'string' ? v.trim() || undefined : v === null ? undefined : v), z.string().max(max).optional());

/** POST /api/admin/orders/{id}/status — staff move an order on (audited). */
export const updateEquipmentOrderSchema = z.discriminatedUnion('status', [
  z
    .object({
      status: z.literal('dispatched'),
      carrier: optionalText(60),
      trackingReference: optionalText(60).refine((v) => v === undefined || /^[A-Za-z0-9 -]+$/.test(v), {
        message: 'Tracking references are letters, digits, spaces and hyphens',
      }),
    })
    .strict(),
  z.object({ status: z.literal('delivered') }).strict(),
  z.object({ status: z.literal('cancelled') }).strict(),
  z.object({ status: z.literal('refunded') }).strict(),
]);
export type UpdateEquipmentOrderInput = z.input<typeof updateEquipmentOrderSchema>;

/** GET /api/equipment/orders/{id}: a checkout session id, as Stripe makes them. */
export const checkoutSessionIdSchema = z.string().regex(/^cs_[A-Za-z0-9_]{8,200}$/, 'Not a checkout session id');
