import { GetObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import {
  type DealerFirstScreen,
  FIRST_SCREENS_FORMAT,
  type FirstScreens,
  type FirstScreensStore,
} from '../../domain/search/first-screens.js';

/** Its own prefix, so the page function may read it without being granted the search snapshot (search/). */
const FIRST_SCREENS_PREFIX = 'first-screens/';
/** The main file: home's, the categories' and the list of storefronts' objects. */
export const firstScreensKey = (tableName: string) => `${FIRST_SCREENS_PREFIX}${tableName}.json`;
/** One storefront's stock first page, beside the main file (a slug is lower-case letters, digits and hyphens). */
const dealerFirstScreenKey = (mainKey: string, slug: string) => `${mainKey.replace(/\.json$/, '')}/dealers/${slug}.json`;

/** The first screens as small JSON objects in the private bucket (cards carry seller names: never public). */
export function s3FirstScreensStore(s3: S3Client, bucket: string, key: string): FirstScreensStore {
  /** The object's JSON, or null when it does not exist or is of another format (an earlier release's, until the builder writes again). */
  async function readJson<T extends { format: number }>(objectKey: string): Promise<T | null> {
    let text: string | undefined;
    try {
      const res = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: objectKey }));
      text = await res.Body?.transformToString('utf8');
    } catch (err) {
      const name = (err as { name?: string }).name;
      if (name === 'NoSuchKey' || name === 'NotFound') return null;
      throw err;
    }
    if (!text) return null;
    const parsed = JSON.parse(text) as T;
    return parsed.format === FIRST_SCREENS_FORMAT ? parsed : null;
  }
  async function writeJson(objectKey: string, body: unknown): Promise<void> {
    await s3.send(
      new PutObjectCommand({ Bucket: bucket, Key: objectKey, Body: JSON.stringify(body), ContentType: 'application/json; charset=utf-8' }),
    );
  }
  return {
    read: () => readJson<FirstScreens>(key),
    write: (screens) => writeJson(key, screens),
    readDealer: (slug) => readJson<DealerFirstScreen>(dealerFirstScreenKey(key, slug)),
    writeDealer: (screen) => writeJson(dealerFirstScreenKey(key, screen.slug), screen),
  };
}
