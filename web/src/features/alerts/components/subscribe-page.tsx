import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  ALERT_TEXTS,
  type AlertPreferencesValues,
  PLAN_FREQUENCY,
  type SubscriptionView,
  type TierId,
  allowedFrequencies,
} from '@shared/schemas/alerts';
import { paths } from '@/app/paths';
import { PageContainer, PageFallback } from '@/components/layout/page-shell';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { usePageMeta } from '@/lib/page-meta';
import { toast } from '@/lib/toast';
import { useAlertPreferences } from '../api/alert-preferences';
import { createCheckout } from '../api/create-checkout';
import { useOpenPortal } from '../api/open-portal';
import { useSaveAlertPreferences } from '../api/save-alert-preferences';
import { useSubscription } from '../api/subscription';
import { useSubscriptionTiers } from '../api/subscription-tiers';
import { type AlertFormValues, AlertSignupForm, formValuesFrom } from './alert-signup-form';
import { InlineAccount } from './inline-account';
import { PlanPicker, formatPlanPrice } from './plan-picker';
import { SearchPrefillNote, useSearchPrefill } from './search-prefill';

type Step = 'signup' | 'pricing';

/**
 * /subscribe (spec §2, §4): the alert sign-up form first (with 'Skip to Pricing'), then the plan
 * picker. Visitors create an account or sign in inline and carry on; users with saved preferences
 * go straight to the picker; an active subscriber sees their plan and changes it in the portal.
 */
export function SubscribePage() {
  usePageMeta('Get Truck Alerts', 'Tell us the truck you want and we e-mail (or WhatsApp) you the moment a match is listed.');
  const { ready, isSignedIn, email, name } = useAuth();
  const prefs = useAlertPreferences();
  const subscription = useSubscription();
  const tiers = useSubscriptionTiers();
  const save = useSaveAlertPreferences();
  const [step, setStep] = useState<Step | null>(null);
  const [justSaved, setJustSaved] = useState(false);
  const [pending, setPending] = useState<{ values: AlertPreferencesValues; raw: AlertFormValues } | null>(null);
  const [choosing, setChoosing] = useState<TierId | null>(null);
  const fromSearch = useSearchPrefill();

  // First step: the picker for someone whose preferences are already saved, else the form.
  useEffect(() => {
    if (step !== null || !ready) return;
    if (!isSignedIn || fromSearch.fromSearch) setStep('signup');
    else if (prefs.isSuccess) setStep(prefs.data ? 'pricing' : 'signup');
    else if (prefs.isError) setStep('signup');
  }, [step, ready, isSignedIn, prefs.isSuccess, prefs.isError, prefs.data, fromSearch.fromSearch]);

  useEffect(() => {
    if (tiers.isError) console.error('Failed to fetch tiers', tiers.error);
  }, [tiers.isError, tiers.error]);

  const savePreferences = async (values: AlertPreferencesValues) => {
    try {
      await save.mutateAsync(values);
      toast({ title: ALERT_TEXTS.saved.title, description: ALERT_TEXTS.saved.description, variant: 'success' });
      setPending(null);
      setJustSaved(true);
      setStep('pricing');
    } catch (err) {
      toast({
        title: 'Error',
        description: err instanceof ApiError ? err.message : ALERT_TEXTS.saveFailed,
        variant: 'destructive',
      });
    }
  };

  const onSubmit = (values: AlertPreferencesValues, raw: AlertFormValues) => {
    if (!isSignedIn) {
      // Keep everything typed; the account is created (or signed in) right here, then saved.
      setPending({ values, raw });
      toast({ title: 'Almost there', description: ALERT_TEXTS.notLoggedIn });
      return;
    }
    void savePreferences(values);
  };

  const choose = async (tier: TierId) => {
    if (!isSignedIn) {
      toast({ ...ALERT_TEXTS.authRequired, variant: 'destructive' });
      setStep('signup');
      return;
    }
    setChoosing(tier);
    try {
      const { url } = await createCheckout(tier);
      if (!url) throw new Error(ALERT_TEXTS.noCheckoutUrl);
      window.location.assign(url);
    } catch (err) {
      setChoosing(null);
      if (err instanceof ApiError && err.status === 401) return toast({ ...ALERT_TEXTS.authRequired, variant: 'destructive' });
      if (err instanceof ApiError && (err.details as { reason?: string } | undefined)?.reason === 'SETUP_REQUIRED') {
        setStep('signup');
        return toast({ ...ALERT_TEXTS.setupRequired, variant: 'destructive' });
      }
      toast({
        title: ALERT_TEXTS.subscriptionError.title,
        description: err instanceof Error && err.message ? err.message : ALERT_TEXTS.subscriptionError.description,
        variant: 'destructive',
      });
    }
  };

  if (!ready || step === null || (isSignedIn && subscription.isPending)) return <PageFallback />;

  const active = subscription.data?.isActive ? subscription.data.subscription : null;
  const tierName = (id: TierId) => tiers.data?.find((t) => t.id === id)?.name ?? id;

  return (
    <PageContainer className="max-w-5xl py-10">
      <header className="mb-8 text-center">
        <h1 className="text-3xl font-extrabold sm:text-4xl">Get Truck Alerts</h1>
        <p className="mx-auto mt-3 max-w-2xl text-muted-foreground">
          Tell us what you are looking for. We match every new listing against your preferences and send you the ones that fit.
        </p>
      </header>

      {active ? <CurrentPlanCard active={active} tierName={tierName(active.tier)} /> : null}

      {step === 'signup' ? (
        <Card className="mx-auto max-w-3xl p-6">
          {fromSearch.fromSearch ? <SearchPrefillNote cannotHold={fromSearch.cannotHold} /> : null}
          <AlertSignupForm
            initial={pending?.raw ?? { ...formValuesFrom(prefs.data, { name, email }), ...fromSearch.values }}
            frequencies={allowedFrequencies(active?.tier ?? null)}
            emailLocked={isSignedIn}
            busy={save.isPending}
            onSubmit={onSubmit}
            onSkip={() => setStep('pricing')}
          />
          {pending && !isSignedIn ? (
            <div className="mt-6">
              <InlineAccount
                name={pending.values.name}
                phone={pending.values.phone}
                email={pending.values.email}
                onSignedIn={() => void savePreferences(pending.values)}
              />
            </div>
          ) : null}
        </Card>
      ) : (
        <section aria-labelledby="plans-title">
          <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
            <h2 id="plans-title" className="text-2xl font-bold">
              Choose your plan
            </h2>
            {!justSaved ? (
              <Button variant="outline" onClick={() => setStep('signup')}>
                Back to Sign Up
              </Button>
            ) : null}
          </div>
          {active ? null : tiers.data ? (
            <PlanPicker tiers={tiers.data} choosing={choosing} onChoose={(t) => void choose(t)} />
          ) : tiers.isError ? (
            <Card className="mx-auto max-w-xl p-6 text-center" role="alert">
              <p>{ALERT_TEXTS.plansLoadFailed}</p>
              <Button className="mt-4" onClick={() => void tiers.refetch()} disabled={tiers.isFetching}>
                Retry
              </Button>
            </Card>
          ) : (
            <PageFallback />
          )}
        </section>
      )}
    </PageContainer>
  );
}

