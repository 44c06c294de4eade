import { describe, expect, it } from 'vitest';
import type { AlertFrequency, AlertPreferences, TierId } from '../../../../shared/schemas/alerts.js';
import type { AlertSchedule, AlertsStore, SubscriptionRecord } from './ports.js';
import { refreshSchedule } from './schedule.js';

/**
 * Issue 24 §1: the alert cadence. A cadence left at the default becomes the plan's fastest on
 * purchase; a chosen one is kept when the plan allows it and capped otherwise; a downgrade slows it
 * to the fastest the new plan allows; the stored preference always equals the schedule's cadence.
 */

const NOW = new Date('2026-03-02T09:00:00Z');

const prefs = (frequency: AlertFrequency, frequencyChosen: boolean): AlertPreferences => ({
  userId: 'u-1',
  name: 'Pat',
  phone: '+447700900111',
  email: 'pat@example.com',
  whatsappOptedIn: false,
  make: null,
  model: null,
  budgetMin: null,
  budgetMax: null,
  yearMin: null,
  yearMax: null,
  fuelType: null,
  transmission: null,
  maxMileage: null,
  location: null,
  radiusMiles: null,
  frequency,
  frequencyChosen,
  createdAt: NOW.toISOString(),
  updatedAt: NOW.toISOString(),
});

const subscription = (tier: TierId, status: SubscriptionRecord['status'] = 'active'): SubscriptionRecord => ({
  userId: 'u-1',
  customerId: 'cus_1',
  subscriptionId: 'sub_1',
  status,
  tier,
  priceAmount: 999,
  priceId: 'price_1',
  currentPeriodEnd: '2026-04-01T00:00:00Z',
  cancelAtPeriodEnd: false,
  updatedAt: NOW.toISOString(),
});

/** The store's preferences, subscription and schedule items, in memory. */
function memoryStore(initial: AlertPreferences) {
  const state: { prefs: AlertPreferences; sub: SubscriptionRecord | null; schedule: AlertSchedule | null } = {
    prefs: initial,
    sub: null,
    schedule: null,
  };
  const store = {
    getPreferences: async () => state.prefs,
    putPreferences: async (p: AlertPreferences) => {
      state.prefs = p;
    },
    getSubscription: async () => state.sub,
    getSchedule: async () => state.schedule,
    putSchedule: async (s: AlertSchedule) => {
      state.schedule = s;
    },
  } as unknown as AlertsStore;
  return { store, state };
}

/** Buys (or changes to) a plan, as the webhook does, and returns the cadence in use. */
async function onPlan(m: ReturnType<typeof memoryStore>, tier: TierId, status: SubscriptionRecord['status'] = 'active') {
  m.state.sub = subscription(tier, status);
  const schedule = await refreshSchedule(m.store, 'u-1', NOW, {}, { subscription: m.state.sub });
  // The dashboard shows the schedule's cadence; the stored preference must say the same.
  expect(m.state.prefs.frequency).toBe(schedule?.frequency);
  return schedule?.frequency;
}

/** The cadence refreshSchedule gives these preferences on this plan (or none). */
async function cadenceFor(preferences: AlertPreferences, tier: TierId | null) {
  const m = memoryStore(preferences);
  m.state.sub = tier ? subscription(tier) : null;
  return (await refreshSchedule(m.store, 'u-1', NOW, {}, { subscription: m.state.sub }))?.frequency;
}

describe('the cadence a schedule gets', () => {
  it('gives a default the plan’s fastest cadence: silver weekly, gold daily, platinum instant', async () => {
    expect(await cadenceFor(prefs('weekly', false), 'silver')).toBe('weekly');
    expect(await cadenceFor(prefs('weekly', false), 'gold')).toBe('daily');
    expect(await cadenceFor(prefs('weekly', false), 'platinum')).toBe('instant');
  });

  it('keeps a chosen cadence the plan allows and caps one it does not', async () => {
    expect(await cadenceFor(prefs('weekly', true), 'gold')).toBe('weekly');
    expect(await cadenceFor(prefs('weekly', true), 'platinum')).toBe('weekly');
    expect(await cadenceFor(prefs('daily', true), 'platinum')).toBe('daily');
    expect(await cadenceFor(prefs('daily', true), 'silver')).toBe('weekly');
    expect(await cadenceFor(prefs('instant', true), 'gold')).toBe('daily');
  });

  it('leaves the preference as it is without a plan', async () => {
    expect(await cadenceFor(prefs('daily', true), null)).toBe('daily');
    expect(await cadenceFor(prefs('weekly', false), null)).toBe('weekly');
  });
});

describe('refreshSchedule on purchase, downgrade and dashboard changes', () => {
  it('a buyer who chose weekly and buys Gold keeps weekly (the bug: daily e-mails, preference still weekly)', async () => {
    const m = memoryStore(prefs('weekly', true));
    expect(await onPlan(m, 'gold')).toBe('weekly');
    expect(m.state.prefs.frequencyChosen).toBe(true);
  });

  it('a buyer who left the default gets the plan’s fastest, stored as the preference', async () => {
    const m = memoryStore(prefs('weekly', false));
    expect(await onPlan(m, 'platinum')).toBe('instant');
    expect(m.state.prefs.frequencyChosen).toBe(false);
  });

  it('a downgrade slows the cadence to the fastest the new plan allows, for a default and for a choice', async () => {
    const byDefault = memoryStore(prefs('weekly', false));
    await onPlan(byDefault, 'platinum');
    expect(await onPlan(byDefault, 'gold')).toBe('daily');
    expect(await onPlan(byDefault, 'silver')).toBe('weekly');

    const chosen = memoryStore(prefs('weekly', false));
    await onPlan(chosen, 'platinum');
    await refreshSchedule(chosen.store, 'u-1', NOW, { frequency: 'instant' });
    expect(chosen.state.prefs).toMatchObject({ frequency: 'instant', frequencyChosen: true });
    expect(await onPlan(chosen, 'gold')).toBe('daily');
  });

  it('a cadence chosen on the dashboard is stored as the user’s choice and survives an upgrade', async () => {
    const m = memoryStore(prefs('weekly', false));
    await onPlan(m, 'gold');
    await refreshSchedule(m.store, 'u-1', NOW, { frequency: 'weekly' });
    expect(m.state.prefs).toMatchObject({ frequency: 'weekly', frequencyChosen: true });
    expect(await onPlan(m, 'platinum')).toBe('weekly');
  });

  it('a plan that has ended takes the schedule off the alerts (not paid)', async () => {
    const m = memoryStore(prefs('weekly', false));
    await onPlan(m, 'gold');
    await onPlan(m, 'gold', 'canceled');
    expect(m.state.schedule?.paid).toBe(false);
  });
});
