import type { Listing } from '../../../shared/schemas/listing.js';
import { alertForScraperRun } from '../domain/alerts/send-alerts.js';
import { alertDeps, loadListing } from '../jobs/alerts/deps.js';
import { consumer } from './consume.js';

/**
 * scraper.run.completed → platinum subscribers hear about the run's new listings in one message
 * each (the flood rule for a batch). A failure throws, so the bus retries; claims make retries safe.
 */
export const handler = consumer('events/alerts-scraper-run', ['scraper.run.completed'], async (event) => {
  const ids = event.detail.newListingIds;
  const listings: Listing[] = [];
  // Reads in small parallel batches: a big run lists up to 2,000 ids.
  for (let i = 0; i < ids.length; i += 25) {
    const batch = await Promise.all(ids.slice(i, i + 25).map(loadListing));
    for (const l of batch) if (l?.status === 'active') listings.push(l);
  }
  if (listings.length === 0) return { messages: 0, sent: 0, held: 0 };
  return alertForScraperRun(alertDeps(), listings);
});
