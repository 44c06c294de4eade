import { alertForBatch } from '../domain/alerts/send-alerts.js';
import { alertDeps, loadImportedListings } from '../jobs/alerts/deps.js';
import { consumer } from './consume.js';

/**
 * stock-import.applied → platinum subscribers hear about the import's new listings in one message
 * each at most, under the flood rule (the held ones go out with the flush job, digests pick up the
 * rest). A failure throws, so the bus retries; per-(user, listing) claims make retries safe.
 */
export const handler = consumer('events/alerts-stock-import', ['stock-import.applied'], async (event) => {
  const detail = event.detail;
  if (detail.created === 0) return { messages: 0, sent: 0, held: 0 };
  const listings = await loadImportedListings(detail.userId, detail.importId);
  if (listings.length === 0) return { messages: 0, sent: 0, held: 0 };
  return alertForBatch(alertDeps(), listings, 'Stock-import');
});
