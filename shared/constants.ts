/** Business constants from spec §9, shared by web and functions. */

export const SITE_NAME = 'TruckYard';

/**
 * Days a deleted or replaced photo or upload stays as an old version in storage before it is gone
 * for good: the buckets' noncurrent-version lifecycle (infra/lib/data-stack.ts) and the privacy
 * policy both use this number.
 */
export const OLD_FILE_VERSION_DAYS = 30;

export const LIMITS = {
  maxImagesPerListing: 10,
  maxImageBytes: 5 * 1024 * 1024,
  imageCacheControlSeconds: 3600,
  /** New passwords (issue 23, a departure from the spec's 8); sign-in never checks it, so older passwords still work. */
  minPasswordLength: 12,
  redirectAfterListingMs: 2000,
  paymentStatusRefreshMs: 2000,
  toastDurationMs: 5000,
  searchPageSize: 24,
  searchMaxPageSize: 100,
  latestTrucksCount: 6,
  maxSearchTextLength: 200,
} as const;

/**
 * The only image types a browser may upload (listing and valuation photos), as the claim checks
 * them and as the presigned POST policy pins them. SVG, GIF, HEIC and the rest are refused: an
 * SVG can carry script, and whatever we accept is decoded and re-encoded server-side.
 */
const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type AcceptedImageType = (typeof ACCEPTED_IMAGE_TYPES)[number];
export const isAcceptedImageType = (type: string): type is AcceptedImageType =>
  (ACCEPTED_IMAGE_TYPES as readonly string[]).includes(type.trim().toLowerCase());
/** For `<input type="file" accept>`. */
export const ACCEPTED_IMAGE_INPUT = ACCEPTED_IMAGE_TYPES.join(',');

/** The current year; slider and validation bounds use it where the spec says 2024. */
export const currentYear = (now: Date = new Date()) => now.getUTCFullYear();

/** Filter slider bounds (spec §5). End-points mean "no limit". */
export const SLIDER = {
  price: { min: 5000, max: 200000, step: 5000 },
  year: { min: 2000, step: 1 },
  mileage: { min: 0, max: 1000000, step: 10000 },
} as const;

export const SORT_OPTIONS = [
  { value: 'relevance', label: 'Newest first' },
  { value: 'price-low', label: 'Price: low to high' },
  { value: 'price-high', label: 'Price: high to low' },
  { value: 'year-new', label: 'Year: newest' },
  { value: 'year-old', label: 'Year: oldest' },
  { value: 'mileage-low', label: 'Mileage: lowest' },
  { value: 'mileage-high', label: 'Mileage: highest' },
  { value: 'distance', label: 'Distance: nearest' },
  // Best value for money first (asking price against the typical price); unrated listings last (issue 13 §1).
  { value: 'rating', label: 'Price rating: best first' },
  // With search words, 'relevance' ranks the best matches first (labelled 'Best match') and this
  // keeps "Newest first" on offer; without words both are newest first (issue 9 §1).
  { value: 'newest', label: 'Newest first' },
  // The latest price cut's date, newest first; never-cut listings after, newest first (issue 26 §4).
  { value: 'reduced', label: 'Recently reduced first' },
] as const;
/** The label of 'relevance' once the buyer has typed words. */
export const BEST_MATCH_LABEL = 'Best match';
export type SortOption = (typeof SORT_OPTIONS)[number]['value'];
export const SORT_VALUES = SORT_OPTIONS.map((s) => s.value) as [SortOption, ...SortOption[]];

export const RADIUS_OPTIONS_MILES = [10, 25, 50, 100, 200] as const;
export const DEFAULT_RADIUS_MILES = 50;

export const MARKETING_STATS = [
  { value: '5,000+', label: 'Active buyers' },
  { value: '48hrs', label: 'Average response' },
  { value: '95%', label: 'Match success' },
  { value: '£0', label: 'Listing fees' },
] as const;

export const MASK = {
  contactName: 'Login to view contact',
  phone: 'Login to view phone',
  scrapedDealerName: 'Dealer',
  scrapedDealerContact: 'Contact via website',
} as const;

export const PLANS = [
  { id: 'silver', name: 'Silver', priceAmount: 999, alertFrequency: 'weekly', blurb: 'Weekly email alerts every Monday' },
  { id: 'gold', name: 'Gold', priceAmount: 1999, alertFrequency: 'daily', blurb: 'Daily email alerts', mostPopular: true },
  {
    id: 'platinum',
    name: 'Platinum',
    priceAmount: 3999,
    alertFrequency: 'instant',
    blurb: 'Instant alerts by email and WhatsApp, priority support',
  },
] as const;

export const SUPPORT = {
  phone: '0161 496 0123',
  email: 'support@truckyard.example',
  address: 'Unit 4, Trafford Park Road, Manchester M17 1HB',
  hours: ['Mon–Fri 9am–6pm', 'Sat 9am–4pm', 'Sun closed'],
} as const;
