import { LIMITS, isAcceptedImageType } from '../../../../shared/constants.js';
import { SELL_TEXTS, type UploadRequest } from '../../../../shared/schemas/sell.js';
import type { Caller } from '../caller.js';
import { DomainError, forbidden, notFound, unauthenticated, validationError } from '../errors.js';
import { getOwnedListing } from '../listings/manage-access.js';
import { LISTING_IMAGE_PREFIX } from '../listings/manage-images.js';
import type { OwnerListingStore } from '../listings/manage-ports.js';
import type { StoredImage } from '../listings/types.js';
import type { RateLimiter } from '../rate-limit.js';

/**
 * Presigned listing uploads land in the PRIVATE uploads bucket under the uploader's own prefix:
 * nothing there is ever served. Only the re-encoded variants /complete writes under `listings/`
 * in the truck-images bucket are public.
 */
export const LISTING_UPLOADS_PREFIX = 'uploads/listing-images/';
const uploadPrefix = (userId: string) => `${LISTING_UPLOADS_PREFIX}${userId}/`;

/**
 * Thrown by the image store when the bytes do not decode as an image (truncated, corrupt, a
 * bomb over the pixel limit): the upload is the problem (415). Anything else the store throws
 * is our storage failing (503), and the upload is kept for a retry.
 */
export class ImageDecodeError extends Error {
  constructor(cause: unknown) {
    super('The image did not decode', { cause });
    this.name = 'ImageDecodeError';
  }
}

export const UPLOAD_EXPIRY_SECONDS = 600;

export type ImageKind = 'jpeg' | 'png' | 'webp';

/** What the file really is, from its first bytes (the browser's name and type are only claims). */
export function detectImageKind(bytes: Uint8Array): ImageKind | null {
  const at = (i: number) => bytes[i];
  if (bytes.length >= 3 && at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) return 'jpeg';
  if (bytes.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => at(i) === b)) return 'png';
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  return null;
}

const fileNameOf = (key: string) => key.slice(key.lastIndexOf('/') + 1);

/** What the browser claims about each file before uploading: JPEG, PNG or WebP, 1 byte..5 MB (checked again on completion). */
export function checkUploadClaims(files: ReadonlyArray<{ name: string; type: string; size: number }>): void {
  for (const f of files) {
    if (!isAcceptedImageType(f.type)) throw new DomainError('UNSUPPORTED_MEDIA_TYPE', SELL_TEXTS.invalidFile(f.name));
    if (f.size > LIMITS.maxImageBytes) throw new DomainError('PAYLOAD_TOO_LARGE', SELL_TEXTS.fileTooLarge(f.name));
    if (f.size === 0) throw validationError(`${f.name} is empty.`);
  }
}

export interface UploadPlanDeps {
  listings: OwnerListingStore;
  newId: () => string;
  rateLimit?: RateLimiter;
}

/** Upload requests one account may make per hour (each for up to 10 files). */
const UPLOAD_RATE_LIMIT = { scope: 'listing-uploads', limit: 60, windowSeconds: 3600 } as const;

export interface PlannedUpload {
  name: string;
  key: string;
  contentType: string;
}

/**
 * Checks the files the browser is about to upload (what it claims; the bytes are checked again
 * on completion) and gives each a fresh key under the caller's prefix. With a listingId, the
 * listing must be the caller's and have room for the files within the 10-image limit.
 */
export async function planListingImageUploads(deps: UploadPlanDeps, caller: Caller, request: UploadRequest): Promise<PlannedUpload[]> {
  if (caller.kind !== 'user') throw unauthenticated();
  const already = request.listingId ? (await getOwnedListing(deps.listings, caller, request.listingId)).images.length : 0;
  const remaining = Math.max(0, LIMITS.maxImagesPerListing - already);
  if (request.files.length > remaining) throw validationError(SELL_TEXTS.tooManyImages(remaining), { remaining });
  checkUploadClaims(request.files);
  if (deps.rateLimit) {
    const limit = await deps.rateLimit({ ...UPLOAD_RATE_LIMIT, key: caller.userId });
    if (!limit.allowed) {
      throw new DomainError('RATE_LIMITED', 'Too many uploads. Please try again later.', { retryAfterSeconds: limit.retryAfterSeconds });
    }
  }
  return request.files.map((f) => ({
    name: f.name,
    key: `${uploadPrefix(caller.userId)}${deps.newId()}`,
    contentType: f.type.trim().toLowerCase(),
  }));
}

/** The upload bucket as the completion step needs it. */
export interface UploadedObjects {
  /** Size in bytes, or null when there is no such object. */
  size(key: string): Promise<number | null>;
  read(key: string): Promise<Buffer>;
  delete(key: string): Promise<void>;
}

