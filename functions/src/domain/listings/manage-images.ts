import { validationError } from '../errors.js';
import type { PendingImageStore } from './manage-ports.js';
import type { StoredImage } from './types.js';

/** Processed images live under `listings/<ulid>` in the truck-images bucket. */
export const LISTING_IMAGE_PREFIX = 'listings/';

export interface ResolvedImages {
  images: StoredImage[];
  /** Keys taken from the caller's pending uploads (to forget once the listing is written). */
  claimed: string[];
  /** Images the listing had and no longer has (to delete once the listing is written). */
  dropped: string[];
}

/**
 * Turns the image keys a form sent into stored images: each is either already on the listing
 * or one of the caller's own verified uploads. Anything else — another user's upload, a key
 * made up by the browser — is refused, so a listing can only show pictures its owner uploaded.
 */
export async function resolveListingImages(
  pending: PendingImageStore,
  userId: string,
  keys: string[],
  current: StoredImage[] = [],
): Promise<ResolvedImages> {
  const onListing = new Map(current.map((i) => [i.key, i]));
  const fresh = keys.filter((k) => !onListing.has(k));
  for (const key of fresh) {
    if (!key.startsWith(LISTING_IMAGE_PREFIX)) throw validationError(`Image ${key} is not a processed upload`);
  }
  const found = fresh.length ? await pending.find(userId, fresh) : new Map<string, StoredImage>();
  const missing = fresh.filter((k) => !found.has(k));
  if (missing.length) throw validationError(`Image ${missing[0]} was not uploaded by you or has expired; upload it again`);
  const images = keys.map((k) => onListing.get(k) ?? (found.get(k) as StoredImage));
  const kept = new Set(keys);
  return { images, claimed: fresh, dropped: current.filter((i) => !kept.has(i.key)).map((i) => i.key) };
}
