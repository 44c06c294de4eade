import type { EventBridgeEvent } from 'aws-lambda';
import { alertForBatch } from '../domain/alerts/send-alerts.js';
import { alertDeps, loadImportedListings } from '../jobs/alerts/deps.js';
import { type StockImportApplied, stockImportAppliedSchema } from './contracts.js';

/**
 * stock-import.applied → platinum subscribers hear about the import's new listings in one message
 * each at most, under the flood rule (the held ones go out with the flush job, digests pick up the
 * rest). A failure throws, so the bus retries; per-(user, listing) claims make retries safe.
 */
export const handler = async (event: EventBridgeEvent<'stock-import.applied', StockImportApplied>) => {
  const detail = stockImportAppliedSchema.parse(event.detail);
  if (detail.created === 0) return { messages: 0, sent: 0, held: 0 };
  const listings = await loadImportedListings(detail.userId, detail.importId);
  if (listings.length === 0) return { messages: 0, sent: 0, held: 0 };
  return alertForBatch(alertDeps(), listings, 'Stock-import');
};
