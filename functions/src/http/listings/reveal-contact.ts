import { z } from 'zod';
import { ddb } from '../../adapters/dynamodb/client.js';
import { dailyMarks } from '../../adapters/dynamodb/daily-marks.js';
import { profileStore } from '../../adapters/dynamodb/profiles-repo.js';
import { createRateLimiter } from '../../adapters/dynamodb/rate-limit.js';
import { config } from '../../config.js';
import { listingsRepo } from '../../deps.js';
import { revealListingContact } from '../../domain/listings/reveal-contact.js';
import { httpHandler, json, parseWith } from '../handler.js';

const paramsSchema = z.object({ id: z.string().trim().min(1, 'id is required').max(200, 'id is too long') });

/**
 * POST /api/listings/{id}/contact — the seller's phone and e-mail for a signed-in, non-suspended
 * user, a limited number of sellers a day (429 past it). A POST, so the detail GET stays the
 * same for every signed-in caller and nothing here is cached.
 */
export const handler = httpHandler('user', async ({ event, caller }) => {
  const { id } = parseWith(paramsSchema, event.pathParameters ?? {});
  const contact = await revealListingContact(
    {
      listings: listingsRepo(),
      profiles: profileStore(ddb, config.tableName),
      marks: dailyMarks(ddb, config.tableName),
      rateLimit: createRateLimiter(ddb, config.tableName),
      now: () => new Date(),
      imagesBaseUrl: config.imagesBaseUrl,
    },
    caller,
    id,
  );
  return json(200, contact, { 'cache-control': 'private, no-store' });
});
