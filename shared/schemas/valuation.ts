import { z } from 'zod';
import { challengePayloadSchema } from './challenge.js';
import { text } from './text.js';
import { LIMITS } from '../constants.js';
import { phoneSchema } from './phone.js';
import { YEAR_MIN, requiredYearSchema } from '../year.js';
import { MAKES, type Make, TRANSMISSIONS, type Transmission } from '../values.js';
import { AXLE_CONFIGS, type AxleConfig, type Option, SELL_MAKES, VALUATION_TRANSMISSIONS, optionsFor } from '../listing-options.js';

/** Valuation option lists (spec §9), in the order the form offers them. */
export const VALUATION_VEHICLE_TYPES = [
  { value: 'articulated', label: 'Articulated' },
  { value: 'rigid', label: 'Rigid' },
  { value: 'trailer', label: 'Trailer' },
  { value: 'semi-trailer', label: 'Semi-trailer' },
  { value: 'tipper', label: 'Tipper' },
  { value: 'crane', label: 'Crane' },
  { value: 'refrigerated', label: 'Refrigerated' },
  { value: 'specialist', label: 'Specialist' },
  { value: 'beavertails', label: 'Beavertails' },
  { value: 'other', label: 'Other' },
] as const;
type ValuationVehicleType = (typeof VALUATION_VEHICLE_TYPES)[number]['value'];
const VEHICLE_TYPE_VALUES = VALUATION_VEHICLE_TYPES.map((t) => t.value) as [ValuationVehicleType, ...ValuationVehicleType[]];

export const MOT_STATUSES = [
  { value: 'valid', label: 'Valid' },
  { value: 'expired', label: 'Expired' },
  { value: 'exempt', label: 'Exempt' },
  { value: 'due-soon', label: 'Due soon' },
] as const;
type MotStatus = (typeof MOT_STATUSES)[number]['value'];
const MOT_VALUES = MOT_STATUSES.map((m) => m.value) as [MotStatus, ...MotStatus[]];

export const VALUATION_MAKE_OPTIONS: Option<Make>[] = optionsFor(MAKES, SELL_MAKES);
export const VALUATION_TRANSMISSION_OPTIONS: Option<Transmission>[] = optionsFor(TRANSMISSIONS, VALUATION_TRANSMISSIONS);
export const VALUATION_WHEEL_CONFIGS: readonly AxleConfig[] = AXLE_CONFIGS;

/**
 * What happens to a valuation request, said the same way on the page, the form, the FAQ and the
 * acknowledgement e-mail: it reaches TruckYard's own team (the support inbox), who reply. It is
 * not sent to dealers, so no text may say it is.
 */
export const VALUATION_PROMISE = {
  whoReplies: 'the TruckYard team',
  replyTime: '24–48 hours',
  pageIntro:
    'Tell us about your vehicle and the TruckYard team will reply with a valuation. It is free and there is no obligation to sell.',
  formNote: 'Your request goes to the TruckYard team, who reply by e-mail or phone within 24–48 hours.',
  badge: 'Valued by the TruckYard team',
  acknowledgement: 'Thanks for your valuation request. The TruckYard team has it and will reply within 24–48 hours.',
} as const;

export const VALUATION_LIMITS = {
  minYear: YEAR_MIN,
  maxMileage: 5_000_000,
  minHorsePower: 50,
  maxHorsePower: 1000,
  textMax: 100,
  additionalInfoMax: 2000,
  emailMax: 254,
  maxImages: LIMITS.maxImagesPerListing,
} as const;

/**
 * A whole number typed into a text box (or already a number, as the API receives it):
 * blank means absent, commas and spaces are allowed as thousands separators. A missing key is
 * blank too: the form sends its parsed values, and JSON drops an optional number left empty.
 */
function wholeNumber(messages: { required?: string; invalid: string }) {
  return z
    .union([z.number(), z.string()])
    .optional()
    .transform((v, ctx): number | undefined => {
      const text = v === undefined ? '' : typeof v === 'number' ? (Number.isNaN(v) ? '' : String(v)) : v.trim().replace(/[,\s]/g, '');
      if (text === '') {
        if (messages.required) {
          ctx.addIssue({ code: 'custom', message: messages.required });
          return z.NEVER;
        }
        return undefined;
      }
      const n = Number(text);
      if (!/^-?\d+(\.\d+)?$/.test(text) || !Number.isInteger(n)) {
        ctx.addIssue({ code: 'custom', message: messages.invalid });
        return z.NEVER;
      }
      return n;
    });
}

