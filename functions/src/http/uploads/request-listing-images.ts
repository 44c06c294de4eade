import { type PresignedUpload, uploadRequestSchema } from '../../../../shared/schemas/sell.js';
import { LIMITS } from '../../../../shared/constants.js';
import { config } from '../../config.js';
import { s3 } from '../../adapters/s3/client.js';
import { presignImagePost } from '../../adapters/s3/uploads.js';
import { assertCanWrite } from '../../domain/accounts/profiles.js';
import { UPLOAD_EXPIRY_SECONDS, planListingImageUploads } from '../../domain/uploads/verify-upload.js';
import { httpHandler, json, jsonBody, parseWith } from '../handler.js';
import { ensureProfile, manageListingDeps } from '../my-listings/deps.js';

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
  const expiresAt = new Date(Date.now() + UPLOAD_EXPIRY_SECONDS * 1000).toISOString();
  const uploads: PresignedUpload[] = await Promise.all(
    planned.map(async (p) => {
      const post = await presignImagePost(s3, {
        bucket: config.privateUploadsBucket,
        key: p.key,
        contentType: p.contentType,
        expiresSeconds: UPLOAD_EXPIRY_SECONDS,
        maxBytes: LIMITS.maxImageBytes,
        publicEndpoint: config.s3PublicEndpoint,
      });
      return { name: p.name, key: p.key, url: post.url, fields: post.fields, expiresAt };
    }),
  );
  return json(200, { uploads });
});
