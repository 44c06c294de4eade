import { BellOff, BellRing } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { PLANS } from '@shared/constants';
import { ALERT_TEXTS, type AlertFrequency, FREQUENCY_LABELS, type SubscriptionView, allowedFrequencies } from '@shared/schemas/alerts';
import { paths } from '@/app/paths';
import { PageContainer, PageFallback } from '@/components/layout/page-shell';
import { Badge } from '@/components/ui/badge';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Label, Select } from '@/components/ui/input';
import { formatDate } from '@/lib/format';
import { usePageMeta } from '@/lib/page-meta';
import { toast } from '@/lib/toast';
import { useOpenPortal } from '../api/open-portal';
import { useSubscription } from '../api/subscription';
import { useSyncSubscription } from '../api/sync-subscription';
import { useUpdateAlertSettings } from '../api/update-alert-settings';
import { ALERT_FREQUENCY_ANCHOR, AlertCadence } from './alert-cadence';
import { formatPlanPrice } from './plan-picker';
import { WhatsAppVerification } from './whatsapp-verification';

/**
 * /dashboard and /subscription-dashboard (spec §2, §8): the plan with its 'Active' badge, price,
 * next billing date (or "Cancels on"), the customer portal, and Alert Settings. The old
 * `?unsubscribe=<user id>` parameter is ignored on purpose: a user id is not a secret.
 */
export function SubscriptionDashboardPage() {
  usePageMeta('Your Subscription', 'Your truck alerts plan and alert settings.');
  const subscription = useSubscription();
  const sync = useSyncSubscription();
  const portal = useOpenPortal();
  const synced = useRef(false);
  const { hash } = useLocation();
  const hasAlerts = Boolean(subscription.data?.alerts && subscription.data.isActive);

  // A "Change" link (/dashboard#alert-frequency) lands on the frequency control once it is shown.
  useEffect(() => {
    if (hash !== `#${ALERT_FREQUENCY_ANCHOR}` || !hasAlerts) return;
    const control = document.getElementById(ALERT_FREQUENCY_ANCHOR);
    control?.scrollIntoView({ block: 'center' });
    control?.focus();
  }, [hash, hasAlerts]);

  // Changes made in the portal's tab show here when the person comes back (and once on arrival).
  useEffect(() => {
    const refresh = () => sync.mutate();
    if (!synced.current) {
      synced.current = true;
      refresh();
    }
    window.addEventListener('focus', refresh);
    return () => window.removeEventListener('focus', refresh);
  }, [sync]);

  useEffect(() => {
    if (subscription.isError) toast({ title: 'Error', description: ALERT_TEXTS.loadFailed, variant: 'destructive' });
  }, [subscription.isError]);

  const openPortal = async (action: 'cancel' | 'manage') => {
    // Opened before the request so pop-up blockers see the click.
    const tab = window.open('', '_blank');
    try {
      const { url } = await portal.mutateAsync(action);
      if (tab) tab.location.href = url;
      else window.location.assign(url);
    } catch (err) {
      tab?.close();
      toast({
        title: 'Error',
        description: err instanceof Error && err.message ? err.message : ALERT_TEXTS.portalFailed,
        variant: 'destructive',
      });
    }
  };

  if (subscription.isPending) return <PageFallback />;
  if (subscription.isError)
    return (
      <PageContainer className="max-w-3xl py-10">
        <p role="alert">{ALERT_TEXTS.loadFailed}</p>
      </PageContainer>
    );

  const view = subscription.data;
  const sub = view.isActive ? view.subscription : null;
  // A cancelled plan whose period is over: alerts stopped with it (isPaid is false).
  const ended = !sub && view.subscription?.status === 'canceled' ? view.subscription : null;

  return (
    <PageContainer className="max-w-3xl py-10">
      <h1 className="mb-6 text-3xl font-extrabold">Subscription Dashboard</h1>
      {!sub ? (
        <NoSubscription ended={ended} />
      ) : (
        <div className="space-y-6">
          <Card className="p-6">
            <div className="flex flex-wrap items-center gap-3">
              <h2 className="text-2xl font-bold">{PLANS.find((p) => p.id === sub.tier)?.name ?? sub.tier} Plan</h2>
              <Badge variant="success">Active</Badge>
            </div>
            <p className="mt-2 text-lg">
              <span className="font-extrabold">{formatPlanPrice(sub.priceAmount)}</span> per month
            </p>
            <p className="mt-1 text-muted-foreground" data-testid="billing-date">
              {sub.cancelAtPeriodEnd
                ? `Cancels on ${formatDate(sub.currentPeriodEnd)}`
                : `Next billing date: ${formatDate(sub.currentPeriodEnd)}`}
            </p>
            {view.alerts ? <AlertCadence frequency={view.alerts.frequency} className="mt-1" /> : null}
            <div className="mt-5 flex flex-wrap gap-3">
              <Button onClick={() => void openPortal('manage')} disabled={portal.isPending}>
                Manage Subscription
              </Button>
              {!sub.cancelAtPeriodEnd ? (
                <Button variant="outline" onClick={() => void openPortal('cancel')} disabled={portal.isPending}>
                  Cancel Subscription
                </Button>
              ) : null}
              <Link to={paths.subscribe} className={buttonVariants({ variant: 'ghost' })}>
                Update Preferences
              </Link>
            </div>
          </Card>

          {view.alerts ? <AlertSettingsCard view={view} alerts={view.alerts} tier={sub.tier} /> : null}
        </div>
      )}
    </PageContainer>
  );
}

