import { z } from 'zod';
import { PLANS, RADIUS_OPTIONS_MILES } from '../constants.js';
import { parsePhone } from '../phone.js';
import { FUEL_VALUES, MAKE_VALUES, type Make, TRANSMISSION_VALUES } from '../values.js';
import { yearSchema } from '../year.js';

/**
 * Truck alerts and subscriptions (spec §3 user_preferences, subscription_tiers, subscriptions,
 * alert_schedules; §5 alert sign-up; §9 plans), shared by the web and the functions.
 */

export type TierId = (typeof PLANS)[number]['id'];
export const TIER_IDS = PLANS.map((p) => p.id) as [TierId, ...TierId[]];

/** How often alerts go out, fastest first. */
const ALERT_FREQUENCIES = ['instant', 'daily', 'weekly'] as const;
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number];

/** The fastest cadence each plan pays for (spec §9): silver weekly, gold daily, platinum instant. */
export const PLAN_FREQUENCY: Record<TierId, AlertFrequency> = { silver: 'weekly', gold: 'daily', platinum: 'instant' };

/** The choices a plan allows: its own cadence or any slower one, never a faster one. */
export function allowedFrequencies(tier: TierId | null | undefined): AlertFrequency[] {
  // Before a plan is chosen the sign-up form offers the spec's two choices.
  if (!tier) return ['daily', 'weekly'];
  return ALERT_FREQUENCIES.slice(ALERT_FREQUENCIES.indexOf(PLAN_FREQUENCY[tier]));
}

/** The cadence actually used: the preference, slowed down to what the plan allows. */
export function effectiveFrequency(preferred: AlertFrequency, tier: TierId): AlertFrequency {
  const allowed = allowedFrequencies(tier);
  return allowed.includes(preferred) ? preferred : allowed[0];
}

/** Before any plan, a preference left at the default is stored as weekly (the sign-up form's default). */
export const DEFAULT_FREQUENCY: AlertFrequency = 'weekly';

export const FREQUENCY_LABELS: Record<AlertFrequency, string> = {
  instant: 'Instant',
  daily: 'Daily',
  weekly: 'Weekly (Mondays)',
};

/** Years follow the product's one year rule (shared/year.ts). */
export { YEAR_MIN as ALERT_YEAR_MIN, maxYear as alertYearMax } from '../year.js';

/** Phones are stored in E.164 (WhatsApp needs it), by the one phone rule (shared/phone.ts). */
const phoneToE164 = parsePhone;

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const optionalNumber = (schema: z.ZodNumber) =>
  z.preprocess((v) => {
    const b = blankToUndefined(v);
    return typeof b === 'string' ? Number(b) : b;
  }, schema.optional());
const optionalEnum = <T extends [string, ...string[]]>(values: T) => z.preprocess(blankToUndefined, z.enum(values).optional());
const optionalText = (max: number) =>
  z.preprocess((v) => (typeof v === 'string' ? v.trim() || undefined : blankToUndefined(v)), z.string().max(max).optional());

/** PUT /api/alert-preferences — the alert sign-up form (spec §5), plus what the original dropped. */
export const alertPreferencesSchema = z
  .object({
    name: z.string().trim().min(2, 'Name must be at least 2 characters').max(100, 'Name must be 100 characters or fewer'),
    phone: z
      .string()
      .trim()
      .min(10, 'Please enter a valid phone number')
      .max(30, 'Please enter a valid phone number')
      .transform((s, ctx) => {
        const e164 = phoneToE164(s);
        if (!e164) {
          ctx.addIssue({ code: 'custom', message: 'Please enter a valid phone number' });
          return z.NEVER;
        }
        return e164;
      }),
    email: z.string().trim().toLowerCase().email('Please enter a valid email address').max(254),
    whatsappOptedIn: z.boolean().default(false),
    make: optionalEnum(MAKE_VALUES),
    model: optionalText(60),
    budgetMin: optionalNumber(z.number().int('Budget must be a whole number of pounds').min(0, 'Budget cannot be negative')),
    budgetMax: optionalNumber(z.number().int('Budget must be a whole number of pounds').min(0, 'Budget cannot be negative')),
    yearMin: yearSchema({ required: false }).optional(),
    yearMax: yearSchema({ required: false }).optional(),
    fuelType: optionalEnum(FUEL_VALUES),
    transmission: optionalEnum(TRANSMISSION_VALUES),
    maxMileage: optionalNumber(z.number().int('Mileage must be a whole number').min(0, 'Mileage cannot be negative')),
    /** A postcode, district or town; matched within radiusMiles. */
    location: optionalText(100),
    radiusMiles: optionalNumber(z.number().int().min(1).max(1000)),
    /** Absent (or blank): left at the default, which is the fastest cadence the plan allows. */
    frequency: z.preprocess(blankToUndefined, z.enum(ALERT_FREQUENCIES).optional()),
  })
  .strict()
  .superRefine((p, ctx) => {
    if (p.budgetMin !== undefined && p.budgetMax !== undefined && p.budgetMin > p.budgetMax)
      ctx.addIssue({ code: 'custom', path: ['budgetMax'], message: 'Maximum budget must be at least the minimum' });
    if (p.yearMin != null && p.yearMax != null && p.yearMin > p.yearMax)
      ctx.addIssue({ code: 'custom', path: ['yearMax'], message: 'Latest year must be on or after the earliest year' });
  });
