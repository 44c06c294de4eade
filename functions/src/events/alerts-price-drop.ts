import { alertPriceDrop } from '../domain/alerts/send-alerts.js';
import { alertDeps, loadListing } from '../jobs/alerts/deps.js';
import { consumer } from './consume.js';
import type { ListingUpdated } from './contracts.js';

/**
 * What a 'listing.updated' means for price-drop alerts: a drop when both prices are set and the
 * new one is lower, whoever made the change (owner, stock import, scraper). Only `oldPrice` and
 * `newPrice` are read.
 */
export function priceDropOf(detail: ListingUpdated): { listingId: string; oldPrice: number; newPrice: number } | null {
  const { listingId, oldPrice, newPrice } = detail;
  if (oldPrice === null || newPrice === null || newPrice >= oldPrice) return null;
  return { listingId, oldPrice, newPrice };
}

/** listing.updated with a lower price → the subscribers who were alerted about it before hear the new price. */
export const handler = consumer('events/alerts-price-drop', ['listing.updated'], async (event) => {
  const drop = priceDropOf(event.detail);
  if (!drop) return { sent: 0 };
  const listing = await loadListing(drop.listingId);
  if (!listing) return { sent: 0 };
  return { sent: await alertPriceDrop(alertDeps(), listing, drop.oldPrice) };
});
