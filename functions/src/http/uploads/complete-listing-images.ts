import { uploadCompleteSchema } from '../../../../shared/schemas/sell.js';
import { config } from '../../config.js';
import { storeListingImage } from '../../adapters/images/variants.js';
import { s3 } from '../../adapters/s3/client.js';
import { s3UploadedObjects } from '../../adapters/s3/uploads.js';
import { requireWritableProfile } from '../../domain/accounts/profiles.js';
import { toListingImage } from '../../domain/listings/to-listing.js';
import { completeListingImageUploads } from '../../domain/uploads/verify-upload.js';
import { httpHandler, json, jsonBody, parseWith } from '../handler.js';
import { logError, manageListingDeps, pendingUploads$, profiles$ } from '../my-listings/deps.js';

/**
 * POST /api/uploads/listing-images/complete — checks each uploaded object in the private
 * uploads bucket (owner prefix, size, magic bytes, decodes), re-encodes it with its variants
 * under listings/<id> in the public truck-images bucket, and returns the stored images for the
 * sell or edit form to submit.
 */
export const handler = httpHandler('user', async ({ event, caller }) => {
  const { keys } = parseWith(uploadCompleteSchema, jsonBody(event));
  const bucket = config.buckets.truckImages;
  const images = await completeListingImageUploads(
    {
      uploads: s3UploadedObjects(s3, config.privateUploadsBucket),
      storeImage: (key, bytes) => storeListingImage(key, bytes, { s3, bucket }),
      rememberPending: (userId, stored) => pendingUploads$().remember(userId, stored),
      newId: manageListingDeps().newId,
      assertCanWrite: async () => {
        await requireWritableProfile(profiles$(), caller, new Date());
      },
      onCleanupError: (key, err) => logError(`Completed upload ${key} not removed; it expires with the uploads lifecycle rule`, err),
    },
    caller,
    keys,
  ).catch((err) => {
    if (err instanceof Error && err.cause) logError('Listing image did not decode', err.cause);
    throw err;
  });
  return json(200, { images: images.map((i) => toListingImage(i, config.imagesBaseUrl)) });
});
