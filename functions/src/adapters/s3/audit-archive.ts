import { PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import type { AuditArchive } from '../../domain/admin/audit-archive.js';

/**
 * The audit archive bucket. Object Lock (governance mode, a year, the bucket's default retention in
 * infra/lib/data-stack.ts) applies to every object put here; S3 requires an integrity checksum on
 * uploads to such a bucket, hence the explicit SHA-256.
 */
export function s3AuditArchive(s3: S3Client, bucket: string): AuditArchive {
  return {
    async put(key, body) {
      await s3.send(
        new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentType: 'application/x-ndjson', ChecksumAlgorithm: 'SHA256' }),
      );
    },
  };
}
