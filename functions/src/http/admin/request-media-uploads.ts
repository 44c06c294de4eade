import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { ulid } from 'ulid';
import { MEDIA_LIMITS, mediaUploadRequestSchema } from '../../../../shared/schemas/admin.js';
import { s3 } from '../../adapters/s3/client.js';
import { withPublicOrigin } from '../../adapters/s3/uploads.js';
import { config } from '../../config.js';
import { mediaPendingPrefix } from '../../domain/admin/media.js';
import { json, jsonBody, parseWith } from '../handler.js';
import { adminHandler } from './deps.js';

/**
 * POST /api/admin/media/uploads — one presigned POST per file into the private bucket's pending
 * area (≤ 100 MB, 10 minutes). Nothing is public until POST /api/admin/media checks the bytes.
 */
export const handler = adminHandler('admin', async ({ event, staff }) => {
  const request = parseWith(mediaUploadRequestSchema, jsonBody(event));
  const uploads = await Promise.all(
    request.files.map(async (f) => {
      const key = `${mediaPendingPrefix(staff.adminId)}${ulid()}`;
      const post = await createPresignedPost(s3, {
        Bucket: config.buckets.privateUploads,
        Key: key,
        Conditions: [['content-length-range', 1, MEDIA_LIMITS.maxVideoBytes]],
        Expires: 600,
      });
      return { name: f.name, key, url: withPublicOrigin(post.url, config.s3PublicEndpoint), fields: post.fields };
    }),
  );
  return json(200, { uploads });
});
