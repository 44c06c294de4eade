import { CheckCircle2 } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ORDER_STATUS_LABELS } from '@shared/schemas/equipment';
import { paths } from '@/app/paths';
import { buttonVariants } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { usePageMeta } from '@/lib/page-meta';
import { checkoutStartedHere, useMyEquipmentOrder } from '../api/orders';
import { CART_STORAGE_KEY } from '../utils/cart';
import { EquipmentTerms } from './equipment-terms';

const pounds = (pence: number) => `£${(pence / 100).toFixed(2)}`;

/**
 * /equipment/order-success — where the hosted checkout returns after payment. The order is shown
 * only for a paid session of this browser: the `session_id` in the URL must be the checkout this
 * browser started (its marker in localStorage) and a paid order of the signed-in buyer (the API
 * answers 404 for anyone else's, or before Stripe's webhook has stored it).
 */
export function OrderSuccessPage() {
  usePageMeta('Order Confirmed', 'Thank you for your TruckYard equipment order.');
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  const ours = Boolean(sessionId && typeof window !== 'undefined' && checkoutStartedHere(sessionId));
  const order = useMyEquipmentOrder(ours ? sessionId : null);
  const paid = order.data;

  useEffect(() => {
    if (!paid) return;
    // Paid: the cart is done with.
    try {
      window.localStorage.removeItem(CART_STORAGE_KEY);
    } catch {
      // Storage blocked: the cart lived in memory only.
    }
  }, [paid]);

  if (!ours || order.isError)
    return (
      <div className="mx-auto max-w-xl px-4 py-16 text-center">
        <h1 className="text-3xl font-bold tracking-tight">No order to show</h1>
        <p className="mt-3 text-muted-foreground">
          We can only show an order in the browser that paid for it. Your orders and their status are on your account page.
        </p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Link to={paths.account} className={buttonVariants({ variant: 'accent' })}>
            Your account
          </Link>
          <Link to={paths.equipment} className={buttonVariants({ variant: 'outline' })}>
            Back to the Equipment Store
          </Link>
        </div>
      </div>
    );

  if (!paid)
    return (
      <div className="mx-auto max-w-xl px-4 py-16 text-center" role="status">
        <Spinner />
        <p className="mt-3 text-muted-foreground">We are confirming your payment; this page updates by itself.</p>
      </div>
    );

  return (
    <div className="mx-auto max-w-xl px-4 py-16">
      <div className="text-center">
        <CheckCircle2 aria-hidden="true" className="mx-auto size-14 text-green-600" />
        <h1 className="mt-4 text-3xl font-bold tracking-tight">Order Confirmed</h1>
        <p className="mt-3 text-muted-foreground">
          Thank you — your payment has been received. A confirmation e-mail (your VAT receipt) is on its way, and we will e-mail you when
          your order is dispatched.
        </p>
      </div>
      <dl className="mt-8 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-lg border border-border bg-card p-5 text-sm">
        <dt className="font-medium">Order reference</dt>
        <dd data-testid="order-reference">{paid.reference}</dd>
        <dt className="font-medium">Status</dt>
        <dd>{ORDER_STATUS_LABELS[paid.orderStatus]}</dd>
        {paid.lines.map((l) => (
          <div key={l.id} className="contents">
            <dt>
              {l.quantity} × {l.name}
            </dt>
            <dd>{pounds(l.unitAmount * l.quantity)}</dd>
          </div>
        ))}
        <dt className="font-medium">Total paid</dt>
        <dd>{pounds(paid.amountTotal)}</dd>
        <dt>Including VAT at 20%</dt>
        <dd>{pounds(paid.vatAmount)}</dd>
        {paid.shipping ? (
          <>
            <dt className="font-medium">Delivering to</dt>
            <dd>
              {[paid.shipping.name, paid.shipping.line1, paid.shipping.line2, paid.shipping.city, paid.shipping.postcode]
                .filter(Boolean)
                .join(', ')}
            </dd>
          </>
        ) : null}
      </dl>
      <EquipmentTerms className="mt-6" />
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        <Link to={paths.equipment} className={buttonVariants({ variant: 'accent' })}>
          Back to the Equipment Store
        </Link>
        <Link to={paths.account} className={buttonVariants({ variant: 'outline' })}>
          Your orders
        </Link>
      </div>
    </div>
  );
}
