/**
 * The anti-spam limits of selling (issue 23, "High: the stock import bypasses every anti-spam
 * limit"), in one module: the web shows them and the functions enforce them from here.
 */

/** Listings an account may have live (active, or waiting for review) at once. */
export const ACTIVE_LISTING_CAPS = {
  /** Every account that is not an approved dealer (buyers, private sellers, dealers still applying). */
  individual: 10,
  /** An approved dealer, unless staff set another figure for that dealer (admin › Users). */
  approvedDealerDefault: 2000,
  /** The most staff may set for one dealer: one stock file's row limit. */
  staffMaximum: 10_000,
} as const;

/** Hourly limits per dealer on the stock import (fixed one-hour windows). */
export const IMPORT_RATE_LIMITS = {
  /** Presigned POSTs of a stock file (POST /api/my-imports/uploads). */
  upload: { scope: 'stock-import-uploads', limit: 30, windowSeconds: 3600 },
  preview: { scope: 'import-preview', limit: 20, windowSeconds: 3600 },
  apply: { scope: 'import-apply', limit: 5, windowSeconds: 3600 },
} as const;

/** Photos named in stock files: at most one request per second per host (the scraper's host pacer). */
export const PHOTO_FETCH_INTERVAL_MS = 1000;

export const LIMIT_TEXTS = {
  importForApprovedDealers: 'Stock import is for approved dealers. Apply from your dashboard.',
  uploadRateLimited: 'Too many uploads. Please try again later.',
  previewRateLimited: 'You have checked 20 stock files in the last hour. Please try again later.',
  applyRateLimited: 'You have imported 5 stock files in the last hour. Please try again later.',
} as const;

/** How many listings this account may have live: staff's figure for an approved dealer, else the default for its kind. */
export function activeListingCapOf(profile: { dealerStatus?: string | null; listingCap?: number | null } | null): number {
  if (profile?.dealerStatus !== 'approved') return ACTIVE_LISTING_CAPS.individual;
  return profile.listingCap ?? ACTIVE_LISTING_CAPS.approvedDealerDefault;
}

/** The refusal when a write would take the account over its cap. */
export function listingCapMessage(cap: number, approvedDealer: boolean): string {
  const figure = cap.toLocaleString('en-GB');
  return approvedDealer
    ? `Your dealer account can have up to ${figure} live listings. Mark some sold or deactivate them, or contact us to raise the limit.`
    : `An account can have up to ${figure} live listings. Mark one sold or deactivate one first. Dealers can apply from the dashboard for a higher limit.`;
}
