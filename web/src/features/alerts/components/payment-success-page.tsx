import { CheckCircle2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { LIMITS, PLANS } from '@shared/constants';
import { PLAN_FEATURES, TIER_IDS, type TierId } from '@shared/schemas/alerts';
import { paths } from '@/app/paths';
import { PageContainer } from '@/components/layout/page-shell';
import { buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useAuth } from '@/lib/auth';
import { usePageMeta } from '@/lib/page-meta';
import { useSubscription } from '../api/subscription';
import { useSyncSubscription } from '../api/sync-subscription';
import { AlertCadence } from './alert-cadence';
import { formatPlanPrice } from './plan-picker';

/** How long the page keeps asking for the paid plan before it stops polling. */
const POLL_FOR_MS = 120_000;

/**
 * /payment-success (spec §2): the plan the server holds; the `tier` query parameter (default
 * silver) only labels the first paint. Two seconds after load it asks the server to re-sync
 * (check-subscription), and until the plan is paid it re-reads it every two seconds (TanStack
 * Query's refetchInterval), so the page turns paid by itself when Stripe's webhook arrives late.
 */
export function PaymentSuccessPage() {
  usePageMeta('Payment Successful', 'Your truck alerts subscription is active.');
  const [params] = useSearchParams();
  const fallback = (TIER_IDS as readonly string[]).includes(params.get('tier') ?? '') ? (params.get('tier') as TierId) : 'silver';
  const { ready, isSignedIn } = useAuth();
  const [since] = useState(() => Date.now());
  const subscription = useSubscription((view) =>
    view?.isActive || Date.now() - since > POLL_FOR_MS ? false : LIMITS.paymentStatusRefreshMs,
  );
  // `mutate` keeps its identity across renders (the mutation result object does not), so the
  // timer is not cleared by the next render.
  const { mutate: sync } = useSyncSubscription();
  const synced = useRef(false);

  useEffect(() => {
    if (!ready || !isSignedIn || synced.current) return;
    synced.current = true;
    const timer = setTimeout(() => sync(), LIMITS.paymentStatusRefreshMs);
    return () => clearTimeout(timer);
  }, [ready, isSignedIn, sync]);

  const view = subscription.data;
  const held = view?.subscription;
  const paid = Boolean(view?.isActive);
  const tier = held?.tier ?? fallback;
  const plan = PLANS.find((p) => p.id === tier) ?? PLANS[0];

  return (
    <PageContainer className="max-w-2xl py-12">
      <Card className="p-8 text-center">
        <CheckCircle2 className="mx-auto size-14 text-success" aria-hidden="true" />
        <h1 className="mt-4 text-3xl font-extrabold">Payment Successful!</h1>
        <p className="mt-2 text-muted-foreground">Thank you. Your truck alerts are set up.</p>
        <div className="mt-6 rounded-lg bg-muted p-5 text-left" data-testid="plan-summary">
          <h2 className="text-xl font-bold">{plan.name} plan</h2>
          <p className="mt-1">
            <span className="text-2xl font-extrabold">{formatPlanPrice(held?.priceAmount ?? plan.priceAmount)}</span> / month
          </p>
          {paid && view?.alerts ? <AlertCadence frequency={view.alerts.frequency} className="mt-1" /> : null}
          <ul className="mt-3 list-disc space-y-1 pl-5 text-sm">
            {PLAN_FEATURES[tier].map((f) => (
              <li key={f}>{f}</li>
            ))}
          </ul>
          <p className="mt-3 text-sm font-medium" role="status" data-testid="payment-state">
            {paid ? `Your ${plan.name} plan is active.` : 'We are confirming your payment; this page updates by itself.'}
          </p>
        </div>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Link to={paths.dashboard} className={buttonVariants()}>
            Go to Dashboard
          </Link>
          <Link to={paths.home} className={buttonVariants({ variant: 'outline' })}>
            Browse Trucks
          </Link>
        </div>
      </Card>
    </PageContainer>
  );
}
