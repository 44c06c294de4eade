import { CopyObjectCommand, DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { MediaFiles } from '../../domain/admin/media.js';
import { withPublicOrigin } from './uploads.js';

const isMissing = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NotFound' || e?.name === 'NoSuchKey' || e?.$metadata?.httpStatusCode === 404;
};

/** Media uploads wait in the private bucket; checked ones are copied to their category's bucket. */
export function s3MediaFiles(s3: S3Client, privateBucket: string, bucketName: (key: string) => string): MediaFiles {
  return {
    async head(pendingKey) {
      try {
        const head = await s3.send(new HeadObjectCommand({ Bucket: privateBucket, Key: pendingKey }));
        const obj = await s3.send(new GetObjectCommand({ Bucket: privateBucket, Key: pendingKey, Range: 'bytes=0-31' }));
        const bytes = new Uint8Array(await (obj.Body as { transformToByteArray(): Promise<Uint8Array> }).transformToByteArray());
        return { bytes: bytes.subarray(0, 32), size: Number(head.ContentLength ?? 0) };
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async publish(pendingKey, bucket, key, contentType) {
      await s3.send(
        new CopyObjectCommand({
          Bucket: bucketName(bucket),
          Key: key,
          CopySource: `${privateBucket}/${encodeURIComponent(pendingKey).replace(/%2F/g, '/')}`,
          ContentType: contentType,
          MetadataDirective: 'REPLACE',
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
      await s3.send(new DeleteObjectCommand({ Bucket: privateBucket, Key: pendingKey }));
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
