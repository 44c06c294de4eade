import { Minus, Plus, ShoppingCart, Trash2, X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '@/app/paths';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toastApiFailure } from '@/lib/api-error-toast';
import { useAuth } from '@/lib/auth';
import { signInPath } from '@/lib/auth-links';
import { toast } from '@/lib/toast';
import { useCreateEquipmentCheckout } from '../api/create-equipment-checkout';
import { markCheckoutStarted } from '../api/orders';
import { EQUIPMENT_ITEMS } from '../data/equipment';
import { type CartAction, type CartLine, MAX_QUANTITY, cartCount, cartTotalPence, formatPence, formatPrice } from '../utils/cart';
import { EquipmentIcon } from './equipment-icon';

interface CartDrawerProps {
  open: boolean;
  onClose: () => void;
  lines: CartLine[];
  dispatch: (action: CartAction) => void;
}

/**
 * The cart as a side panel. A native modal <dialog> gives us the focus trap, Escape to close
 * and an inert page behind it without extra libraries.
 */
export function CartDrawer({ open, onClose, lines, dispatch }: CartDrawerProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  const { isSignedIn } = useAuth();
  const checkout = useCreateEquipmentCheckout();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  // Card checkout (issue 10 §7): the order belongs to an account, so visitors sign in first and come back.
  const startCheckout = () => {
    if (!isSignedIn) {
      navigate(signInPath(paths.equipment));
      return;
    }
    checkout.mutate(
      { lines: lines.map(({ id, quantity }) => ({ id, quantity })) },
      {
        onSuccess: ({ url, sessionId }) => {
          // /equipment/order-success shows the order only to the browser that started its checkout.
          markCheckoutStarted(sessionId);
          if (url) window.location.assign(url);
          else toast({ title: 'Checkout Error', description: 'No checkout URL received. Please try again.', variant: 'destructive' });
        },
        onError: (err) => toastApiFailure(err, 'Checkout Error', 'We could not start the checkout. Please try again.'),
      },
    );
  };

  const count = cartCount(lines);
  const total = cartTotalPence(lines, EQUIPMENT_ITEMS);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the backdrop click is a mouse shortcut; keyboard users close with Escape (native dialog) or the Close button
    <dialog
      ref={ref}
      aria-labelledby="cart-heading"
      onClose={onClose}
      onClick={(e) => {
        // A click on the backdrop lands on the dialog element itself.
        if (e.target === e.currentTarget) onClose();
      }}
      className="fixed inset-y-0 right-0 left-auto m-0 h-dvh max-h-dvh w-full max-w-md bg-card p-0 text-foreground shadow-xl backdrop:bg-slate-900/50"
    >
      <div className="flex h-full flex-col">
        <div className="flex items-center justify-between border-b border-border px-5 py-4">
          <h2 id="cart-heading" className="flex items-center gap-2 text-lg font-bold">
            <ShoppingCart aria-hidden="true" className="size-5" />
            Your cart ({count})
          </h2>
          <Button variant="ghost" size="icon" onClick={onClose} aria-label="Close cart">
            <X aria-hidden="true" />
          </Button>
        </div>

        {lines.length === 0 ? (
          <div className="flex flex-1 flex-col items-center justify-center gap-3 p-8 text-center">
            <ShoppingCart aria-hidden="true" className="size-10 text-muted-foreground" />
            <p className="font-semibold">Your cart is empty</p>
            <p className="text-sm text-muted-foreground">Add PPE, straps and safety kit from the store.</p>
            <Button variant="outline" onClick={onClose}>
              Continue shopping
            </Button>
          </div>
        ) : (
          <>
            <ul className="flex-1 divide-y divide-border overflow-y-auto px-5">
              {lines.map((line) => {
                const item = EQUIPMENT_ITEMS.find((i) => i.id === line.id);
                if (!item) return null;
                return (
                  <li key={line.id} className="flex gap-3 py-4">
                    <div className="flex size-14 shrink-0 items-center justify-center rounded-md bg-muted text-primary">
                      <EquipmentIcon image={item.image} className="size-9" />
                    </div>
                    <div className="min-w-0 flex-1">
                      <p className="font-semibold leading-snug">{item.name}</p>
                      <p className="text-sm text-muted-foreground">{formatPrice(item.price)} each</p>
                      <div className="mt-2 flex items-center gap-2">
                        <Button
                          variant="outline"
                          size="icon"
                          className="size-8"
                          onClick={() => dispatch({ type: 'setQuantity', id: item.id, quantity: line.quantity - 1 })}
                          aria-label={`Decrease quantity of ${item.name}`}
                        >
                          <Minus aria-hidden="true" />
                        </Button>
                        <span className="w-8 text-center font-semibold tabular-nums" aria-live="polite">
                          <span className="sr-only">Quantity </span>
                          {line.quantity}
                        </span>
                        <Button
                          variant="outline"
                          size="icon"
                          className="size-8"
                          disabled={line.quantity >= MAX_QUANTITY}
                          onClick={() => dispatch({ type: 'setQuantity', id: item.id, quantity: line.quantity + 1 })}
                          aria-label={`Increase quantity of ${item.name}`}
                        >
                          <Plus aria-hidden="true" />
                        </Button>
                        <Button
                          variant="ghost"
                          size="sm"
                          className="ml-auto text-destructive"
                          onClick={() => dispatch({ type: 'remove', id: item.id })}
                        >
                          <Trash2 aria-hidden="true" />
                          Remove<span className="sr-only"> {item.name}</span>
                        </Button>
                      </div>
                    </div>
                    <p className="font-semibold tabular-nums">{formatPence(Math.round(item.price * 100) * line.quantity)}</p>
                  </li>
                );
              })}
            </ul>
            <div className="space-y-3 border-t border-border px-5 py-4">
              <div className="flex items-center justify-between text-lg font-bold">
                <span>Total</span>
                <span className="tabular-nums">{formatPence(total)}</span>
              </div>
              <p className="text-xs text-muted-foreground">Prices include VAT. Delivery is confirmed when you order.</p>
              <Button variant="accent" size="lg" className="w-full" onClick={startCheckout} disabled={checkout.isPending}>
                {checkout.isPending ? <Spinner /> : null}
                {isSignedIn ? 'Checkout' : 'Sign in to checkout'}
              </Button>
              <p className="text-xs text-muted-foreground">Secure card payment with Stripe. A confirmation e-mail follows your order.</p>
            </div>
          </>
        )}
      </div>
    </dialog>
  );
}
