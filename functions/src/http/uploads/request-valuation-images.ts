import { uploadRequestSchema } from '../../../../shared/schemas/sell.js';
import { VALUATION_UPLOAD_EXPIRY_SECONDS, planValuationImageUploads } from '../../domain/valuations/submit-valuation.js';
import { httpHandler, json, jsonBody, parseWith } from '../handler.js';
import { viewerIp } from '../viewer-ip.js';
import { valuationDeps } from '../valuations/deps.js';
import { presignPlannedUploads } from './presign-uploads.js';

const valuationUploadRequestSchema = uploadRequestSchema.omit({ listingId: true });

/**
 * POST /api/uploads/valuation-images — public: one presigned POST per photo (1 byte..5 MB, JPEG/PNG/WebP,
 * 10 minutes) to the PRIVATE uploads bucket under valuations/pending/. POST /api/valuations checks
 * each object again, since s3rver ignores the policy and S3's only covers size and claimed type.
 */
export const handler = httpHandler('public', async ({ event }) => {
  const { files } = parseWith(valuationUploadRequestSchema, jsonBody(event));
  const planned = await planValuationImageUploads(files, { sourceIp: await viewerIp(event) }, valuationDeps());
  return json(200, { uploads: await presignPlannedUploads(planned, VALUATION_UPLOAD_EXPIRY_SECONDS) });
});