export interface CompleteUploadDeps {
  uploads: UploadedObjects;
  /** Re-encodes (dropping metadata) and stores the image with its variants under `key`; ImageDecodeError when it does not decode. */
  storeImage: (key: string, bytes: Buffer) => Promise<StoredImage>;
  /** Remembers the processed image as the user's, until a listing takes it. */
  rememberPending: (userId: string, images: StoredImage[]) => Promise<void>;
  newId: () => string;
  /** Suspended accounts write nothing (accounts rule). */
  assertCanWrite: () => Promise<void>;
  /** Told when a completed upload could not be removed (it expires on its own). */
  onCleanupError?: (key: string, err: unknown) => void;
}

/**
 * Checks one uploaded object on the server, because the presigned POST's limits are not enough
 * (s3rver ignores them; a client may lie): it must exist (404), be at most 5 MB (413) and be a
 * JPEG, PNG or WebP by its magic bytes (415). A refused object is deleted.
 */
export async function verifyUploadedImage(uploads: UploadedObjects, key: string): Promise<{ bytes: Buffer; kind: ImageKind }> {
  const name = fileNameOf(key);
  const size = await uploads.size(key);
  if (size === null) throw notFound(`Upload ${name} was not found; it may have expired`);
  if (size > LIMITS.maxImageBytes) {
    await uploads.delete(key);
    throw new DomainError('PAYLOAD_TOO_LARGE', SELL_TEXTS.fileTooLarge(name));
  }
  const bytes = await uploads.read(key);
  // The object may have been replaced between HEAD and GET.
  if (bytes.length > LIMITS.maxImageBytes) {
    await uploads.delete(key);
    throw new DomainError('PAYLOAD_TOO_LARGE', SELL_TEXTS.fileTooLarge(name));
  }
  const kind = detectImageKind(bytes);
  if (!kind) {
    await uploads.delete(key);
    throw new DomainError('UNSUPPORTED_MEDIA_TYPE', SELL_TEXTS.invalidFile(name));
  }
  return { bytes, kind };
}

/**
 * POST /api/uploads/listing-images/complete. The presigned POST's own limits are not enough:
 * the local S3 ignores them, and a client may lie about names and types. So, for each key:
 * it must be under the caller's own prefix (403); at most 5 MB (413); really a JPEG, PNG or
 * WebP by its magic bytes and decode (415). Refused objects are deleted; when storage fails
 * the error propagates (503) and the uploads stay. Accepted ones are re-encoded
 * under a new `listings/<id>` key; the uploads are removed only once the whole batch is stored.
 * Every key is checked before any is processed, so a refusal leaves nothing half-done, and a
 * failure while storing leaves every good upload to be completed again.
 */
export async function completeListingImageUploads(deps: CompleteUploadDeps, caller: Caller, keys: string[]): Promise<StoredImage[]> {
  if (caller.kind !== 'user') throw unauthenticated();
  await deps.assertCanWrite();
  const prefix = uploadPrefix(caller.userId);
  for (const key of keys) {
    if (!key.startsWith(prefix) || key.includes('..') || key.length === prefix.length) {
      throw forbidden('You can only complete your own uploads');
    }
  }
  if (new Set(keys).size !== keys.length) throw validationError('The same upload is listed twice');

  const checked: Array<{ key: string; bytes: Buffer }> = [];
  for (const key of keys) {
    const { bytes } = await verifyUploadedImage(deps.uploads, key);
    checked.push({ key, bytes });
  }

  // All or nothing for the uploads: every photo is stored before any upload is removed, so a
  // failure part-way (storage down, a photo that does not decode) leaves every good upload in
  // place and the same keys (less a refused one) can simply be completed again. What was already
  // stored is remembered as the user's pending images, which expire unattached (SweepUnattachedImages).
  const stored: StoredImage[] = [];
  for (const { key, bytes } of checked) {
    try {
      stored.push(await deps.storeImage(`${LISTING_IMAGE_PREFIX}${deps.newId()}`, bytes));
    } catch (err) {
      if (stored.length) await deps.rememberPending(caller.userId, stored);
      // Storage failing is not the photo's fault: keep the upload so the same keys can be completed again.
      if (!(err instanceof ImageDecodeError)) throw err;
      // Magic bytes right but the image does not decode (truncated, corrupt): not a valid image.
      await deps.uploads.delete(key);
      throw Object.assign(new DomainError('UNSUPPORTED_MEDIA_TYPE', SELL_TEXTS.invalidFile(fileNameOf(key))), { cause: err.cause });
    }
  }
  await deps.rememberPending(caller.userId, stored);
  // The batch is done: removing the uploads is housekeeping. One that cannot be removed now
  // expires with the private bucket's lifecycle rule; failing the request for it would make the
  // browser retry a batch whose other uploads are already gone.
  for (const { key } of checked) {
    await deps.uploads.delete(key).catch((err: unknown) => deps.onCleanupError?.(key, err));
  }
  return stored;
}
