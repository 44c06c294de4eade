import { z } from 'zod';
import { createHash } from 'node:crypto';
import { ddb } from '../../adapters/dynamodb/client.js';
import { dailyMarks } from '../../adapters/dynamodb/daily-marks.js';
import { listingStatsStore } from '../../adapters/dynamodb/listing-stats-repo.js';
import { config } from '../../config.js';
import { listingsRepo } from '../../deps.js';
import { rateLimitKeyForIp } from '../../domain/contact/send-contact-message.js';
import { recordViewQuietly, viewerKey } from '../../domain/listings/listing-stats.js';
import { httpHandler, parseWith } from '../handler.js';
import { viewerIp } from '../viewer-ip.js';

// Kept local, like get-listing: the my-listings composition would pull S3 and Cognito in.
const logError = (message: string, err: unknown) =>
  console.error(
    JSON.stringify({ level: 'error', message, error: err instanceof Error ? { name: err.name, message: err.message } : String(err) }),
  );

const paramsSchema = z.object({ id: z.string().trim().min(1, 'id is required').max(200, 'id is too long') });

/**
 * POST /api/listings/{id}/views — the web's detail page calls this once per page view (pattern 24),
 * so prefetches and server-side renders of GET /api/listings/{id} are not counted. Counts public
 * user listings for anyone but their owner, once per viewer per listing per day; always 204, a
 * failed count is only logged.
 */
export const handler = httpHandler('optional', async ({ event, caller }) => {
  const { id } = parseWith(paramsSchema, event.pathParameters ?? {});
  // Hashed: the daily mark is keyed by who viewed (the viewer's address behind CloudFront), and the table should not hold addresses.
  const client = createHash('sha256')
    .update(rateLimitKeyForIp(await viewerIp(event)))
    .digest('base64url')
    .slice(0, 22);
  await recordViewQuietly(listingsRepo(), listingStatsStore(ddb, config.tableName), id, caller, logError, {
    marks: dailyMarks(ddb, config.tableName),
    key: viewerKey(caller, client),
    now: new Date(),
  });
  return { statusCode: 204 };
});
