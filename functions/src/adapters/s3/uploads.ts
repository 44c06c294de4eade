import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { LIMITS, isAcceptedImageType } from '../../../../shared/constants.js';
import type { UploadedObjects } from '../../domain/uploads/verify-upload.js';
import type { ValuationImages } from '../../domain/valuations/submit-valuation.js';
import { VARIANT_WIDTHS, originalKey, variantKey } from '../images/variants.js';

export interface PresignedPost {
  url: string;
  fields: Record<string, string>;
}

export interface PresignOptions {
  bucket: string;
  key: string;
  /** The type the object is stored with, pinned exactly by the policy (for photos: JPEG, PNG or WebP, as the browser gave it). */
  contentType: string;
  expiresSeconds: number;
  maxBytes?: number;
  /** Origin the browser can reach (locally the s3rver URL); replaces the SDK endpoint's origin. */
  publicEndpoint?: string | null;
}

/**
 * A presigned POST limited to 1 byte..5 MB and exactly the claimed Content-Type, which must be
 * JPEG, PNG or WebP (never `starts-with image/`: that let image/svg+xml through). S3 enforces
 * these conditions; s3rver does not, so completion checks the object again (domain/uploads).
 */
export async function presignImagePost(s3: S3Client, opts: PresignOptions): Promise<PresignedPost> {
  if (!isAcceptedImageType(opts.contentType)) throw new Error(`Refusing to presign ${opts.contentType}`);
  return presignFilePost(s3, { ...opts, maxBytes: opts.maxBytes ?? LIMITS.maxImageBytes });
}

/**
 * A presigned POST of one file to exactly `key`, 1 byte..maxBytes, stored with exactly
 * `contentType` (the policy pins the key, the size range and the type; the browser cannot choose
 * another). S3 enforces the policy; s3rver ignores it, so whoever reads the object checks again.
 */
export async function presignFilePost(s3: S3Client, opts: PresignOptions & { maxBytes: number }): Promise<PresignedPost> {
  const { url, fields } = await createPresignedPost(s3, {
    Bucket: opts.bucket,
    Key: opts.key,
    Conditions: [
      ['content-length-range', 1, opts.maxBytes],
      ['eq', '$Content-Type', opts.contentType],
    ],
    Fields: { 'Content-Type': opts.contentType },
    Expires: opts.expiresSeconds,
  });
  return { url: withPublicOrigin(url, opts.publicEndpoint), fields };
}

/** Swaps the origin of a presigned URL for the one the browser can reach (the path carries the bucket). */
export function withPublicOrigin(url: string, publicEndpoint: string | null | undefined): string {
  if (!publicEndpoint) return url;
  const target = new URL(url);
  const pub = new URL(publicEndpoint);
  target.protocol = pub.protocol;
  target.host = pub.host;
  return target.toString();
}

const isMissing = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NotFound' || e?.name === 'NoSuchKey' || e?.$metadata?.httpStatusCode === 404;
};

/** The uploads bucket as domain/uploads sees it. */
export function s3UploadedObjects(s3: S3Client, bucket: string): UploadedObjects {
  return {
    async size(key) {
      try {
        const head = await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        return head.ContentLength ?? 0;
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async read(key) {
      const res = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      if (!res.Body) return Buffer.alloc(0);
      return Buffer.from(await res.Body.transformToByteArray());
    },
    async delete(key) {
      await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
  };
}

/** The private uploads bucket as valuation requests use it: verified photos are written under the request. */
export function s3ValuationImages(s3: S3Client, bucket: string): ValuationImages {
  return {
    ...s3UploadedObjects(s3, bucket),
    async write(key, bytes, contentType) {
      await s3.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: bytes, ContentType: contentType }));
    },
  };
}

/** Deletes the original and every WebP variant of each listing image. */
export async function deleteListingImageFiles(s3: S3Client, bucket: string, keys: string[]): Promise<void> {
  const objectKeys = keys.flatMap((k) => [originalKey(k), ...VARIANT_WIDTHS.map((w) => variantKey(k, w))]);
  // One DeleteObject each: s3rver's DeleteObjects wants a Content-MD5 the SDK no longer sends by default.
  await Promise.all(objectKeys.map((Key) => s3.send(new DeleteObjectCommand({ Bucket: bucket, Key }))));
}
