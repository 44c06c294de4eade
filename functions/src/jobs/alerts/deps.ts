import type { Listing } from '../../../../shared/schemas/listing.js';
import { ddb } from '../../adapters/dynamodb/client.js';
import { newActiveListingsSince } from '../../adapters/dynamodb/new-listings.js';
import { getMailer } from '../../adapters/mail/mailer.js';
import { isSuppressed } from '../../adapters/dynamodb/suppression-repo.js';
import { getSecret } from '../../adapters/secrets/secrets.js';
import { whatsappSenderFromEnv } from '../../adapters/whatsapp/whatsapp-sender.js';
import { config } from '../../config.js';
import { listingsRepo } from '../../deps.js';
import type { AlertDeps } from '../../domain/alerts/send-alerts.js';
import { mapScrapedToListing, scrapedIdOf, toListingDto } from '../../domain/listings/to-listing.js';
import { alertsStore$ } from '../../http/alerts/deps.js';

/** Composition for the alert jobs, event consumers and queue worker. */
export function alertDeps(): AlertDeps {
  return {
    store: alertsStore$(),
    mailer: getMailer(),
    whatsapp: whatsappSenderFromEnv(),
    siteUrl: config.siteUrl,
    unsubscribeKey: () => getSecret('unsubscribeSigningKey'),
    isSuppressed,
    now: () => new Date(),
    log: (message, detail) => console.log(JSON.stringify({ level: 'warn', message, detail })),
  };
}

/** A user or scraped listing in the API's shape, or null when it is gone. */
export async function loadListing(id: string): Promise<Listing | null> {
  const scraped = scrapedIdOf(id);
  if (scraped) {
    const record = await listingsRepo().getScraped(scraped);
    return record ? mapScrapedToListing(record) : null;
  }
  const record = await listingsRepo().getListing(id);
  return record ? toListingDto(record, config.imagesBaseUrl) : null;
}

export const newListingsSince = (sinceIso: string) => newActiveListingsSince(ddb, config.tableName, sinceIso, config.imagesBaseUrl);
