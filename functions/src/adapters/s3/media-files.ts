import { createHash } from 'node:crypto';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { MEDIA_PROBE_BYTES, type MediaFiles } from '../../domain/admin/media.js';
import { DomainError } from '../../domain/errors.js';
import { withPublicOrigin } from './uploads.js';

const isMissing = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NotFound' || e?.name === 'NoSuchKey' || e?.$metadata?.httpStatusCode === 404;
};

const changedSinceChecked = (err: unknown) => {
  const e = err as { name?: string; Code?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'PreconditionFailed' || e?.Code === 'PreconditionFailed' || e?.$metadata?.httpStatusCode === 412;
};
const CHANGED = 'The upload changed after it was checked. Please upload it again.';

const bodyBytes = async (body: unknown) =>
  new Uint8Array(await (body as { transformToByteArray(): Promise<Uint8Array> }).transformToByteArray());

/**
 * Media uploads wait in the private bucket; checked ones are published to their category's bucket:
 * images as the bytes we re-encoded (PutObject with a SHA-256 S3 verifies), videos as a server-side
 * copy of exactly the object probed (CopySourceIfMatch with its ETag).
 */
export function s3MediaFiles(s3: S3Client, privateBucket: string, bucketName: (key: string) => string): MediaFiles {
  return {
    async head(pendingKey) {
      try {
        const head = await s3.send(new HeadObjectCommand({ Bucket: privateBucket, Key: pendingKey }));
        const etag = String(head.ETag ?? '');
        const obj = await s3.send(
          new GetObjectCommand({ Bucket: privateBucket, Key: pendingKey, Range: `bytes=0-${MEDIA_PROBE_BYTES - 1}`, IfMatch: etag }),
        );
        const bytes = await bodyBytes(obj.Body);
        return { bytes: bytes.subarray(0, MEDIA_PROBE_BYTES), size: Number(head.ContentLength ?? 0), etag };
      } catch (err) {
        if (isMissing(err)) return null;
        if (changedSinceChecked(err)) throw new DomainError('CONFLICT', CHANGED);
        throw err;
      }
    },
    async read(pendingKey, etag) {
      try {
        const obj = await s3.send(new GetObjectCommand({ Bucket: privateBucket, Key: pendingKey, IfMatch: etag }));
        return await bodyBytes(obj.Body);
      } catch (err) {
        if (changedSinceChecked(err) || isMissing(err)) throw new DomainError('CONFLICT', CHANGED);
        throw err;
      }
    },
    async write(bucket, key, bytes, contentType) {
      const res = await s3.send(
        new PutObjectCommand({
          Bucket: bucketName(bucket),
          Key: key,
          Body: bytes,
          ContentType: contentType,
          CacheControl: 'public, max-age=31536000, immutable',
          // S3 refuses the write unless the bytes it received have this SHA-256.
          ChecksumSHA256: createHash('sha256').update(bytes).digest('base64'),
        }),
      );
      return { etag: String(res.ETag ?? '') };
    },
    async copy(pendingKey, etag, bucket, key, contentType) {
      try {
        const res = await s3.send(
          new CopyObjectCommand({
            Bucket: bucketName(bucket),
            Key: key,
            CopySource: `${privateBucket}/${encodeURIComponent(pendingKey).replace(/%2F/g, '/')}`,
            CopySourceIfMatch: etag,
            ContentType: contentType,
            MetadataDirective: 'REPLACE',
            CacheControl: 'public, max-age=31536000, immutable',
          }),
        );
        return { etag: String(res.CopyObjectResult?.ETag ?? '') };
      } catch (err) {
        if (changedSinceChecked(err) || isMissing(err)) throw new DomainError('CONFLICT', CHANGED);
        throw err;
      }
    },
    async discard(pendingKey) {
      await s3.send(new DeleteObjectCommand({ Bucket: privateBucket, Key: pendingKey }));
    },
    async remove(bucket, key) {
      await s3.send(new DeleteObjectCommand({ Bucket: bucketName(bucket), Key: key }));
    },
  };
}

/** A short-lived (5 minute) GET URL for a private object, on an origin the browser can reach. */
export async function privateObjectUrl(s3: S3Client, bucket: string, key: string, publicEndpoint: string | null): Promise<string> {
  const url = await getSignedUrl(s3, new GetObjectCommand({ Bucket: bucket, Key: key }), { expiresIn: 300 });
  return withPublicOrigin(url, publicEndpoint);
}
