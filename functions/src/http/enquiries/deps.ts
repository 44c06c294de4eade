import { ulid } from 'ulid';
import { ddb } from '../../adapters/dynamodb/client.js';
import { enquiryStore } from '../../adapters/dynamodb/enquiries-repo.js';
import { ownerListingStore } from '../../adapters/dynamodb/owner-listings-repo.js';
import { createRateLimiter } from '../../adapters/dynamodb/rate-limit.js';
import { getMailer } from '../../adapters/mail/mailer.js';
import { config } from '../../config.js';
import type { SendEnquiryDeps } from '../../domain/enquiries/send-enquiry.js';
import { profiles$ } from '../my-listings/deps.js';

/** Composition for the enquiry handlers: cheap wrappers around the module-scope clients. */
export const enquiryDeps = (): SendEnquiryDeps => ({
  listings: ownerListingStore(ddb, config.tableName),
  profiles: profiles$(),
  enquiries: enquiryStore(ddb, config.tableName),
  mailer: getMailer(),
  rateLimit: createRateLimiter(ddb, config.tableName),
  now: () => new Date(),
  newId: ulid,
  mail: { siteUrl: config.siteUrl },
});
