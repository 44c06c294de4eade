import { uploadRequestSchema } from '../../../../shared/schemas/sell.js';
import { assertCanWrite } from '../../domain/accounts/profiles.js';
import { UPLOAD_EXPIRY_SECONDS, planListingImageUploads } from '../../domain/uploads/verify-upload.js';
import { httpHandler, json, jsonBody, parseWith } from '../handler.js';
import { ensureProfile, manageListingDeps } from '../my-listings/deps.js';
import { presignPlannedUploads } from './presign-uploads.js';

/**
 * POST /api/uploads/listing-images — one presigned POST per file, straight to the PRIVATE
 * uploads bucket under uploads/listing-images/<sub>/ (1 byte..5 MB, exactly the claimed JPEG,
 * PNG or WebP type, 10 minutes). Nothing there is served; /complete publishes re-encoded copies.
 */
export const handler = httpHandler('user', async ({ event, caller }) => {
  const request = parseWith(uploadRequestSchema, jsonBody(event));
  assertCanWrite(caller, await ensureProfile(event, caller));
  const deps = manageListingDeps();
  const planned = await planListingImageUploads({ listings: deps.listings, newId: deps.newId, rateLimit: deps.rateLimit }, caller, request);
  return json(200, { uploads: await presignPlannedUploads(planned, UPLOAD_EXPIRY_SECONDS) });
});
