import { type AlertFrequency, type AlertPreferences, PLAN_FREQUENCY, effectiveFrequency } from '../../../../shared/schemas/alerts.js';
import type { AlertSchedule, AlertsStore, SubscriptionRecord } from './ports.js';

/** A subscriber is a user whose subscription status is active (spec §4). */
export const isPaid = (sub: SubscriptionRecord | null): sub is SubscriptionRecord => sub?.status === 'active';

/**
 * Recomputes a user's alert schedule from their preferences and subscription, keeping what the
 * user chose on it (paused/unsubscribed, channels, last digest). Called after every change to
 * either, so the jobs' index (paid, active, by cadence) is always current.
 */
export async function refreshSchedule(
  store: AlertsStore,
  userId: string,
  now: Date,
  change: Partial<Pick<AlertSchedule, 'isActive' | 'emailEnabled' | 'whatsappEnabled'>> & { frequency?: AlertFrequency } = {},
  known: { preferences?: AlertPreferences | null; subscription?: SubscriptionRecord | null } = {},
): Promise<AlertSchedule | null> {
  const [preferences, subscription, current] = await Promise.all([
    known.preferences !== undefined ? known.preferences : store.getPreferences(userId),
    known.subscription !== undefined ? known.subscription : store.getSubscription(userId),
    store.getSchedule(userId),
  ]);
  if (!preferences) return current;
  const paid = isPaid(subscription);
  const tier = subscription?.tier ?? null;
  // A new plan starts at its own cadence (platinum buyers want instant alerts, whatever the
  // sign-up form's default was); afterwards the user's choice holds, capped by the plan.
  const wanted: AlertFrequency =
    change.frequency ?? (tier && current?.tier !== tier ? PLAN_FREQUENCY[tier] : (current?.frequency ?? preferences.frequency));
  const next: AlertSchedule = {
    userId,
    isActive: change.isActive ?? current?.isActive ?? true,
    emailEnabled: change.emailEnabled ?? current?.emailEnabled ?? true,
    // WhatsApp only with the user's opt-in, and only on the plan that includes it.
    whatsappEnabled: (change.whatsappEnabled ?? current?.whatsappEnabled ?? preferences.whatsappOptedIn) && preferences.whatsappOptedIn,
    frequency: tier ? effectiveFrequency(wanted, tier) : wanted,
    tier,
    paid,
    preferences,
    // A first schedule starts now: a new subscriber's first digest holds what is new from today.
    lastDigestAt: current?.lastDigestAt ?? now.toISOString(),
    whatsappProblem: current?.whatsappProblem ?? null,
    updatedAt: now.toISOString(),
  };
  await store.putSchedule(next);
  return next;
}

/** The preferences' phone is the one the subscriber verified with a WhatsApp code (issue 23). */
export const whatsappVerified = (p: AlertPreferences) => Boolean(p.phone) && p.whatsappVerifiedPhone === p.phone;

/** WhatsApp goes only to platinum subscribers who opted in, kept the channel on and verified the number. */
export const sendsWhatsApp = (s: AlertSchedule) =>
  s.tier === 'platinum' && s.whatsappEnabled && s.preferences.whatsappOptedIn && whatsappVerified(s.preferences);
