import { dealerApplicationStore } from '../../adapters/dynamodb/dealer-applications-repo.js';
import { ddb } from '../../adapters/dynamodb/client.js';
import { profileStore } from '../../adapters/dynamodb/profiles-repo.js';
import { stockImportsRepo } from '../../adapters/dynamodb/stock-imports-repo.js';
import { ownerListingStore } from '../../adapters/dynamodb/owner-listings-repo.js';
import { getMailer } from '../../adapters/mail/mailer.js';
import { queueSender } from '../../adapters/queues/sender.js';
import { config } from '../../config.js';
import type { DealerReviewDeps } from '../../domain/dealers/dealer-approval.js';
import type { ImportReviewDeps } from '../../domain/stock-import/import-review.js';
import { audit$ } from './deps.js';

/** Composition for the admin area's approved-dealer operations (issue 23); 'stock-imports' is the queues.ts row. */
const now = () => new Date();
export const dealerApplications$ = () => dealerApplicationStore(ddb, config.tableName);

export function dealerReviewDeps(): DealerReviewDeps {
  return { applications: dealerApplications$(), audit: audit$(), mailer: getMailer(), siteUrl: config.siteUrl, now };
}

export function listingCapDeps() {
  return { applications: dealerApplications$(), audit: audit$(), profiles: profileStore(ddb, config.tableName), now };
}

export function importReviewDeps(): ImportReviewDeps {
  return {
    imports: stockImportsRepo(ddb, config.tableName),
    queue: { send: async (message) => (await queueSender()).send('stock-imports', [message]) },
    listings: ownerListingStore(ddb, config.tableName),
    audit: audit$(),
    now,
  };
}
