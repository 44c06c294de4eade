import type { EventBridgeEvent } from 'aws-lambda';
import { alertPriceDrop } from '../domain/alerts/send-alerts.js';
import { alertDeps, loadListing } from '../jobs/alerts/deps.js';
import { observed } from '../observability.js';

/** listing.updated with a lower price → the subscribers who were alerted about it before hear the new price. */
const run = async (event: EventBridgeEvent<'listing.updated', { listingId: string; oldPrice?: number; newPrice?: number }>) => {
  const { listingId, oldPrice, newPrice } = event.detail;
  if (typeof oldPrice !== 'number' || typeof newPrice !== 'number' || newPrice >= oldPrice) return { sent: 0 };
  const listing = await loadListing(listingId);
  if (!listing) return { sent: 0 };
  return { sent: await alertPriceDrop(alertDeps(), listing, oldPrice) };
};

export const handler = observed('events/alerts-price-drop', run);
