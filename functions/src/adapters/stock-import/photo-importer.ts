import { ulid } from 'ulid';
import { LIMITS } from '../../../../shared/constants.js';
import { PHOTO_FETCH_INTERVAL_MS } from '../../../../shared/limits.js';
import type { HostPacer } from '../http/host-pacer.js';
import { LISTING_IMAGE_PREFIX } from '../../domain/listings/manage-images.js';
import type { PhotoImporter } from '../../domain/stock-import/apply-import.js';
import { detectImageKind } from '../../domain/uploads/verify-upload.js';
import { type StoreImageDeps, storeListingImage } from '../images/variants.js';
import { boundedFetch, FetchRefused } from './bounded-fetch.js';

const PHOTO_TIMEOUT_MS = 10_000;

/**
 * Photos named in a stock file: fetched one at a time per row, paced per host by the scraper's
 * HostPacer (one pacer per execution environment, so concurrent rows queue for a host's slots),
 * with the limits of bounded-fetch.ts, checked by their bytes (JPEG, PNG or WebP only, ≤ 5 MB) and stored through
 * the same pipeline as browser uploads (clean original plus WebP variants under listings/).
 */
export function createPhotoImporter(
  store: StoreImageDeps,
  opts: { allowPrivate: boolean; fetchFn?: typeof fetch; pacer: HostPacer; intervalMs?: number },
): PhotoImporter {
  const intervalMs = opts.intervalMs ?? PHOTO_FETCH_INTERVAL_MS;
  return {
    async importPhotos(_ownerId, urls) {
      const images: Awaited<ReturnType<PhotoImporter['importPhotos']>>['images'] = [];
      const failures: Array<{ url: string; reason: string }> = [];
      for (const url of urls) {
        let bytes: Buffer;
        try {
          // Every row's photos from one host share its slots: ≤ 1 request per second per host (shared/limits.ts).
          await opts.pacer.wait(new URL(url).host, intervalMs);
          ({ bytes } = await boundedFetch(url, {
            maxBytes: LIMITS.maxImageBytes,
            timeoutMs: PHOTO_TIMEOUT_MS,
            allowPrivate: opts.allowPrivate,
            fetchFn: opts.fetchFn,
          }));
        } catch (err) {
          const reason =
            err instanceof FetchRefused ? err.message : (err as Error)?.name === 'TimeoutError' ? 'Timed out' : 'Could not be fetched';
          failures.push({ url, reason });
          continue;
        }
        if (!detectImageKind(bytes)) {
          failures.push({ url, reason: 'Not a JPEG, PNG or WebP image' });
          continue;
        }
        try {
          images.push(await storeListingImage(`${LISTING_IMAGE_PREFIX}${ulid()}`, bytes, store));
        } catch (err) {
          // A file that only looks like an image fails to decode: the row goes on without it.
          // Storage errors are not the dealer's: they fail the row, and the report says so.
          if (/Input buffer|unsupported image|corrupt|premature end/i.test(String((err as Error)?.message))) {
            failures.push({ url, reason: 'Not a readable image' });
          } else throw err;
        }
      }
      return { images, failures };
    },
  };
}
