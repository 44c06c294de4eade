import {
  type AlertPreferences,
  type AlertPreferencesValues,
  type AlertSettingsInput,
  type SubscriptionView,
  DEFAULT_FREQUENCY,
  allowedFrequencies,
} from '../../../../shared/schemas/alerts.js';
import type { Caller } from '../caller.js';
import { unauthenticated, validationError } from '../errors.js';
import type { AlertsStore } from './ports.js';
import { isPaid, refreshSchedule, whatsappVerified } from './schedule.js';

export interface PreferencesDeps {
  store: AlertsStore;
  now: () => Date;
  /** The account's own e-mail address (alerts go there, not to whatever was typed). */
  accountEmail: (caller: Caller & { kind: 'user' }) => Promise<string | null>;
}

const requireUser = (caller: Caller) => {
  if (caller.kind !== 'user') throw unauthenticated('You must be logged in to save truck preferences. Please sign up or log in first.');
  return caller;
};

/** GET /api/alert-preferences — the caller's own preferences, or null. */
export async function getMyPreferences(deps: PreferencesDeps, caller: Caller): Promise<AlertPreferences | null> {
  return deps.store.getPreferences(requireUser(caller).userId);
}

/** PUT /api/alert-preferences — upsert by user (spec §7), then the schedule follows. */
export async function saveMyPreferences(deps: PreferencesDeps, caller: Caller, input: AlertPreferencesValues): Promise<AlertPreferences> {
  const user = requireUser(caller);
  const now = deps.now();
  const [current, subscription, accountEmail] = await Promise.all([
    deps.store.getPreferences(user.userId),
    deps.store.getSubscription(user.userId),
    deps.accountEmail(user),
  ]);
  const tier = isPaid(subscription) ? subscription.tier : null;
  if (tier && input.frequency && !allowedFrequencies(tier).includes(input.frequency))
    throw validationError(`Your plan allows ${allowedFrequencies(tier).join(' or ')} alerts`, {
      fields: [{ path: 'frequency', message: 'Not available on your plan' }],
    });
  const prefs: AlertPreferences = {
    userId: user.userId,
    name: input.name,
    phone: input.phone,
    email: accountEmail ?? input.email,
    whatsappOptedIn: input.whatsappOptedIn,
    make: input.make ?? null,
    model: input.model ?? null,
    budgetMin: input.budgetMin ?? null,
    budgetMax: input.budgetMax ?? null,
    yearMin: input.yearMin ?? null,
    yearMax: input.yearMax ?? null,
    fuelType: input.fuelType ?? null,
    transmission: input.transmission ?? null,
    maxMileage: input.maxMileage ?? null,
    location: input.location ?? null,
    radiusMiles: input.location ? (input.radiusMiles ?? null) : null,
    // Left at the default: the plan's fastest once there is a plan (refreshSchedule sets it).
    frequency: input.frequency ?? DEFAULT_FREQUENCY,
    frequencyChosen: input.frequency !== undefined,
    // Kept as it was: a changed phone no longer equals it, so the new number is verified again.
    whatsappVerifiedPhone: current?.whatsappVerifiedPhone ?? null,
    createdAt: current?.createdAt ?? now.toISOString(),
    updatedAt: now.toISOString(),
  };
  await deps.store.putPreferences(prefs);
  const schedule = await refreshSchedule(deps.store, user.userId, now, {}, { preferences: prefs, subscription });
  return schedule ? schedule.preferences : prefs;
}

/** GET /api/subscription — the caller's plan and alert settings. */
export async function getSubscriptionView(store: AlertsStore, userId: string): Promise<SubscriptionView> {
  const [subscription, schedule, prefs] = await Promise.all([
    store.getSubscription(userId),
    store.getSchedule(userId),
    store.getPreferences(userId),
  ]);
  return {
    subscription: subscription
      ? {
          status: subscription.status,
          tier: subscription.tier,
          priceAmount: subscription.priceAmount,
          currentPeriodEnd: subscription.currentPeriodEnd,
          cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
        }
      : null,
    isActive: isPaid(subscription),
    alerts: schedule
      ? { isActive: schedule.isActive, email: schedule.emailEnabled, whatsapp: schedule.whatsappEnabled, frequency: schedule.frequency }
      : null,
    whatsapp: prefs ? { phone: prefs.phone, verified: whatsappVerified(prefs), problem: schedule?.whatsappProblem ?? null } : null,
    hasPreferences: Boolean(prefs),
  };
}

/** PATCH /api/alert-settings — the dashboard's frequency, channels and pause/resume. */
export async function updateAlertSettings(deps: PreferencesDeps, caller: Caller, input: AlertSettingsInput): Promise<SubscriptionView> {
  const user = requireUser(caller);
  const now = deps.now();
  let prefs = await deps.store.getPreferences(user.userId);
  if (!prefs) throw validationError('Please complete your preferences first before subscribing.');
  const subscription = await deps.store.getSubscription(user.userId);
  // A frequency sent here is the user's choice; refreshSchedule stores it so (frequencyChosen).
  if (input.frequency) {
    const tier = isPaid(subscription) ? subscription.tier : null;
    if (tier && !allowedFrequencies(tier).includes(input.frequency)) throw validationError('That frequency is not available on your plan');
  }
  if (input.whatsapp && !prefs.whatsappOptedIn) {
    prefs = { ...prefs, whatsappOptedIn: true, updatedAt: now.toISOString() };
    await deps.store.putPreferences(prefs);
  }
  await refreshSchedule(
    deps.store,
    user.userId,
    now,
    {
      ...(input.frequency === undefined ? {} : { frequency: input.frequency }),
      ...(input.paused === undefined ? {} : { isActive: !input.paused }),
      ...(input.email === undefined ? {} : { emailEnabled: input.email }),
      ...(input.whatsapp === undefined ? {} : { whatsappEnabled: input.whatsapp }),
    },
    { preferences: prefs, subscription },
  );
  return getSubscriptionView(deps.store, user.userId);
}
