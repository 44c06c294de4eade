/**
 * Compare and recently viewed (issue 26 §2, §4): the limits, without zod, so the listing card's
 * Compare button and the tray carry no schema code (the schemas are ./schemas/compare.ts).
 */

/** At most this many trucks side by side. */
export const COMPARE_MAX = 3;
/** Below COMPARE_NARROW_MAX_WIDTH_PX wide the tray holds only this many (two columns fit a phone). */
export const COMPARE_MAX_NARROW = 2;
/** The width below which the narrow limit applies (Tailwind's `sm`). */
export const COMPARE_NARROW_MAX_WIDTH_PX = 640;
/** The last this many trucks viewed are kept, in the browser and on the account. */
export const RECENTLY_VIEWED_MAX = 12;

/** What the tray and the recently-viewed strip keep of a truck in the browser, to show it without asking the API. */
export interface TruckSnapshot {
  id: string;
  title: string;
  price: number;
  vatStatus: string | null;
  thumbUrl: string | null;
  year: number | null;
  mileage: number | null;
  location: string | null;
}
