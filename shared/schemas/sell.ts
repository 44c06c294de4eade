import { z } from 'zod';
import { text } from './text.js';
import { LIMITS } from '../constants.js';
import { PHONE_MAX_LENGTH } from '../phone.js';
import { phoneSchema } from './phone.js';
import { requiredYearSchema } from '../year.js';
import { type Category, FUEL_VALUES, type Make, TRANSMISSION_VALUES } from '../values.js';
import { AXLE_CONFIGS, CAB_VALUES, EURO_VALUES, VAT_VALUES, normaliseCategory, normaliseMake } from '../listing-options.js';
import { optionalRegistrationSchema } from './registration.js';

/**
 * The Sell Your Truck form (spec §3 "Sell form fields", §5 "Sell form") and the Edit listing
 * form (§5 "Edit listing"). The browser validates with these through react-hook-form and the
 * API parses with the same schemas, so both give the same messages.
 *
 * Inputs may be what a form holds (text) or what JSON carries (numbers, null); outputs are
 * canonical: enum values of shared/values.ts, numbers, and null for every empty optional field.
 */

export const SELL_LIMITS = {
  textMax: 100,
  descriptionMax: 5000,
  featuresMax: 50,
  featureMax: 100,
  emailMax: 254,
  phoneMax: PHONE_MAX_LENGTH,
  /** Engine sizes in litres: the smallest vans' engines to the largest HGV engines (16.1 l) with room to spare. */
  minEngineLitres: 1,
  maxEngineLitres: 20,
  maxMileage: 10_000_000,
  maxPrice: 100_000_000,
  maxGvwTonnes: 100,
  /** Upload keys are `uploads/listing-images/<sub>/<ulid>` or `listings/<ulid>`: short ASCII. */
  imageKeyMax: 200,
} as const;

/** Toasts the forms show (spec §5, §8). */
export const SELL_TEXTS = {
  missingTitle: 'Missing Information',
  missingBody: 'Please fill in all required fields.',
  tooManyImagesTitle: 'Too many images',
  tooManyImages: (remaining: number) =>
    `You can only upload ${remaining} more image(s). Maximum ${LIMITS.maxImagesPerListing} images allowed.`,
  invalidFileTitle: 'Invalid file type',
  invalidFile: (file: string) => `${file} is not a valid image file.`,
  fileTooLargeTitle: 'File too large',
  fileTooLarge: (file: string) => `${file} is larger than 5MB.`,
  success: 'Truck Listed Successfully!',
  successBody: (n: number) => `Your truck has been listed with ${n} image(s) and we're already matching it with potential buyers.`,
  saveFailed: 'Failed to save truck listing. Please try again.',
  submitFailed: 'Failed to submit truck listing. Please try again.',
  updateFailed: 'Failed to update truck listing',
  updated: 'Truck listing updated successfully',
  deleteFailed: 'Failed to delete truck listing',
  deleted: 'Truck listing deleted successfully',
  statusFailed: 'Failed to update truck status',
  activated: 'Truck listing activated successfully',
  deactivated: 'Truck listing deactivated successfully',
} as const;

// ---------- field helpers ----------

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** Required text, trimmed. */
const requiredText = (label: string, max: number) =>
  text({ label, error: `${label} is required` })
    .trim()
    .min(1, { message: `${label} is required`, abort: true })
    .max(max, { message: `${label} must be ${max} characters or fewer`, abort: true });

/** Optional text: blank or absent becomes null. */
const optionalText = (label: string, max: number, opts: { multiline?: boolean } = {}) =>
  z
    .union([text({ label, ...opts }), z.null()], { error: `${label} must be text` })
    .optional()
    .transform((v) => (v == null || v.trim() === '' ? null : v.trim()))
    .pipe(z.string().max(max, `${label} must be ${max} characters or fewer`).nullable());

/**
 * A number typed into a box or sent as JSON. Blank is null (an issue when `required`);
 * thousands separators, spaces and a leading £ are allowed.
 */
