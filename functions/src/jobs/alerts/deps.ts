import type { Listing } from '../../../../shared/schemas/listing.js';
import { ddb } from '../../adapters/dynamodb/client.js';
import { batchRunLog } from '../../adapters/dynamodb/job-runs-repo.js';
import { ownerListingStore } from '../../adapters/dynamodb/owner-listings-repo.js';
import { newActiveListingsSince } from '../../adapters/dynamodb/new-listings.js';
import { getMailer } from '../../adapters/mail/mailer.js';
import { isSuppressed } from '../../adapters/dynamodb/suppression-repo.js';
import { emitMetric } from '../../adapters/metrics/emf.js';
import { getSecret } from '../../adapters/secrets/secrets.js';
import { whatsappSenderFromEnv } from '../../adapters/whatsapp/whatsapp-sender.js';
import { config } from '../../config.js';
import { countBy, METRIC } from '../../observability.js';
import { listingsRepo } from '../../deps.js';
import type { AlertDeps } from '../../domain/alerts/send-alerts.js';
import { mapScrapedToListing, scrapedIdOf, toListingDto } from '../../domain/listings/to-listing.js';
import { alertsStore$ } from '../../http/alerts/deps.js';
import { rateListing } from '../../domain/pricing/listing-rating.js';
import { priceModelStore } from '../../pricing-deps.js';

/** The digest runs' record (the admin Jobs panel reads it). */
export const batchRuns$ = () => batchRunLog(ddb, config.tableName);

/** Composition for the alert jobs, event consumers and queue worker. */
export function alertDeps(): AlertDeps {
  const mailer = getMailer();
  const whatsapp = whatsappSenderFromEnv();
  return {
    store: alertsStore$(),
    // Each alert sent is counted by channel (the AlertsSent metric), after the send succeeded.
    mailer: { ...mailer, send: async (message) => counted('email', await mailer.send(message)) },
    whatsapp: whatsapp && {
      sendTemplate: async (...args) => counted('whatsapp', await whatsapp.sendTemplate(...args)),
    },
    siteUrl: config.siteUrl,
    unsubscribeKey: () => getSecret('unsubscribeSigningKey'),
    isSuppressed,
    now: () => new Date(),
    log: (message, detail) => console.log(JSON.stringify({ level: 'warn', message, detail })),
    metric: (name, properties) => emitMetric({ metrics: { [name]: 1 }, properties }),
  };
}

/** Counts one alert sent on a channel and passes the send's result on. */
function counted<T>(channel: 'email' | 'whatsapp', result: T): T {
  countBy(METRIC.alertsSent, 'channel', channel);
  return result;
}

/** A user or scraped listing in the API's shape (with its fair-price band), or null when it is gone. */
export async function loadListing(id: string): Promise<Listing | null> {
  const scraped = scrapedIdOf(id);
  if (scraped) {
    const record = await listingsRepo().getScraped(scraped);
    return record ? (await withPriceBands([mapScrapedToListing(record)]))[0] : null;
  }
  const record = await listingsRepo().getListing(id);
  return record ? (await withPriceBands([toListingDto(record, config.imagesBaseUrl)]))[0] : null;
}

/** The live listings a stock import created (pattern 4, the owner's listings, kept by the import's id). */
export async function loadImportedListings(userId: string, importId: string): Promise<Listing[]> {
  const records = await ownerListingStore(ddb, config.tableName).listByOwner(userId);
  const imported = records.filter((r) => r.importId === importId && r.status === 'active' && !r.ownerSuspended);
  return withPriceBands(imported.map((r) => toListingDto(r, config.imagesBaseUrl)));
}

export const newListingsSince = async (sinceIso: string) =>
  withPriceBands(await newActiveListingsSince(ddb, config.tableName, sinceIso, config.imagesBaseUrl));

/** The stored model's band on each listing, so an alert can say "Great price" (issue 13). */
async function withPriceBands(listings: Listing[]): Promise<Listing[]> {
  const model = await priceModelStore().cached();
  return listings.map((l) => ({ ...l, priceBand: rateListing(model, l)?.band ?? null }));
}
