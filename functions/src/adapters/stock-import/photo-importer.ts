import { ulid } from 'ulid';
import { LIMITS } from '../../../../shared/constants.js';
import { PHOTO_FETCH_INTERVAL_MS } from '../../../../shared/limits.js';
import type { HostPacer } from '../http/host-pacer.js';
import { LISTING_IMAGE_PREFIX } from '../../domain/listings/manage-images.js';
import type { PhotoImporter } from '../../domain/stock-import/apply-import.js';
import { detectImageKind } from '../../domain/uploads/verify-upload.js';
import { type StoreImageDeps, storeListingImage } from '../images/variants.js';
import { type SafeFetcher, failureReason } from '../http/safe-fetch.js';
import { STOCK_IMPORT_USER_AGENT, loggableUrl } from './feed-fetch.js';

const PHOTO_TIMEOUT_MS = 10_000;

/**
 * What the import report says of a photo that could not be fetched, whatever the reason (the
 * reason is logged): the report must not tell a refused address from a closed port or a timeout.
 */
const PHOTO_FETCH_FAILED = 'Could not be fetched: check it is a public web address of a JPEG, PNG or WebP image of at most 5 MB';

/**
 * Photos named in a stock file: fetched one at a time per row, paced per host by the scraper's
 * HostPacer (one pacer per execution environment, so concurrent rows queue for a host's slots),
 * through the SSRF guard
 * (adapters/http/safe-fetch.ts: public addresses only, ≤ 5 redirects, ≤ 5 MB, 10 s), checked by
 * their bytes (JPEG, PNG or WebP only) and stored through the same pipeline as browser uploads
 * (clean original plus WebP variants under listings/).
 */
export function createPhotoImporter(
  store: StoreImageDeps,
  fetcher: SafeFetcher,
  opts: { pacer: HostPacer; intervalMs?: number },
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
          ({ bytes } = await fetcher.fetchBytes(url, {
            maxBytes: LIMITS.maxImageBytes,
            timeoutMs: PHOTO_TIMEOUT_MS,
            userAgent: STOCK_IMPORT_USER_AGENT,
          }));
        } catch (err) {
          console.warn(
            JSON.stringify({ level: 'warn', message: 'Imported photo not fetched', url: loggableUrl(url), reason: failureReason(err) }),
          );
          failures.push({ url, reason: PHOTO_FETCH_FAILED });
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
