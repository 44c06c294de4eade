import { useCallback, useEffect, useReducer } from 'react';
import { EQUIPMENT_ITEMS } from '../data/equipment';
import { CART_STORAGE_KEY, type CartAction, cartReducer, parseStoredCart } from '../utils/cart';

function readStoredCart() {
  try {
    return parseStoredCart(window.localStorage.getItem(CART_STORAGE_KEY), EQUIPMENT_ITEMS);
  } catch {
    // Storage can be blocked (private mode, cookie settings); the cart then lives for this visit only.
    return [];
  }
}

/** The equipment cart, kept in localStorage so it survives a reload. */
export function useCart() {
  const [lines, dispatch] = useReducer(cartReducer, undefined, readStoredCart);

  useEffect(() => {
    try {
      window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(lines));
    } catch {
      // See readStoredCart: without storage the cart still works in memory.
    }
  }, [lines]);

  const send = useCallback((action: CartAction) => dispatch(action), []);
  return { lines, dispatch: send };
}
