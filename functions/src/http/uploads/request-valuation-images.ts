import { LIMITS } from '../../../../shared/constants.js';
import { type PresignedUpload, uploadRequestSchema } from '../../../../shared/schemas/sell.js';
import { s3 } from '../../adapters/s3/client.js';
import { presignImagePost } from '../../adapters/s3/uploads.js';
import { config } from '../../config.js';
import { VALUATION_UPLOAD_EXPIRY_SECONDS, planValuationImageUploads } from '../../domain/valuations/submit-valuation.js';
import { httpHandler, json, jsonBody, parseWith } from '../handler.js';
import { viewerIp } from '../viewer-ip.js';
import { privateUploadsBucket, valuationDeps } from '../valuations/deps.js';

const valuationUploadRequestSchema = uploadRequestSchema.omit({ listingId: true });

/**
 * POST /api/uploads/valuation-images — public: one presigned POST per photo (1 byte..5 MB, JPEG/PNG/WebP,
 * 10 minutes) to the PRIVATE uploads bucket under valuations/pending/. POST /api/valuations checks
 * each object again, since s3rver ignores the policy and S3's only covers size and claimed type.
 */
export const handler = httpHandler('public', async ({ event }) => {
  const { files } = parseWith(valuationUploadRequestSchema, jsonBody(event));
  const planned = await planValuationImageUploads(files, { sourceIp: await viewerIp(event) }, valuationDeps());
  const bucket = privateUploadsBucket();
  const expiresAt = new Date(Date.now() + VALUATION_UPLOAD_EXPIRY_SECONDS * 1000).toISOString();
  const uploads: PresignedUpload[] = await Promise.all(
    planned.map(async (p) => {
      const post = await presignImagePost(s3, {
        bucket,
        key: p.key,
        contentType: p.contentType,
        expiresSeconds: VALUATION_UPLOAD_EXPIRY_SECONDS,
        maxBytes: LIMITS.maxImageBytes,
        publicEndpoint: config.s3PublicEndpoint,
      });
      return { name: p.name, key: p.key, url: post.url, fields: post.fields, expiresAt };
    }),
  );
  return json(200, { uploads });
});
