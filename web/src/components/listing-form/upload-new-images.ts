import type { ManagedImage } from '@/components/listing-images/image-manager';
import { ApiError } from '@/lib/api-client';
import { toastApiFailure } from '@/lib/api-error-toast';
import { summariseUploadFailures, uploadFailureReason } from '@/lib/listing-image-rules';
import { uploadListingImages } from '@/lib/listing-images';
import { toast } from '@/lib/toast';

/**
 * Uploads the photos added on the form (toasting the progress and any files that failed) and
 * answers the listing's image keys in the order shown: stored ones kept, failed new ones left out.
 * Answers null when the account may not upload at all (already toasted with `refusedText`).
 */
export async function uploadNewImages(
  images: readonly ManagedImage[],
  refusedText: string,
): Promise<{ keys: string[]; failureText: string | null } | null> {
  const files = images.flatMap((img) => (img.kind === 'new' ? [img.file] : []));
  const uploadedByFile = new Map<File, string>();
  let failureText: string | null = null;
  if (files.length) {
    toast({ title: 'Uploading Images', description: `Uploading ${files.length} image(s)...`, durationMs: 60_000 });
    try {
      const outcome = await uploadListingImages(files);
      files.forEach((file, i) => {
        const image = outcome.perFile[i];
        if (image) uploadedByFile.set(file, image.key);
      });
      failureText = summariseUploadFailures(outcome.failures);
    } catch (err) {
      if (err instanceof ApiError && err.code === 'SUSPENDED') {
        toastApiFailure(err, 'Error', refusedText);
        return null;
      }
      failureText = summariseUploadFailures(
        files.map((file) => ({
          name: file.name,
          message: uploadFailureReason(err instanceof ApiError ? err.code : null, err instanceof Error ? err.message : null),
        })),
      );
    }
    if (failureText) toast({ title: 'Image Upload Error', description: failureText, variant: 'destructive' });
  }
  const keys = images.flatMap((img) => {
    if (img.kind === 'stored') return [img.image.key];
    const key = uploadedByFile.get(img.file);
    return key ? [key] : [];
  });
  return { keys, failureText };
}