function numberField(label: string, opts: { required?: string; integer?: boolean; min: number; max: number; minMessage?: string }) {
  return z
    .union([z.number(), z.string(), z.null(), z.undefined()], { error: `${label} must be a number` })
    .transform((v, ctx): number | null => {
      if (isBlank(v) || (typeof v === 'number' && Number.isNaN(v))) {
        if (opts.required) {
          ctx.addIssue({ code: 'custom', message: opts.required });
          return z.NEVER;
        }
        return null;
      }
      const text = typeof v === 'number' ? String(v) : String(v).trim().replace(/^£/, '').replace(/[,\s]/g, '');
      const n = Number(text);
      if (!/^-?\d+(\.\d+)?(e\d+)?$/i.test(text) || !Number.isFinite(n)) {
        ctx.addIssue({ code: 'custom', message: `${label} must be a number` });
        return z.NEVER;
      }
      if (opts.integer && !Number.isInteger(n)) {
        ctx.addIssue({ code: 'custom', message: `${label} must be a whole number` });
        return z.NEVER;
      }
      if (n < opts.min) {
        ctx.addIssue({ code: 'custom', message: opts.minMessage ?? `${label} must be at least ${opts.min}` });
        return z.NEVER;
      }
      if (n > opts.max) {
        ctx.addIssue({ code: 'custom', message: `${label} must be at most ${opts.max}` });
        return z.NEVER;
      }
      return n;
    });
}

/** An optional value from a fixed list, compared case-insensitively; blank becomes null. */
function optionalEnum<T extends string>(label: string, values: readonly [T, ...T[]]) {
  return z
    .union([z.string(), z.null()])
    .optional()
    .transform((v) => (v == null || v.trim() === '' ? null : v.trim().toLowerCase()))
    .pipe(z.enum(values, { message: `${label} must be one of: ${values.join(', ')}` }).nullable());
}

const makeField = z
  .string({ error: 'Make is required' })
  .trim()
  .min(1, 'Make is required')
  .transform((v, ctx): Make => {
    const make = normaliseMake(v);
    if (!make) {
      ctx.addIssue({ code: 'custom', message: 'Make is not one we list' });
      return z.NEVER;
    }
    return make;
  });

function categoryFrom(v: string, ctx: z.RefinementCtx): Category {
  const category = normaliseCategory(v);
  if (!category) {
    ctx.addIssue({ code: 'custom', message: 'Category is not one we list' });
    return z.NEVER;
  }
  return category;
}

const emailField = z
  .union([z.string(), z.null()])
  .optional()
  .transform((v) => (v == null || v.trim() === '' ? null : v.trim()))
  .pipe(z.email('Please enter a valid email address').max(SELL_LIMITS.emailMax, 'Please enter a valid email address').nullable());

/** Stored in E.164 ('+441134960000'); shown in UK format by shared/phone.ts. */
const phoneField = requiredText('Phone', SELL_LIMITS.phoneMax).pipe(phoneSchema);

/** A loose UK postcode or district ("M17 1HB", "M17"); upper-cased with one space. */
const postcodeField = z
  .union([z.string(), z.null()])
  .optional()
  .transform((v) => (v == null || v.trim() === '' ? null : v.trim().toUpperCase().replace(/\s+/g, ' ')))
  .pipe(
    z
      .string()
      .regex(/^[A-Z]{1,2}\d[A-Z\d]?( ?\d[A-Z]{2})?$/, 'Please enter a valid UK postcode')
      .nullable(),
  );

/** Features as a list, or as text with one feature per line or comma. Empty becomes null. */
const featuresField = z
  .union([z.array(text({ label: 'Features' })), text({ label: 'Features', multiline: true }), z.null()])
  .optional()
  .transform((v) => {
    if (v == null) return null;
    const list = (Array.isArray(v) ? v : v.split(/[\n,]/)).map((f) => f.trim()).filter(Boolean);
    return list.length ? list : null;
  })
  .pipe(
    z
      .array(z.string().max(SELL_LIMITS.featureMax, `Each feature must be ${SELL_LIMITS.featureMax} characters or fewer`))
      .max(SELL_LIMITS.featuresMax, `At most ${SELL_LIMITS.featuresMax} features`)
      .nullable(),
  );

