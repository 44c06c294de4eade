import { ulid } from 'ulid';
import { ddb } from '../../adapters/dynamodb/client.js';
import { createRateLimiter } from '../../adapters/dynamodb/rate-limit.js';
import { valuationRequestStore } from '../../adapters/dynamodb/valuation-requests-repo.js';
import { getMailer } from '../../adapters/mail/mailer.js';
import { s3 } from '../../adapters/s3/client.js';
import { s3ValuationImages } from '../../adapters/s3/uploads.js';
import { config } from '../../config.js';
import { challengeGate$ } from '../challenge/deps.js';
import type { ValuationDeps } from '../../domain/valuations/submit-valuation.js';

/** The private uploads bucket; valuation photos must never land in a public one. */
function privateUploadsBucket(): string {
  return config.privateUploadsBucket;
}

// Cheap wrappers around the module-scope clients, read per call because the local API server
// and the tests switch TABLE_NAME within one process.
export const valuationDeps = (): ValuationDeps => ({
  store: valuationRequestStore(ddb, config.tableName),
  images: s3ValuationImages(s3, privateUploadsBucket()),
  mailer: getMailer(),
  rateLimit: createRateLimiter(ddb, config.tableName),
  challenge: challengeGate$(),
  now: () => new Date(),
  newId: ulid,
  supportInbox: config.supportInbox,
  mail: { siteUrl: config.siteUrl },
});
