/**
 * Compare and recently viewed (issue 26 §2, §4): the limits and the listing id rule, without zod,
 * so the listing card's Compare button, the tray and the /compare page's URL reading carry no
 * schema code (zod's code is a quarter of a second of a phone's CPU to load; the API's schemas
 * are ./schemas/compare.ts).
 */

/** A listing's API id: a ULID, or 'scraped-<id>' (the same rule as the listing routes' {id}). */
export const LISTING_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** The /compare URL's ids, read leniently in the browser: invalid ids dropped, duplicates once, the first COMPARE_MAX kept. */
export function compareIdsOf(raw: string | null | undefined): string[] {
  if (!raw) return [];
  const ids = new Set(
    raw
      .split(',')
      .map((v) => v.trim())
      .filter((id) => LISTING_ID_PATTERN.test(id)),
  );
  return [...ids].slice(0, COMPARE_MAX);
}

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
