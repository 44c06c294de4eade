import type { ListingImage } from '@shared/schemas/listing';
import type { PresignedUpload } from '@shared/schemas/sell';
import { ApiError, apiRequest } from './api-client';
import { type UploadFailure, s3ErrorMessage, uploadFailureReason } from './listing-image-rules';

/**
 * Listing photos go straight from the browser to the bucket: the API hands out one presigned
 * POST per file, the browser posts each file, then the API checks and re-encodes each upload
 * (POST …/complete) and answers the stored image. Files are completed one by one so one bad
 * file does not cost the others (spec §8: "that file is skipped, the rest continue").
 */

export interface UploadOutcome {
  /** Stored images, in the order the files were given (failed files left out). */
  images: ListingImage[];
  failures: UploadFailure[];
  /** One entry per file given: its stored image, or null when it failed. */
  perFile: Array<ListingImage | null>;
}

async function postToBucket(upload: PresignedUpload, file: File): Promise<void> {
  const form = new FormData();
  for (const [k, v] of Object.entries(upload.fields)) form.append(k, v);
  form.append('file', file);
  let res: Response;
  try {
    res = await fetch(upload.url, { method: 'POST', body: form });
  } catch {
    throw new Error('Network error');
  }
  if (!res.ok) throw new Error(s3ErrorMessage(res.status, await res.text().catch(() => '')));
}

async function completeUpload(key: string): Promise<ListingImage> {
  const { images } = await apiRequest<{ images: ListingImage[] }>('/uploads/listing-images/complete', {
    method: 'POST',
    body: { keys: [key] },
  });
  const image = images[0];
  if (!image) throw new Error('The server stored no image');
  return image;
}

const messageOf = (err: unknown) =>
  uploadFailureReason(err instanceof ApiError ? err.code : null, err instanceof Error ? err.message : null);

/**
 * Uploads `files` and returns what was stored. Throws (an ApiError) only when the API refuses
 * the whole batch up front, e.g. a suspended account (403 SUSPENDED) or a signed-out caller.
 */
export async function uploadListingImages(files: readonly File[], concurrency = 3): Promise<UploadOutcome> {
  if (files.length === 0) return { images: [], failures: [], perFile: [] };
  const { uploads } = await apiRequest<{ uploads: PresignedUpload[] }>('/uploads/listing-images', {
    method: 'POST',
    body: { files: files.map((f) => ({ name: f.name, type: f.type, size: f.size })) },
  });
  const results: Array<ListingImage | UploadFailure> = new Array(files.length);
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const i = next++;
      const file = files[i];
      const upload = uploads[i];
      try {
        if (!upload) throw new Error('No upload slot was given for this file');
        await postToBucket(upload, file);
        results[i] = await completeUpload(upload.key);
      } catch (err) {
        if (err instanceof ApiError && err.code === 'SUSPENDED') throw err;
        results[i] = { name: file.name, message: messageOf(err) };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, files.length) }, worker));
  const images: ListingImage[] = [];
  const failures: UploadFailure[] = [];
  for (const r of results) {
    if ('key' in r) images.push(r);
    else failures.push(r);
  }
  return { images, failures, perFile: results.map((r) => ('key' in r ? r : null)) };
}