/** Image keys returned by POST /api/uploads/listing-images/complete, in display order (the first is the main image). */
const imageKeysField = z
  .array(z.string().trim().min(1).max(SELL_LIMITS.imageKeyMax), { error: 'Images must be a list' })
  .max(LIMITS.maxImagesPerListing, `Maximum ${LIMITS.maxImagesPerListing} images allowed.`)
  .refine((keys) => new Set(keys).size === keys.length, { message: 'The same image is listed twice' });

const ENGINE_SIZE_MESSAGE = `Engine size must be between ${SELL_LIMITS.minEngineLitres} and ${SELL_LIMITS.maxEngineLitres} litres`;

/**
 * Engine size in litres, stored as text ("12.8"). Sellers type "12.8", "12.8L", "12.8 litres" or
 * "12,800cc"; anything outside 1–20 litres (a mileage typed in the wrong box, "0") is refused.
 */
const engineSizeField = z
  .union([z.string(), z.number(), z.null()], { error: ENGINE_SIZE_MESSAGE })
  .optional()
  .transform((v, ctx): string | null => {
    if (v == null || String(v).trim() === '') return null;
    const text = String(v).trim().toLowerCase().replace(/\s+/g, '');
    const cc = text.match(/^(\d{1,2},?\d{3})cc$/);
    const litresText = cc ? null : text.replace(/(l|ltr|litre|litres|liter|liters)$/, '');
    const litres = cc ? Number(cc[1].replace(',', '')) / 1000 : /^\d+(\.\d+)?$/.test(litresText ?? '') ? Number(litresText) : Number.NaN;
    if (!Number.isFinite(litres) || litres < SELL_LIMITS.minEngineLitres || litres > SELL_LIMITS.maxEngineLitres) {
      ctx.addIssue({ code: 'custom', message: ENGINE_SIZE_MESSAGE });
      return z.NEVER;
    }
    // One decimal, as dealers write it: 12.8, 7.7, 13.
    return String(Math.round(litres * 10) / 10);
  });

/** The seller must choose a category: a listing without one appears on no category page. */
const categoryField = z.union([z.string(), z.null(), z.undefined()], { error: 'Category is required' }).transform((v, ctx): Category => {
  if (v == null || v.trim() === '') {
    ctx.addIssue({ code: 'custom', message: 'Category is required' });
    return z.NEVER;
  }
  return categoryFrom(v, ctx);
});

export const PRICE_TEXTS = {
  required: 'Price is required',
  positive: 'Price must be positive',
  /** A price of 0 is not a price: the seller ticks "Price on application" instead. */
  zero: "Enter a price above £0, or choose 'Price on application'",
  poaLabel: 'Price on application',
  poaHint: 'Buyers see "POA" and contact you for the price.',
} as const;

/** The price box: blank is null here; the object-level rule below decides whether that is allowed. */
const priceField = numberField('Price', { min: 0, max: SELL_LIMITS.maxPrice, minMessage: PRICE_TEXTS.positive }).optional().default(null);

/** The "Price on application" tick box (a form's boolean, or JSON's). */
const priceOnApplicationField = z
  .union([z.boolean(), z.literal('true'), z.literal('false'), z.null()])
  .optional()
  .transform((v) => v === true || v === 'true');

/**
 * Price rule shared by both forms: either "Price on application" (the price is ignored and stored
 * as 0, which every screen shows as POA), or a price above £0.
 */
function checkPrice(v: { price: number | null; priceOnApplication: boolean }, ctx: z.RefinementCtx) {
  // Runs even when other fields failed (see PRICE_RULE), so the price may be missing or invalid.
  // A price that failed its own check arrives undefined: its message is already there. A body that
  // is not an object at all arrives as it was sent: the object check has said so already.
  if (v === null || typeof v !== 'object') return;
  if (v.priceOnApplication || v.price === undefined) return;
  if (v.price === null) ctx.addIssue({ code: 'custom', path: ['price'], message: PRICE_TEXTS.required });
  else if (v.price === 0) ctx.addIssue({ code: 'custom', path: ['price'], message: PRICE_TEXTS.zero });
}

