import { s3 } from '../../adapters/s3/client.js';
import { readSitemapFile } from '../../adapters/s3/sitemap-files.js';
import { config } from '../../config.js';
import { DomainError, notFound } from '../../domain/errors.js';
import { SITEMAP_INDEX_NAME } from '../../domain/seo/sitemap.js';
import { type HttpResult, httpHandler } from '../handler.js';

/** A built sitemap file from S3, as is: no table read per request (jobs/build-sitemap.ts writes them). */
export async function serveSitemapFile(name: string): Promise<HttpResult> {
  const file = await readSitemapFile(s3, config.buckets.truckImages, name, config.sitemapPrefix);
  if (!file) {
    if (name !== SITEMAP_INDEX_NAME) throw notFound('No such sitemap');
    // Only before the very first build (the job builds when there is none).
    throw new DomainError('SERVICE_UNAVAILABLE', 'The sitemap is being built. Please try again shortly.');
  }
  const binary = name.endsWith('.gz');
  return {
    statusCode: 200,
    headers: { 'content-type': file.contentType, 'cache-control': file.cacheControl, ...(file.etag ? { etag: file.etag } : {}) },
    body: binary ? file.body.toString('base64') : file.body.toString('utf8'),
    isBase64Encoded: binary,
  };
}

/** GET /sitemap.xml — the sitemap index. */
export const handler = httpHandler('public', async () => serveSitemapFile(SITEMAP_INDEX_NAME));