type Subscribed = NonNullable<SubscriptionView['subscription']>;

/** No plan: why (a cancelled plan that ended) and the way to one. */
function NoSubscription({ ended }: { ended: Subscribed | null }) {
  return (
    <Card className="p-8 text-center">
      <h2 className="text-2xl font-bold">No Active Subscription</h2>
      {ended ? (
        <p className="mt-2 font-medium" role="status">
          Your {PLANS.find((p) => p.id === ended.tier)?.name ?? ended.tier} plan ended on {formatDate(ended.currentPeriodEnd)}. Your truck
          alerts have stopped.
        </p>
      ) : null}
      <p className="mt-2 text-muted-foreground">Subscribe to get new trucks that match what you are looking for, by e-mail or WhatsApp.</p>
      <Link to={paths.subscribe} className={buttonVariants({ className: 'mt-6' })}>
        Get Started
      </Link>
    </Card>
  );
}

/** Alert Settings: on or paused, frequency within the plan, e-mail and (Platinum) WhatsApp. */
function AlertSettingsCard({
  view,
  alerts,
  tier,
}: {
  view: SubscriptionView;
  alerts: NonNullable<SubscriptionView['alerts']>;
  tier: Subscribed['tier'];
}) {
  const id = useId();
  const settings = useUpdateAlertSettings();
  const change = async (input: Parameters<typeof settings.mutateAsync>[0], done: string) => {
    try {
      await settings.mutateAsync(input);
      toast({ title: 'Alert settings saved', description: done, variant: 'success' });
    } catch (err) {
      toast({ title: 'Error', description: err instanceof Error ? err.message : 'Failed to save alert settings.', variant: 'destructive' });
    }
  };

  return (
    <Card className="p-6">
      <h2 className="text-xl font-bold">Alert Settings</h2>
      <p className="mt-1 flex items-center gap-2 text-sm" role="status">
        {alerts.isActive ? (
          <>
            <BellRing className="size-4 text-success" aria-hidden="true" /> Alerts are on
          </>
        ) : (
          <>
            <BellOff className="size-4 text-muted-foreground" aria-hidden="true" /> Alerts are paused
          </>
        )}
      </p>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={ALERT_FREQUENCY_ANCHOR}>Frequency</Label>
          <Select
            id={ALERT_FREQUENCY_ANCHOR}
            value={alerts.frequency}
            disabled={settings.isPending}
            onChange={(e) => void change({ frequency: e.target.value as AlertFrequency }, 'Your alert frequency is updated.')}
          >
            {allowedFrequencies(tier).map((f) => (
              <option key={f} value={f}>
                {FREQUENCY_LABELS[f]}
              </option>
            ))}
          </Select>
        </div>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium">Channels</legend>
          <label htmlFor={`${id}-email`} className="flex items-center gap-2 text-sm">
            <Checkbox
              id={`${id}-email`}
              checked={alerts.email}
              disabled={settings.isPending}
              onChange={(e) => void change({ email: e.target.checked }, 'Your e-mail alerts are updated.')}
            />
            Email
          </label>
          {tier === 'platinum' ? (
            <label htmlFor={`${id}-whatsapp`} className="flex items-center gap-2 text-sm">
              <Checkbox
                id={`${id}-whatsapp`}
                checked={alerts.whatsapp}
                disabled={settings.isPending}
                onChange={(e) => void change({ whatsapp: e.target.checked }, 'Your WhatsApp alerts are updated.')}
              />
              WhatsApp
            </label>
          ) : null}
        </fieldset>
      </div>
      {tier === 'platinum' && view.whatsapp ? <WhatsAppVerification whatsapp={view.whatsapp} channelOn={alerts.whatsapp} /> : null}
      <Button
        className="mt-5"
        variant="outline"
        disabled={settings.isPending}
        onClick={() =>
          void change({ paused: alerts.isActive }, alerts.isActive ? 'Alerts are paused. Your plan continues.' : 'Alerts are back on.')
        }
      >
        {alerts.isActive ? 'Pause Alerts' : 'Resume Alerts'}
      </Button>
    </Card>
  );
}
