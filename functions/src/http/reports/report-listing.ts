import { ulid } from 'ulid';
import { listingReportSchema, REPORT_TEXTS } from '../../../../shared/schemas/listing-report.js';
import { ddb } from '../../adapters/dynamodb/client.js';
import { listingReportStore, reportedListings } from '../../adapters/dynamodb/listing-reports-repo.js';
import { createRateLimiter } from '../../adapters/dynamodb/rate-limit.js';
import { config } from '../../config.js';
import { notFound } from '../../domain/errors.js';
import { type ReportListingDeps, reportListing } from '../../domain/reports/listing-reports.js';
import { challengeGate$ } from '../challenge/deps.js';
import { httpHandler, json, jsonBody, parseWith } from '../handler.js';
import { viewerIp } from '../viewer-ip.js';

// Read per call: the local API server and the tests switch TABLE_NAME within one process.
const deps = (): ReportListingDeps => ({
  reports: listingReportStore(ddb, config.tableName),
  listings: reportedListings(ddb, config.tableName),
  rateLimit: createRateLimiter(ddb, config.tableName),
  challenge: challengeGate$(),
  now: () => new Date(),
  newId: ulid,
});

/**
 * POST /api/listings/{id}/reports — "Report this listing" (issue 24 §6), for anyone: 202 when
 * stored for staff, 400 per field, 403 without a solved ALTCHA challenge, 404 for no such
 * listing, 429 over the per-address limit. A signed-in reporter is recorded by account.
 */
export const handler = httpHandler('optional', async ({ event, caller }) => {
  const listingId = event.pathParameters?.id ?? '';
  if (!/^[A-Za-z0-9_-]{1,80}$/.test(listingId)) throw notFound(REPORT_TEXTS.notFound);
  const input = parseWith(listingReportSchema, jsonBody(event));
  const reporter = { sourceIp: await viewerIp(event), userId: caller.kind === 'user' ? caller.userId : null, email: null };
  await reportListing(deps(), listingId, input, reporter);
  return json(202, { status: 'received', message: REPORT_TEXTS.received });
});