export type AlertPreferencesValues = z.output<typeof alertPreferencesSchema>;

export const DEFAULT_ALERT_RADIUS_MILES = 50;
export const ALERT_RADIUS_OPTIONS = RADIUS_OPTIONS_MILES;

/** Saved preferences as the API returns them. */
export interface AlertPreferences {
  userId: string;
  name: string;
  phone: string;
  email: string;
  whatsappOptedIn: boolean;
  make: Make | null;
  model: string | null;
  budgetMin: number | null;
  budgetMax: number | null;
  yearMin: number | null;
  yearMax: number | null;
  fuelType: (typeof FUEL_VALUES)[number] | null;
  transmission: (typeof TRANSMISSION_VALUES)[number] | null;
  maxMileage: number | null;
  location: string | null;
  radiusMiles: number | null;
  /** The cadence in use, always the schedule's (the dashboard and the stored preference agree). */
  frequency: AlertFrequency;
  /**
   * True when the user picked the cadence; false (or absent, on preferences saved before this
   * existed) when it was left at the default, so a new plan gives its fastest cadence (issue 24 §1).
   */
  frequencyChosen?: boolean;
  /**
   * The number the subscriber proved is theirs with a WhatsApp code (issue 23). WhatsApp alerts go
   * only when it equals `phone`; changing the phone makes it stale, so the new number is verified again.
   */
  whatsappVerifiedPhone?: string | null;
  createdAt: string;
  updatedAt: string;
}

/** A plan as the picker shows it (spec §3 subscription_tiers). */
export interface SubscriptionTier {
  id: TierId;
  name: string;
  /** Pence a month. */
  priceAmount: number;
  alertFrequency: AlertFrequency;
}

const SUBSCRIPTION_STATUSES = [
  'active',
  'trialing',
  'past_due',
  'unpaid',
  'canceled',
  'incomplete',
  'incomplete_expired',
  'paused',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** The caller's subscription and alert schedule (GET /api/subscription). */
export interface SubscriptionView {
  subscription: {
    status: SubscriptionStatus;
    tier: TierId;
    priceAmount: number;
    /** ISO time the paid period ends (the next billing date unless cancelling). */
    currentPeriodEnd: string;
    cancelAtPeriodEnd: boolean;
  } | null;
  /** A subscriber is a user whose subscription status is active (spec §4). */
  isActive: boolean;
  alerts: {
    /** False after an unsubscribe link or 'Pause alerts'. */
    isActive: boolean;
    email: boolean;
    whatsapp: boolean;
    /** The cadence in use (the preference, capped by the plan). */
    frequency: AlertFrequency;
  } | null;
  /** The WhatsApp number on the preferences and whether it is verified; null without preferences. */
  whatsapp: {
    phone: string;
    verified: boolean;
    /** The last time a WhatsApp alert could not be sent (cleared by the next one sent or a new verification). */
    problem: WhatsAppProblem | null;
  } | null;
  hasPreferences: boolean;
}

/** Why a WhatsApp alert could not be sent: the sender is not set up, or Meta refused or failed. */
const WHATSAPP_PROBLEM_REASONS = ['not-configured', 'send-failed'] as const;
export interface WhatsAppProblem {
  reason: (typeof WHATSAPP_PROBLEM_REASONS)[number];
  /** ISO time of the failure. */
  at: string;
}

/** WhatsApp number verification (issue 23): a 6-digit code, valid 10 minutes, 5 tries. */
const WHATSAPP_CODE_LENGTH = 6;
export const WHATSAPP_CODE_TTL_MINUTES = 10;
export const WHATSAPP_CODE_MAX_TRIES = 5;
/** A new code is sent at most once a minute. */
export const WHATSAPP_CODE_RESEND_SECONDS = 60;

/** POST /api/alert-preferences/whatsapp/code — sends a code to the preferences' phone; no body fields. */
export const whatsappCodeRequestSchema = z.object({}).strict();

/** POST /api/alert-preferences/whatsapp/verify */
export const whatsappVerifySchema = z
  .object({
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, `Enter the ${WHATSAPP_CODE_LENGTH}-digit code we sent you on WhatsApp`),
  })
  .strict();
