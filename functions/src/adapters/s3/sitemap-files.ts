import { gzipSync } from 'node:zlib';
import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import type { SitemapFileStore } from '../../domain/seo/publish-sitemap.js';
import { SITEMAP_INDEX_NAME } from '../../domain/seo/sitemap.js';

/** The built sitemap lives under this prefix of the truck-images bucket (outside the served listings/ prefix); config.sitemapPrefix. */
const SITEMAP_PREFIX = 'sitemaps/';
/** Crawlers re-read the index often; parts change with it, so neither is cached for long. */
const SITEMAP_INDEX_CACHE_CONTROL = 'public, max-age=900';
const SITEMAP_PART_CACHE_CONTROL = 'public, max-age=3600';

export interface StoredSitemapFile {
  body: Buffer;
  contentType: string;
  cacheControl: string;
  etag?: string;
}

/** Writes parts (gzip) then the index, then deletes parts the new index no longer names. */
export function s3SitemapFiles(s3: S3Client, bucket: string, prefix: string = SITEMAP_PREFIX): SitemapFileStore {
  return {
    async publish(files) {
      await Promise.all(
        files.parts.map((p) =>
          s3.send(
            new PutObjectCommand({
              Bucket: bucket,
              Key: `${prefix}${p.name}`,
              Body: gzipSync(p.xml),
              ContentType: 'application/gzip',
              CacheControl: SITEMAP_PART_CACHE_CONTROL,
            }),
          ),
        ),
      );
      await s3.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: `${prefix}${SITEMAP_INDEX_NAME}`,
          Body: files.index,
          ContentType: 'application/xml; charset=utf-8',
          CacheControl: SITEMAP_INDEX_CACHE_CONTROL,
        }),
      );
      const keep = new Set([SITEMAP_INDEX_NAME, ...files.parts.map((p) => p.name)].map((n) => `${prefix}${n}`));
      const listed = await s3.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix }));
      const stale = (listed.Contents ?? []).map((o) => o.Key ?? '').filter((k) => k && !keep.has(k));
      await Promise.all(stale.map((Key) => s3.send(new DeleteObjectCommand({ Bucket: bucket, Key }))));
    },
  };
}

/** One built file by name (`sitemap.xml` or a part), or null before the first build. */
export async function readSitemapFile(
  s3: S3Client,
  bucket: string,
  name: string,
  prefix: string = SITEMAP_PREFIX,
): Promise<StoredSitemapFile | null> {
  try {
    const res = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: `${prefix}${name}` }));
    const body = res.Body ? Buffer.from(await res.Body.transformToByteArray()) : Buffer.alloc(0);
    return {
      body,
      contentType: res.ContentType ?? 'application/octet-stream',
      cacheControl: res.CacheControl ?? SITEMAP_PART_CACHE_CONTROL,
      etag: res.ETag,
    };
  } catch (err) {
    const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
    if (e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404) return null;
    throw err;
  }
}
