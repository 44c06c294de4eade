import { GetObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { FIRST_SCREENS_FORMAT, type FirstScreens, type FirstScreensStore } from '../../domain/search/first-screens.js';

/** Its own prefix, so the page function may read it without being granted the search snapshot (search/). */
const FIRST_SCREENS_PREFIX = 'first-screens/';
export const firstScreensKey = (tableName: string) => `${FIRST_SCREENS_PREFIX}${tableName}.json`;

/** The first screens as one small JSON object in the private bucket (cards carry seller names: never public). */
export function s3FirstScreensStore(s3: S3Client, bucket: string, key: string): FirstScreensStore {
  return {
    async read() {
      let text: string | undefined;
      try {
        const res = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        text = await res.Body?.transformToString('utf8');
      } catch (err) {
        const name = (err as { name?: string }).name;
        if (name === 'NoSuchKey' || name === 'NotFound') return null;
        throw err;
      }
      if (!text) return null;
      const screens = JSON.parse(text) as FirstScreens;
      // A file of another format (an earlier release's, until the builder writes again) is none.
      return screens.format === FIRST_SCREENS_FORMAT ? screens : null;
    },
    async write(screens) {
      await s3.send(
        new PutObjectCommand({ Bucket: bucket, Key: key, Body: JSON.stringify(screens), ContentType: 'application/json; charset=utf-8' }),
      );
    },
  };
}
