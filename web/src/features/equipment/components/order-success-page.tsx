import { CheckCircle2 } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/app/paths';
import { buttonVariants } from '@/components/ui/button';
import { usePageMeta } from '@/lib/page-meta';
import { CART_STORAGE_KEY } from '../utils/cart';

/**
 * /equipment/order-success — where the hosted checkout returns after payment. The order itself is
 * stored when Stripe's webhook reports the payment, and the confirmation e-mail comes from there.
 */
export function OrderSuccessPage() {
  usePageMeta('Order Confirmed', 'Thank you for your TruckYard equipment order.');
  useEffect(() => {
    // Paid: the cart is done with.
    try {
      window.localStorage.removeItem(CART_STORAGE_KEY);
    } catch {
      // Storage blocked: the cart lived in memory only.
    }
  }, []);
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <CheckCircle2 aria-hidden="true" className="mx-auto size-14 text-green-600" />
      <h1 className="mt-4 text-3xl font-bold tracking-tight">Order Confirmed</h1>
      <p className="mt-3 text-muted-foreground">
        Thank you — your payment has been received. A confirmation e-mail with your order is on its way, and we will let you know when it is
        dispatched.
      </p>
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        <Link to={paths.equipment} className={buttonVariants({ variant: 'accent' })}>
          Back to the Equipment Store
        </Link>
        <Link to={paths.home} className={buttonVariants({ variant: 'outline' })}>
          Browse Trucks
        </Link>
      </div>
    </div>
  );
}
