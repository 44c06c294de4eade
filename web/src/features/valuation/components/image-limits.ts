import { LIMITS } from '@shared/constants';
import type { ImageLimits } from '@/lib/listing-image-rules';

/** The listing image rules, telling the maximum when too many are chosen (spec §5 "Valuation"). */
export const VALUATION_IMAGE_LIMITS: ImageLimits = {
  maxImages: LIMITS.maxImagesPerListing,
  maxBytes: LIMITS.maxImageBytes,
  tooMany: (_remaining, max) => `You can upload a maximum of ${max} images.`,
};
