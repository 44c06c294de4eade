import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  type GetObjectCommandOutput,
  ListObjectsV2Command,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { STOCK_IMPORTS_PREFIX } from '../../../../shared/schemas/stock-import.js';
import type { ImportFileRead, ImportFiles } from '../../domain/stock-import/stock-imports.js';

const isMissing = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
};

/** The media type of a Content-Type header, lower-cased, without parameters. */
const mediaType = (contentType: string | undefined) => contentType?.split(';')[0].trim().toLowerCase() || null;

/**
 * Stock files in the private uploads bucket. One GetObject per read: its Content-Length and
 * Content-Type are checked before the body is read, and the body is read only up to maxBytes (a
 * length the store misreports cannot make us hold more).
 */
export function s3ImportFiles(s3: S3Client, bucket: string): ImportFiles {
  return {
    async put(key, bytes) {
      await s3.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: bytes, ContentType: 'text/csv' }));
    },
    async read(key, limits): Promise<ImportFileRead> {
      let res: GetObjectCommandOutput;
      try {
        res = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      } catch (err) {
        if (isMissing(err)) return { ok: false, reason: 'missing' };
        throw err;
      }
      const body = res.Body as unknown as Readable | undefined;
      const type = mediaType(res.ContentType);
      if (type !== limits.contentType) {
        body?.destroy();
        return { ok: false, reason: 'wrong-type', contentType: type };
      }
      if ((res.ContentLength ?? 0) > limits.maxBytes) {
        body?.destroy();
        return { ok: false, reason: 'too-large', bytes: res.ContentLength ?? 0 };
      }
      const chunks: Buffer[] = [];
      let total = 0;
      for await (const chunk of body ?? []) {
        total += (chunk as Buffer).length;
        if (total > limits.maxBytes) {
          body?.destroy();
          return { ok: false, reason: 'too-large', bytes: total };
        }
        chunks.push(chunk as Buffer);
      }
      return { ok: true, bytes: Buffer.concat(chunks), etag: res.ETag ?? null };
    },
  };
}

/**
 * Deletes every stock file under imports/<sub>/ (account deletion): one listing page after another,
 * one DeleteObject each (s3rver's DeleteObjects wants a Content-MD5 the SDK no longer sends). The
 * versions left behind expire a day later (infra/lib/data-stack.ts expire-stock-imports).
 */
export async function deleteStockFilesOf(s3: S3Client, bucket: string, userId: string): Promise<number> {
  const prefix = `${STOCK_IMPORTS_PREFIX}${userId}/`;
  let deleted = 0;
  let token: string | undefined;
  do {
    const page = await s3.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }));
    const keys = (page.Contents ?? []).map((o) => o.Key).filter((k): k is string => Boolean(k?.startsWith(prefix)));
    await Promise.all(keys.map((Key) => s3.send(new DeleteObjectCommand({ Bucket: bucket, Key }))));
    deleted += keys.length;
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return deleted;
}
