import { z } from 'zod';
import { SLUG_MAX, SLUG_PATTERN } from '../slug.js';
import { text } from './text.js';
import { WEEKDAYS, type Weekday } from '../weekdays.js';

/** Dealer storefronts (issue 26 §1): what the dashboard edits and the pages show. */
export const STOREFRONT_LIMITS = { aboutMax: 1000, townMax: 60 } as const;

export const STOREFRONT_TEXTS = {
  hoursOrder: 'Closing time must be after opening time',
  time: 'Use a 24-hour time such as 08:00',
  postcode: 'Enter a UK postcode or postcode district, such as LS11 or LS11 5AB',
  hidden: 'This storefront is hidden by TruckYard staff.',
} as const;

/** One day's opening hours: open and close as "HH:MM" (24-hour), or closed. */
export interface DayHours {
  day: Weekday;
  closed: boolean;
  open: string | null;
  close: string | null;
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const time = z.string().trim().regex(TIME, STOREFRONT_TEXTS.time);

const dayHoursSchema = z
  .object({
    day: z.enum(WEEKDAYS),
    closed: z.boolean(),
    open: z.union([time, z.null()]).optional().default(null),
    close: z.union([time, z.null()]).optional().default(null),
  })
  .strict()
  .transform((d) => (d.closed ? { ...d, open: null, close: null } : d))
  .superRefine((d, ctx) => {
    if (d.closed) return;
    if (!d.open || !d.close) ctx.addIssue({ code: 'custom', path: ['open'], message: STOREFRONT_TEXTS.time });
    else if (d.close <= d.open) ctx.addIssue({ code: 'custom', path: ['close'], message: STOREFRONT_TEXTS.hoursOrder });
  });

/**
 * "About" as plain text: markup is removed (tags, then any stray angle brackets), runs of blank
 * lines kept to one, and what is left must be 1,000 characters or fewer.
 */
function plainAbout(s: string): string {
  return s
    .replace(/<[^>]*>/g, ' ')
    .replace(/[<>]/g, '')
    .replace(/[ \t]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** A UK postcode or district ("LS11", "LS11 5AB"); the server places it (its district must exist). */
const POSTCODE_OR_DISTRICT = /^[A-Z]{1,2}\d[A-Z\d]?(\s*\d[A-Z]{2})?$/;

/** PUT /api/me/storefront: the dashboard's form sends the same. */
export const storefrontUpdateSchema = z
  .object({
    about: text({ label: 'About', multiline: true })
      .transform(plainAbout)
      .pipe(z.string().max(STOREFRONT_LIMITS.aboutMax, `About must be ${STOREFRONT_LIMITS.aboutMax} characters or fewer`)),
    town: text({ label: 'Town' })
      .trim()
      .min(1, 'Town is required')
      .max(STOREFRONT_LIMITS.townMax, `Town must be ${STOREFRONT_LIMITS.townMax} characters or fewer`),
    postcode: z.string().trim().toUpperCase().regex(POSTCODE_OR_DISTRICT, STOREFRONT_TEXTS.postcode),
    hours: z
      .array(dayHoursSchema)
      .length(7, 'Give the hours of all seven days')
      .refine((days) => WEEKDAYS.every((d, i) => days[i]?.day === d), { message: 'Days must be Monday to Sunday in order' }),
    /** A logo uploaded like a listing photo (POST /api/uploads/listing-images…), null to remove it; absent keeps it. */
    logoKey: z.union([z.string().trim().min(1).max(200), z.null()]).optional(),
  })
  .strict();
export type StorefrontUpdateInput = z.input<typeof storefrontUpdateSchema>;
export type StorefrontUpdate = z.output<typeof storefrontUpdateSchema>;

/** PATCH /api/admin/users/{id}/storefront: staff hide or show a storefront. */
export const storefrontVisibilitySchema = z.object({ hidden: z.boolean() }).strict();

export const storefrontSlugSchema = z
  .string()
  .min(1)
  .max(SLUG_MAX + 6)
  .regex(SLUG_PATTERN, 'Not a storefront address');

/** GET /api/dealers: the directory, by name, town or distance from a postcode. */
export const dealerDirectoryQuerySchema = z
  .object({
    sort: z
      .string()
      .optional()
      .transform((s) => s || 'name')
      .pipe(z.enum(['name', 'town', 'distance'], { message: 'sort must be one of: name, town, distance' })),
    postcode: z
      .string()
      .trim()
      .max(10, 'postcode is too long')
      .optional()
      .transform((s) => s?.toUpperCase() || undefined),
    q: text({ label: 'Search text' })
      .trim()
      .max(80, 'search text is too long')
      .optional()
      .transform((s) => s || undefined),
  })
  .strict()
  .refine((q) => q.sort !== 'distance' || q.postcode, { message: 'Give a postcode to sort by distance', path: ['postcode'] });
export type DealerDirectoryQuery = z.output<typeof dealerDirectoryQuerySchema>;

export interface StorefrontLogo {
  url: string;
  thumbUrl: string;
  width: number;
  height: number;
}

/** A storefront as GET /api/dealers/{slug} returns it. */
export interface Storefront {
  slug: string;
  companyName: string;
  about: string;
  town: string | null;
  /** The postcode district only ("LS11"), never the full postcode. */
  postcodeDistrict: string | null;
  hours: DayHours[] | null;
  logo: StorefrontLogo | null;
  approvedDealer: boolean;
  /** Trade seller: every storefront is a dealer's. */
  sellerType: 'trade';
  /** A few of the dealer's live listings, for the page's JSON-LD offers (the stock itself comes from search). */
  offers: Array<{ id: string; title: string; price: number; vatStatus: string | null; image: string | null }>;
  /** One of the dealer's live listings, to reveal the phone number through (as on listings); null with none. */
  contactListingId: string | null;
  updatedAt: string;
}

/** The owner's view (GET /api/me/storefront). */
export interface MyStorefront extends Omit<Storefront, 'offers' | 'contactListingId'> {
  hidden: boolean;
  logoKey: string | null;
}

/** A row of the directory (GET /api/dealers). */
export interface DealerDirectoryEntry {
  slug: string;
  companyName: string;
  town: string | null;
  postcodeDistrict: string | null;
  logo: StorefrontLogo | null;
  approvedDealer: boolean;
  stockCount: number;
  distanceMiles: number | null;
}
