import { z } from 'zod';
import { sellListingSchema } from '../../../../shared/schemas/sell.js';
import { config } from '../../config.js';
import { createOwnerListing } from '../../domain/listings/manage-create.js';
import { toListingDto } from '../../domain/listings/to-listing.js';
import { httpHandler, json, jsonBody, parseWith } from '../handler.js';
import { ensureProfile, manageListingDeps } from './deps.js';

const idempotencyKeySchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,100}$/, 'Idempotency-Key must be 8 to 100 letters, digits, - or _')
  .optional();

/**
 * POST /api/my-listings — Sell Your Truck. An `Idempotency-Key` header (the web sends one per
 * form submission) makes a retry answer with the listing the first attempt made.
 */
export const handler = httpHandler('user', async ({ event, caller }) => {
  const input = parseWith(sellListingSchema, jsonBody(event));
  const idempotencyKey = parseWith(idempotencyKeySchema, event.headers?.['idempotency-key']);
  await ensureProfile(event, caller);
  const record = await createOwnerListing(manageListingDeps(), caller, input, { idempotencyKey });
  return json(201, toListingDto(record, config.imagesBaseUrl), { location: `/api/my-listings/${record.id}` });
});
