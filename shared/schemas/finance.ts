import { z } from 'zod';
import { FINANCE_TERM_MONTHS } from '../finance.js';

/**
 * Finance settings (issue 26 §3): staff set them in Admin › Finance settings; the calculator and the
 * cards' monthly figure appear only when the FCA number and the representative example are set.
 */
const FINANCE_LIMITS = {
  aprPercent: { min: 0, max: 50 },
  depositPercent: { min: 0, max: 90 },
  cashPricePounds: { min: 1_000, max: 1_000_000 },
} as const;

const twoDecimals = (v: number) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-7;

const apr = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .min(FINANCE_LIMITS.aprPercent.min, `${label} cannot be negative`)
    .max(FINANCE_LIMITS.aprPercent.max, `${label} must be at most ${FINANCE_LIMITS.aprPercent.max}%`)
    .refine(twoDecimals, `${label} has at most 2 decimal places`);

const term = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} is a whole number of months`)
    .min(FINANCE_TERM_MONTHS.min, `${label} is at least ${FINANCE_TERM_MONTHS.min} months`)
    .max(FINANCE_TERM_MONTHS.max, `${label} is at most ${FINANCE_TERM_MONTHS.max} months`);

const pounds = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} is in whole pounds`)
    .min(0, `${label} cannot be negative`);

const representativeExampleSchema = z
  .object({
    cashPricePounds: pounds('The cash price')
      .min(FINANCE_LIMITS.cashPricePounds.min, `The cash price is at least £${FINANCE_LIMITS.cashPricePounds.min.toLocaleString('en-GB')}`)
      .max(FINANCE_LIMITS.cashPricePounds.max, `The cash price is at most £${FINANCE_LIMITS.cashPricePounds.max.toLocaleString('en-GB')}`),
    depositPounds: pounds('The deposit'),
    termMonths: term('The term'),
    aprPercent: apr('The representative APR'),
    balloonPounds: pounds('The balloon'),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.depositPounds >= v.cashPricePounds)
      ctx.addIssue({ code: 'custom', path: ['depositPounds'], message: 'The deposit must be less than the cash price' });
    else if (v.balloonPounds >= v.cashPricePounds - v.depositPounds)
      ctx.addIssue({ code: 'custom', path: ['balloonPounds'], message: 'The balloon must be less than the amount of credit' });
  });
type RepresentativeExample = z.infer<typeof representativeExampleSchema>;

export const financeSettingsSchema = z
  .object({
    defaultAprPercent: apr('The default APR'),
    defaultTermMonths: term('The default term'),
    defaultDepositPercent: z
      .number({ error: 'The default deposit must be a number' })
      .min(FINANCE_LIMITS.depositPercent.min, 'The default deposit cannot be negative')
      .max(FINANCE_LIMITS.depositPercent.max, `The default deposit is at most ${FINANCE_LIMITS.depositPercent.max}%`)
      .refine(twoDecimals, 'The default deposit has at most 2 decimal places'),
    representativeExample: representativeExampleSchema.nullable(),
    /** The firm's FCA Firm Reference Number: 6 or 7 digits. */
    fcaNumber: z
      .string()
      .trim()
      .regex(/^\d{6,7}$/, 'The FCA number is 6 or 7 digits')
      .nullable(),
    /** Demo values (the seed's): the site marks them "demo". */
    demo: z.boolean(),
  })
  .strict();
export type FinanceSettings = z.infer<typeof financeSettingsSchema>;

/** What staff see before anything is saved: defaults, and the calculator off. */
export const EMPTY_FINANCE_SETTINGS: FinanceSettings = {
  defaultAprPercent: 9.9,
  defaultTermMonths: 48,
  defaultDepositPercent: 10,
  representativeExample: null,
  fcaNumber: null,
  demo: false,
};

/** The settings as stored and shown in admin: who saved them last and when. */
export interface StoredFinanceSettings extends FinanceSettings {
  updatedAt: string | null;
}

/** GET /api/finance: the settings the site shows, or null when the calculator is off. */
export type PublicFinanceSettings = (FinanceSettings & { representativeExample: RepresentativeExample; fcaNumber: string }) | null;

export function publicFinanceSettings(s: FinanceSettings | null): PublicFinanceSettings {
  if (!s?.fcaNumber || !s.representativeExample) return null;
  return {
    defaultAprPercent: s.defaultAprPercent,
    defaultTermMonths: s.defaultTermMonths,
    defaultDepositPercent: s.defaultDepositPercent,
    representativeExample: s.representativeExample,
    fcaNumber: s.fcaNumber,
    demo: s.demo,
  };
}

// ---- the listing page's calculator (its inputs live in the URL)

export const FINANCE_PRODUCTS = ['hp', 'lease'] as const;
export type FinanceProduct = (typeof FINANCE_PRODUCTS)[number];
export const DEPOSIT_UNITS = ['percent', 'pounds'] as const;
export const VAT_TIMINGS = ['deposit', 'payment3'] as const;

/**
 * The calculator's inputs for a price (pounds, without VAT on a "+VAT" listing). Messages are what
 * the buyer sees under the field.
 */
export const calculatorInputSchema = (pricePounds: number) =>
  z
    .object({
      product: z.enum(FINANCE_PRODUCTS),
      deposit: z.number({ error: 'Enter a deposit' }).min(0, 'The deposit cannot be negative'),
      depositUnit: z.enum(DEPOSIT_UNITS),
      termMonths: term('The term'),
      aprPercent: apr('The APR'),
      balloonPounds: z.number({ error: 'Enter an amount' }).min(0, 'The balloon cannot be negative'),
      vatTiming: z.enum(VAT_TIMINGS),
      residualPounds: z.number({ error: 'Enter an amount' }).min(0, 'The residual cannot be negative'),
    })
    .superRefine((v, ctx) => {
      const depositPounds = v.depositUnit === 'percent' ? (pricePounds * v.deposit) / 100 : v.deposit;
      if (v.product === 'hp') {
        if (v.depositUnit === 'percent' && v.deposit >= 100)
          ctx.addIssue({ code: 'custom', path: ['deposit'], message: 'The deposit must be less than 100%' });
        else if (depositPounds >= pricePounds)
          ctx.addIssue({ code: 'custom', path: ['deposit'], message: 'The deposit must be less than the price' });
        else if (v.balloonPounds >= pricePounds - depositPounds)
          ctx.addIssue({ code: 'custom', path: ['balloonPounds'], message: 'The balloon must be less than the amount borrowed' });
      } else if (v.residualPounds >= pricePounds)
        ctx.addIssue({ code: 'custom', path: ['residualPounds'], message: 'The residual must be less than the price' });
    });
export type CalculatorInput = z.infer<ReturnType<typeof calculatorInputSchema>>;

/** Admin › Finance settings: the same checks; an empty FCA number is saved as none (finance off). */
export const financeSettingsFormSchema = financeSettingsSchema.extend({
  representativeExample: representativeExampleSchema,
  fcaNumber: z
    .string()
    .trim()
    .regex(/^(\d{6,7})?$/, 'The FCA number is 6 or 7 digits')
    .transform((v) => v || null),
});
export type FinanceSettingsFormInput = z.input<typeof financeSettingsFormSchema>;
