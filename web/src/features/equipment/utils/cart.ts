import type { EquipmentItem } from '../data/equipment';

export const MAX_QUANTITY = 99;
export const CART_STORAGE_KEY = 'truckyard.equipment-cart.v1';

export interface CartLine {
  id: string;
  quantity: number;
}

export type CartAction =
  | { type: 'add'; id: string }
  | { type: 'setQuantity'; id: string; quantity: number }
  | { type: 'remove'; id: string }
  | { type: 'clear' };

/** Cart lines in the order items were first added. Quantities stay between 1 and MAX_QUANTITY. */
export function cartReducer(lines: CartLine[], action: CartAction): CartLine[] {
  switch (action.type) {
    case 'add': {
      const existing = lines.find((l) => l.id === action.id);
      if (!existing) return [...lines, { id: action.id, quantity: 1 }];
      return lines.map((l) => (l.id === action.id ? { ...l, quantity: Math.min(MAX_QUANTITY, l.quantity + 1) } : l));
    }
    case 'setQuantity': {
      const quantity = Math.min(MAX_QUANTITY, Math.floor(action.quantity));
      if (!(quantity >= 1)) return lines.filter((l) => l.id !== action.id);
      return lines.map((l) => (l.id === action.id ? { ...l, quantity } : l));
    }
    case 'remove':
      return lines.filter((l) => l.id !== action.id);
    case 'clear':
      return [];
  }
}

export const cartCount = (lines: readonly CartLine[]) => lines.reduce((n, l) => n + l.quantity, 0);

/** Total in pence, summed in whole pence so £0.10 + £0.20 is exactly 30p. */
export function cartTotalPence(lines: readonly CartLine[], catalogue: readonly EquipmentItem[]): number {
  return lines.reduce((sum, l) => {
    const item = catalogue.find((i) => i.id === l.id);
    return item ? sum + Math.round(item.price * 100) * l.quantity : sum;
  }, 0);
}

const gbp = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** '£12.99' — always two decimals (spec §2 Equipment store). */
export const formatPrice = (pounds: number) => gbp.format(pounds);
export const formatPence = (pence: number) => gbp.format(pence / 100);

/**
 * Reads a saved cart, keeping only lines for items still in the catalogue with a sane quantity —
 * storage can hold anything (an old version, a hand edit), and a bad value must not break the page.
 */
export function parseStoredCart(raw: string | null, catalogue: readonly EquipmentItem[]): CartLine[] {
  if (!raw) return [];
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(data)) return [];
  const lines: CartLine[] = [];
  for (const entry of data) {
    if (typeof entry !== 'object' || entry === null) continue;
    const { id, quantity } = entry as Record<string, unknown>;
    if (typeof id !== 'string' || !catalogue.some((i) => i.id === id)) continue;
    if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 1) continue;
    if (lines.some((l) => l.id === id)) continue;
    lines.push({ id, quantity: Math.min(MAX_QUANTITY, quantity) });
  }
  return lines;
}
