import { z } from 'zod';
import { EQUIPMENT_ITEMS } from '../equipment.js';

/** Most of one item in a cart (the cart's own limit, web/src/features/equipment/utils/cart.ts). */
export const EQUIPMENT_MAX_QUANTITY = 99;

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

/** An equipment order, stored when the payment provider reports the checkout paid. */
export interface EquipmentOrder {
  /** The checkout session's id. */
  id: string;
  userId: string | null;
  email: string | null;
  lines: EquipmentOrderLine[];
  /** Pence, as the provider charged it. */
  amountTotal: number;
  paymentStatus: 'paid';
  createdAt: string;
}
