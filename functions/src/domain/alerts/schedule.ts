import {
  type AlertFrequency,
  type AlertPreferences,
  PLAN_FREQUENCY,
  type TierId,
  effectiveFrequency,
} from '../../../../shared/schemas/alerts.js';
import type { AlertSchedule, AlertsStore, SubscriptionRecord } from './ports.js';

/** A subscriber is a user whose subscription status is active (spec §4). */
export const isPaid = (sub: SubscriptionRecord | null): sub is SubscriptionRecord => sub?.status === 'active';

/**
 * The cadence a user's alerts go out at on a plan (issue 24 §1): a cadence left at the default is
 * the plan's fastest (silver weekly, gold daily, platinum instant); a chosen one is kept when the
 * plan allows it and capped to the plan's fastest otherwise (so a downgrade slows it to the
 * fastest the new plan allows). Without a plan the preference stands.
 */
function cadenceFor(preference: Pick<AlertPreferences, 'frequency' | 'frequencyChosen'>, tier: TierId | null): AlertFrequency {
  if (!tier) return preference.frequency;
  return preference.frequencyChosen ? effectiveFrequency(preference.frequency, tier) : PLAN_FREQUENCY[tier];
}

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
  let [preferences, subscription, current] = await Promise.all([
    known.preferences !== undefined ? known.preferences : store.getPreferences(userId),
    known.subscription !== undefined ? known.subscription : store.getSubscription(userId),
    store.getSchedule(userId),
  ]);
  if (!preferences) return current;
  const paid = isPaid(subscription);
  const tier = subscription?.tier ?? null;
  // `change.frequency` is a choice the user just made (the dashboard); otherwise the stored one.
  const wanted = change.frequency ? { frequency: change.frequency, frequencyChosen: true } : preferences;
  const frequency = cadenceFor(wanted, tier);
  // The stored preference follows the cadence in use, so the dashboard and the preference agree.
  if (frequency !== preferences.frequency || Boolean(wanted.frequencyChosen) !== Boolean(preferences.frequencyChosen)) {
    preferences = { ...preferences, frequency, frequencyChosen: Boolean(wanted.frequencyChosen), updatedAt: now.toISOString() };
    await store.putPreferences(preferences);
  }
  const next: AlertSchedule = {
    userId,
    isActive: change.isActive ?? current?.isActive ?? true,
    emailEnabled: change.emailEnabled ?? current?.emailEnabled ?? true,
    // WhatsApp only with the user's opt-in, and only on the plan that includes it.
    whatsappEnabled: (change.whatsappEnabled ?? current?.whatsappEnabled ?? preferences.whatsappOptedIn) && preferences.whatsappOptedIn,
    frequency,
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