/** The fields "Find my truck" may fill from the DVLA's record (issue 27 §2). */
const DVLA_FILLABLE_FIELDS = ['make', 'year', 'fuelType', 'euroStandard', 'gvwTonnes', 'axleConfig'] as const;
export type DvlaFillableField = (typeof DVLA_FILLABLE_FIELDS)[number];

/** A form's or JSON's boolean; absent is false. */
const flagField = z
  .union([z.boolean(), z.literal('true'), z.literal('false'), z.null()])
  .optional()
  .transform((v) => v === true || v === 'true');

/** Check the price even when other fields failed, so a form shows every message at once. */
const PRICE_RULE = { when: () => true } as const;

/** The price to store: 0 means "Price on application" (shown as POA). */
export const storedPrice = (v: { price: number | null; priceOnApplication: boolean }): number =>
  v.priceOnApplication ? 0 : (v.price ?? 0);

const detailFields = {
  fuelType: optionalEnum('Fuel type', FUEL_VALUES),
  transmission: optionalEnum('Transmission', TRANSMISSION_VALUES),
  mileage: numberField('Mileage', { integer: true, min: 0, max: SELL_LIMITS.maxMileage }).optional().default(null),
  engineSize: engineSizeField,
  vatStatus: optionalEnum('VAT status', VAT_VALUES),
  companyName: optionalText('Company name', SELL_LIMITS.textMax),
  email: emailField,
  location: optionalText('Location', SELL_LIMITS.textMax),
  postcode: postcodeField,
  description: optionalText('Description', SELL_LIMITS.descriptionMax, { multiline: true }),
  features: featuresField,
  axleConfig: optionalEnum('Axle configuration', AXLE_CONFIGS),
  gvwTonnes: numberField('Gross vehicle weight', { min: 1, max: SELL_LIMITS.maxGvwTonnes }).optional().default(null),
  euroStandard: optionalEnum('Euro standard', EURO_VALUES),
  cabType: optionalEnum('Cab type', CAB_VALUES),
  /** London Direct Vision Standard stars (0–5); only relevant for HGVs over 12 t GVW (issue 13 §2). */
  dvsStars: numberField('DVS star rating', { integer: true, min: 0, max: 5 }).optional().default(null),
  /** UK registration mark (issue 27 §1), stored "AB12CDE"; blank is none (no vehicle checks). */
  registration: optionalRegistrationSchema,
  /** The seller lets visitors who are not signed in see the whole mark (otherwise "AB12 •••"). */
  showFullRegistration: flagField,
  /** Which fields the seller took from the DVLA look-up (and kept); recorded on the listing. */
  dvlaFields: z
    .array(z.enum(DVLA_FILLABLE_FIELDS, { message: `dvlaFields must be of: ${DVLA_FILLABLE_FIELDS.join(', ')}` }))
    .max(DVLA_FILLABLE_FIELDS.length)
    .optional()
    .transform((v) => [...new Set(v ?? [])]),
  /** The DVLA's own make text when our make list has no match (the listing's make is then "Other"). */
  dvlaMake: optionalText('DVLA make', SELL_LIMITS.textMax),
};

/** POST /api/my-listings: the Sell Your Truck form. */
export const sellListingSchema = z
  .object({
    make: makeField,
    model: requiredText('Model', SELL_LIMITS.textMax),
    year: requiredYearSchema(),
    category: categoryField,
    price: priceField,
    priceOnApplication: priceOnApplicationField,
    contactName: requiredText('Contact name', SELL_LIMITS.textMax),
    phone: phoneField,
    ...detailFields,
    images: imageKeysField.optional().default([]),
  })
  .superRefine(checkPrice, PRICE_RULE);
export type SellListingInput = z.input<typeof sellListingSchema>;
export type SellListing = z.output<typeof sellListingSchema>;

/**
 * Keeps `undefined` (field not sent) apart from an empty value: on edit, a field the form does
 * not show keeps its stored value, and a field it sends empty is saved as null (spec §5).
 */