const requiredText = (label: string, max: number) =>
  text({ label, error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be ${max} characters or fewer`);

const optionalText = (label: string, max: number, opts: { multiline?: boolean } = {}) =>
  text({ label, ...opts })
    .trim()
    .max(max, `${label} must be ${max} characters or fewer`)
    .optional()
    .transform((s) => (s ? s : undefined));

const choice = <T extends [string, ...string[]]>(values: T, message: string) =>
  z.string({ error: message }).pipe(z.enum(values, { error: message }));

/** Builds the schema for a given year, so the upper year bound follows the calendar. */
function makeValuationRequestSchema(now: Date = new Date()) {
  return z.object({
    make: choice(SELL_MAKES as [Make, ...Make[]], 'Make is required'),
    model: requiredText('Model', VALUATION_LIMITS.textMax),
    type: choice(VEHICLE_TYPE_VALUES, 'Vehicle type is required'),
    // The one year rule (shared/year.ts), as on the sell and edit forms.
    age: requiredYearSchema(() => now),
    mileage: wholeNumber({ required: 'Mileage is required', invalid: 'Enter the mileage as a whole number' }).pipe(
      z
        .number()
        .min(0, 'Mileage cannot be negative')
        .max(VALUATION_LIMITS.maxMileage, `Mileage must be ${VALUATION_LIMITS.maxMileage.toLocaleString('en-GB')} or less`),
    ),
    motStatus: choice(MOT_VALUES, 'MOT status is required'),
    wheelConfiguration: choice(AXLE_CONFIGS as unknown as [AxleConfig, ...AxleConfig[]], 'Wheel configuration is required'),
    horsePower: wholeNumber({ invalid: 'Enter the horse power as a whole number' }).pipe(
      z
        .number()
        .min(VALUATION_LIMITS.minHorsePower, `Horse power must be at least ${VALUATION_LIMITS.minHorsePower}`)
        .max(VALUATION_LIMITS.maxHorsePower, `Horse power must be ${VALUATION_LIMITS.maxHorsePower} or less`)
        .optional(),
    ),
    transmissionType: z
      .union([z.literal(''), z.enum(VALUATION_TRANSMISSIONS as [Transmission, ...Transmission[]])])
      .optional()
      .transform((v) => (v ? v : undefined)),
    additionalInfo: optionalText('Additional information', VALUATION_LIMITS.additionalInfoMax, { multiline: true }),
    contactName: requiredText('Full name', VALUATION_LIMITS.textMax),
    contactEmail: z
      .string({ error: 'Email address is required' })
      .trim()
      .min(1, 'Email address is required')
      .max(VALUATION_LIMITS.emailMax, 'Please enter a valid email address')
      .pipe(z.email('Please enter a valid email address')),
    contactPhone: z.string({ error: 'Phone number is required' }).trim().min(1, 'Phone number is required').pipe(phoneSchema),
    company: optionalText('Company name', VALUATION_LIMITS.textMax),
    /**
     * Storage keys of images already uploaded with presigned POSTs. The browser does not send
     * this yet; the API must check each key belongs to an upload it issued.
     */
    imageKeys: z.array(z.string().min(1).max(300)).max(VALUATION_LIMITS.maxImages, 'You can upload a maximum of 10 images.').optional(),
    /** Honeypot (see contact.ts): the API drops requests where it is filled. */
    website: z.string().max(500).optional(),
  });
}

/** The form's fields, as the browser checks them. */
export const valuationFormSchema = makeValuationRequestSchema();
/** POST /api/valuations: the form's fields and the solved ALTCHA challenge (schemas/challenge.ts). */
export const valuationRequestSchema = valuationFormSchema.extend({ altcha: challengePayloadSchema });
/** What the form holds (text for the numbers). */
export type ValuationRequestInput = z.input<typeof valuationFormSchema>;
/** What the form gives once valid (sent with the challenge's payload). */
export type ValuationForm = z.output<typeof valuationFormSchema>;
/** What POST /api/valuations receives after parsing. */
export type ValuationRequest = z.output<typeof valuationRequestSchema>;
