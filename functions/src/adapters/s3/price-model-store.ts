import { GetObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import type { PriceModel } from '../../domain/pricing/fair-price.js';
import type { PriceModelStore } from '../../domain/pricing/price-model-build.js';

/** One model per table (AWS has one; local tests each have their own table, so their models never mix). */
export const priceModelKey = (tableName: string) => `models/${tableName}/price-model.json`;

/** The fair-price model as one JSON object in the private bucket (never public). */
export function s3PriceModelStore(
  s3: S3Client,
  bucket: string,
  key: string,
  /** Readers re-read the stored model at most this often (config.priceModelReadCacheMs); it is rebuilt at most every 10 minutes. */
  readCacheMs = 5 * 60 * 1000,
): PriceModelStore & { cached(): Promise<PriceModel | null> } {
  let cache: { model: PriceModel | null; at: number } | undefined;
  const load = async (): Promise<PriceModel | null> => {
    try {
      const res = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      return JSON.parse(await (res.Body as { transformToString(): Promise<string> }).transformToString()) as PriceModel;
    } catch (err) {
      if ((err as { name?: string }).name === 'NoSuchKey') return null;
      throw err;
    }
  };
  return {
    load,
    async save(model) {
      await s3.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: JSON.stringify(model), ContentType: 'application/json' }));
      cache = { model, at: Date.now() };
    },
    /** The model for readers: cached per environment; a failed read keeps serving the last one (or none). */
    async cached() {
      if (cache && Date.now() - cache.at < readCacheMs) return cache.model;
      try {
        cache = { model: await load(), at: Date.now() };
      } catch (err) {
        console.error(
          JSON.stringify({ level: 'warn', message: 'Price model could not be read; ratings are left out', error: String(err) }),
        );
        cache = { model: cache?.model ?? null, at: Date.now() };
      }
      return cache.model;
    },
  };
}