/** An active subscriber's plan, with the way to change it (the customer portal) and to the dashboard. */
function CurrentPlanCard({ active, tierName }: { active: NonNullable<SubscriptionView['subscription']>; tierName: string }) {
  const portal = useOpenPortal();
  const manage = async () => {
    // Opened during the click, before the request, so pop-up blockers let it through; it is
    // pointed at the portal when the URL comes back, or closed if the request fails.
    const tab = window.open('', '_blank');
    if (tab) tab.opener = null;
    try {
      const { url } = await portal.mutateAsync('manage');
      if (tab) tab.location.href = url;
      else window.location.assign(url);
    } catch (err) {
      tab?.close();
      toast({ title: 'Error', description: err instanceof Error ? err.message : ALERT_TEXTS.portalFailed, variant: 'destructive' });
    }
  };

  return (
    <Card className="mx-auto mb-8 max-w-2xl p-6 text-center">
      <h2 className="text-xl font-bold">Your plan: {tierName}</h2>
      <p className="mt-1 text-muted-foreground">
        {formatPlanPrice(active.priceAmount)} a month · {PLAN_FREQUENCY[active.tier]} alerts. Change your plan in the customer portal.
      </p>
      <div className="mt-4 flex flex-wrap justify-center gap-3">
        <Button onClick={manage} disabled={portal.isPending}>
          Manage Subscription
        </Button>
        <Link to={paths.dashboard} className="inline-flex h-10 items-center rounded-md border border-border px-4 text-sm font-semibold">
          Go to Dashboard
        </Link>
      </div>
    </Card>
  );
}
