import { CheckCircle2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { LIMITS, PLANS } from '@shared/constants';
import { FREQUENCY_LABELS, PLAN_FEATURES, PLAN_FREQUENCY, TIER_IDS, type TierId } from '@shared/schemas/alerts';
import { paths } from '@/app/paths';
import { PageContainer } from '@/components/layout/page-shell';
import { buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useAuth } from '@/lib/auth';
import { usePageMeta } from '@/lib/page-meta';
import { useSubscription } from '../api/subscription';
import { useSyncSubscription } from '../api/sync-subscription';
import { formatPlanPrice } from './plan-picker';

/**
 * /payment-success (spec §2): the plan the server holds; the `tier` query parameter (default
 * silver) only labels the first paint. Two seconds after load it asks the server to re-sync.
 */
export function PaymentSuccessPage() {
  usePageMeta('Payment Successful', 'Your truck alerts subscription is active.');
  const [params] = useSearchParams();
  const fallback = (TIER_IDS as readonly string[]).includes(params.get('tier') ?? '') ? (params.get('tier') as TierId) : 'silver';
  const { ready, isSignedIn } = useAuth();
  const subscription = useSubscription();
  const sync = useSyncSubscription();
  const synced = useRef(false);

  useEffect(() => {
    if (!ready || !isSignedIn || synced.current) return;
    synced.current = true;
    const timer = setTimeout(() => sync.mutate(), LIMITS.paymentStatusRefreshMs);
    return () => clearTimeout(timer);
  }, [ready, isSignedIn, sync]);

  const held = subscription.data?.subscription;
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
            <span className="text-2xl font-extrabold">{formatPlanPrice(held?.priceAmount ?? plan.priceAmount)}</span> / month ·{' '}
            {FREQUENCY_LABELS[PLAN_FREQUENCY[tier]]} alerts
          </p>
          <ul className="mt-3 list-disc space-y-1 pl-5 text-sm">
            {PLAN_FEATURES[tier].map((f) => (
              <li key={f}>{f}</li>
            ))}
          </ul>
          {held && !subscription.data?.isActive ? (
            <p className="mt-3 text-sm text-muted-foreground">We are confirming your payment; this page updates by itself.</p>
          ) : null}
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