export type WhatsAppVerifyInput = z.input<typeof whatsappVerifySchema>;

/** What the verification routes answer. */
export interface WhatsAppVerificationView {
  phone: string;
  verified: boolean;
  /** When the current code stops working (ISO); null when no code is outstanding. */
  codeExpiresAt: string | null;
  triesLeft: number | null;
}

/** POST /api/subscription/checkout */
export const createCheckoutSchema = z.object({ tier: z.enum(TIER_IDS) }).strict();
/** POST /api/subscription/portal — 'cancel' opens the portal at cancellation. */
export const portalSchema = z.object({ action: z.enum(['cancel', 'manage']).optional() }).strict();

/** PATCH /api/alert-settings — the dashboard's Alert Settings. */
export const alertSettingsSchema = z
  .object({
    frequency: z.enum(ALERT_FREQUENCIES).optional(),
    email: z.boolean().optional(),
    whatsapp: z.boolean().optional(),
    paused: z.boolean().optional(),
  })
  .strict();
export type AlertSettingsInput = z.input<typeof alertSettingsSchema>;

/** The alert sign-up form's error texts and toasts (spec §8). */
export const ALERT_TEXTS = {
  saved: { title: 'Success!', description: 'Your truck preferences have been saved successfully.' },
  notLoggedIn: 'You must be logged in to save truck preferences. Please sign up or log in first.',
  saveFailed: 'Failed to save preferences. Please try again.',
  authRequired: { title: 'Authentication Required', description: 'Please complete the sign-up form first to subscribe to alerts.' },
  setupRequired: { title: 'Setup Required', description: 'Please complete your preferences first before subscribing.' },
  noCheckoutUrl: 'No checkout URL received',
  subscriptionError: { title: 'Subscription Error', description: 'Failed to start subscription. Please try again.' },
  dashboardAuth: { title: 'Authentication Required', description: 'Please sign in to view your subscription.' },
  loadFailed: 'Failed to load subscription information.',
  unsubscribed: { title: 'Successfully Unsubscribed', description: 'You will no longer receive truck alert emails.' },
  unsubscribeFailed: 'Failed to unsubscribe. Please try again.',
  portalFailed: 'Failed to open customer portal.',
  /** Departs from the spec, where a failure to load the plans is only logged (issue 24 §1). */
  plansLoadFailed: "We couldn't load the plans. Please try again.",
} as const;

/** What each plan sends, for the picker, the success page and e-mails. */
export const PLAN_FEATURES: Record<TierId, string[]> = {
  silver: [
    'Weekly email alerts every Monday',
    'Matches on make, model, budget, year, fuel, gearbox, mileage and distance',
    'Cancel anytime',
  ],
  gold: ['Daily email alerts at 7am', 'Everything in Silver', 'Cancel anytime'],
  platinum: ['Instant alerts by email and WhatsApp', 'Priority support with a faster reply', 'Everything in Gold', 'Cancel anytime'],
};

/** 45000 → '45,000' (Intl is far slower, and alerts format millions of these in a digest run). */
export const groupThousands = (n: number): string => String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
