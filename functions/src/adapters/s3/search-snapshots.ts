import { GetObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import type { SnapshotStore } from '../../domain/search/search-service.js';

/** Where the search snapshot of a table lives in the private bucket (never public: cards carry seller names). */
const SEARCH_SNAPSHOT_PREFIX = 'search/';
export const searchSnapshotKey = (tableName: string) => `${SEARCH_SNAPSHOT_PREFIX}${tableName}/index.bin.gz`;

/** The search snapshot as one S3 object, read whole at a search environment's cold start. */
export function s3SnapshotStore(s3: S3Client, bucket: string, key: string): SnapshotStore {
  return {
    async read() {
      try {
        const res = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return res.Body ? await res.Body.transformToByteArray() : null;
      } catch (err) {
        const name = (err as { name?: string }).name;
        if (name === 'NoSuchKey' || name === 'NotFound') return null;
        throw err;
      }
    },
    async write(bytes) {
      await s3.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: key,
          Body: bytes,
          ContentType: 'application/octet-stream',
          ContentEncoding: 'identity',
        }),
      );
    },
  };
}
