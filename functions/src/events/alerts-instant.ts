import type { EventBridgeEvent } from 'aws-lambda';
import { alertInstantly } from '../domain/alerts/send-alerts.js';
import { alertDeps, loadListing } from '../jobs/alerts/deps.js';
import { observed } from '../observability.js';

/**
 * listing.created → platinum subscribers whose preferences match hear at once (e-mail, and
 * WhatsApp with their opt-in). A failure throws, so the bus retries; claims make retries safe.
 */
const run = async (event: EventBridgeEvent<'listing.created', { listingId: string }>) => {
  const listing = await loadListing(event.detail.listingId);
  if (listing?.status !== 'active') return { sent: 0, held: 0 };
  return alertInstantly(alertDeps(), listing);
};

export const handler = observed('events/alerts-instant', run);