const keepWhenAbsent = <S extends z.ZodType>(schema: S) => z.union([z.undefined(), schema]);

/** PUT /api/my-listings/{id}: the Edit listing form. */
export const editListingSchema = z
  .object({
    title: requiredText('Title', 200),
    make: makeField,
    model: requiredText('Model', SELL_LIMITS.textMax),
    year: requiredYearSchema(),
    category: categoryField,
    price: priceField,
    priceOnApplication: priceOnApplicationField,
    contactName: requiredText('Contact name', SELL_LIMITS.textMax),
    phone: phoneField,
    fuelType: keepWhenAbsent(detailFields.fuelType),
    transmission: keepWhenAbsent(detailFields.transmission),
    mileage: keepWhenAbsent(detailFields.mileage),
    engineSize: keepWhenAbsent(detailFields.engineSize),
    vatStatus: keepWhenAbsent(detailFields.vatStatus),
    companyName: keepWhenAbsent(detailFields.companyName),
    email: keepWhenAbsent(detailFields.email),
    location: keepWhenAbsent(detailFields.location),
    postcode: keepWhenAbsent(detailFields.postcode),
    description: keepWhenAbsent(detailFields.description),
    features: keepWhenAbsent(detailFields.features),
    axleConfig: keepWhenAbsent(detailFields.axleConfig),
    gvwTonnes: keepWhenAbsent(detailFields.gvwTonnes),
    euroStandard: keepWhenAbsent(detailFields.euroStandard),
    cabType: keepWhenAbsent(detailFields.cabType),
    dvsStars: keepWhenAbsent(detailFields.dvsStars),
    registration: keepWhenAbsent(detailFields.registration),
    showFullRegistration: keepWhenAbsent(detailFields.showFullRegistration),
    dvlaFields: keepWhenAbsent(detailFields.dvlaFields),
    dvlaMake: keepWhenAbsent(detailFields.dvlaMake),
    images: imageKeysField.optional(),
  })
  .superRefine(checkPrice, PRICE_RULE);
export type EditListingInput = z.input<typeof editListingSchema>;
export type EditListing = z.output<typeof editListingSchema>;

/** PATCH /api/my-listings/{id}/status: the owner's Activate / Deactivate (spec §4). */
export const ownerStatusSchema = z.object({
  status: z.enum(['active', 'inactive'], { message: "status must be 'active' or 'inactive'" }),
});
export type OwnerStatusInput = z.output<typeof ownerStatusSchema>;

/** The dashboard button for a listing's current status (spec §4): active → Deactivate, anything else → Activate. */
export const ownerToggleFor = (status: string): { label: 'Deactivate' | 'Activate'; next: 'inactive' | 'active' } =>
  status === 'active' ? { label: 'Deactivate', next: 'inactive' } : { label: 'Activate', next: 'active' };

/** POST /api/uploads/listing-images: the files the browser is about to upload. */
export const uploadRequestSchema = z.object({
  listingId: z.string().trim().min(1).max(64).optional(),
  files: z
    .array(
      z.object({
        name: z.string().trim().min(1, 'File name is required').max(255),
        type: z.string().trim().max(100),
        size: z.number().int().min(0),
      }),
    )
    .min(1, 'Choose at least one image')
    .max(LIMITS.maxImagesPerListing, `Maximum ${LIMITS.maxImagesPerListing} images allowed.`),
});
export type UploadRequest = z.output<typeof uploadRequestSchema>;

/** POST /api/uploads/listing-images/complete: the keys the browser posted to. */
export const uploadCompleteSchema = z.object({
  keys: z
    .array(z.string().trim().min(1).max(SELL_LIMITS.imageKeyMax))
    .min(1, 'No uploads to complete')
    .max(LIMITS.maxImagesPerListing, `Maximum ${LIMITS.maxImagesPerListing} images allowed.`),
});

/** One presigned POST: the browser posts `fields` plus the file (last) as multipart form data to `url`. */
export interface PresignedUpload {
  name: string;
  key: string;
  url: string;
  fields: Record<string, string>;
  expiresAt: string;
}
