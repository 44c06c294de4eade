import { LIMITS } from '../../../../shared/constants.js';
import type { PresignedUpload } from '../../../../shared/schemas/sell.js';
import { s3 } from '../../adapters/s3/client.js';
import { presignImagePost } from '../../adapters/s3/uploads.js';
import { config } from '../../config.js';

/**
 * One presigned POST per planned upload, to the PRIVATE uploads bucket: 1 byte..5 MB, exactly the
 * claimed image type, expiring after `expiresSeconds`. The listing and valuation photo routes both answer this.
 */
export async function presignPlannedUploads(
  planned: readonly { name: string; key: string; contentType: string }[],
  expiresSeconds: number,
): Promise<PresignedUpload[]> {
  const expiresAt = new Date(Date.now() + expiresSeconds * 1000).toISOString();
  return Promise.all(
    planned.map(async (p) => {
      const post = await presignImagePost(s3, {
        bucket: config.privateUploadsBucket,
        key: p.key,
        contentType: p.contentType,
        expiresSeconds,
        maxBytes: LIMITS.maxImageBytes,
        publicEndpoint: config.s3PublicEndpoint,
      });
      return { name: p.name, key: p.key, url: post.url, fields: post.fields, expiresAt };
    }),
  );
}
