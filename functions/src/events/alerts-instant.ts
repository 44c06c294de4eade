import { alertInstantly } from '../domain/alerts/send-alerts.js';
import { alertDeps, loadListing } from '../jobs/alerts/deps.js';
import { consumer } from './consume.js';

/**
 * listing.created → platinum subscribers whose preferences match hear at once (e-mail, and
 * WhatsApp with their opt-in). A failure throws, so the bus retries; claims make retries safe.
 */
export const handler = consumer('events/alerts-instant', ['listing.created'], async (event) => {
  const listing = await loadListing(event.detail.listingId);
  if (listing?.status !== 'active') return { sent: 0, held: 0 };
  return alertInstantly(alertDeps(), listing);
});
