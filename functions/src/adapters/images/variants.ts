import { PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { LIMITS } from '../../../../shared/constants.js';
import { config } from '../../config.js';
import { ImageDecodeError } from '../../domain/uploads/verify-upload.js';
import { s3 } from '../s3/client.js';

/** Widths of the WebP variants stored beside every original (`${key}/w{width}.webp`). */
export const VARIANT_WIDTHS = [400, 800, 1600] as const;
export type VariantWidth = (typeof VARIANT_WIDTHS)[number];

export interface ImageVariants {
  /** Size of the stored original: after EXIF rotation, at most MAX_ORIGINAL_EDGE on its longest edge. */
  width: number;
  height: number;
  /** The original re-encoded as JPEG with every piece of metadata (EXIF, GPS, XMP, ICC) removed. */
  original: Buffer;
  /** One WebP per width in VARIANT_WIDTHS, never wider than the original (so every URL exists). */
  variants: Array<{ width: VariantWidth; body: Buffer }>;
}

export interface VariantOptions {
  /** JPEG quality of the re-encoded original (default 82). */
  jpegQuality?: number;
  /** WebP quality (default 78). */
  webpQuality?: number;
  /** WebP encoder effort 0–6 (default 4); lower is faster and slightly larger. */
  webpEffort?: number;
}

/** Larger uploads are refused (about 8000 × 6000: any phone camera fits). */
export const MAX_INPUT_PIXELS = 50_000_000;
/** The stored original is scaled down to fit this many pixels on its longest edge. */
const MAX_ORIGINAL_EDGE = 4096;

export const variantKey = (key: string, width: VariantWidth) => `${key}/w${width}.webp`;
export const originalKey = (key: string) => `${key}/original.jpg`;

/**
 * sharp (native libvips binaries, about 20 MB) is loaded on first use, so only the functions that
 * process images ship and load it: their bundles keep this import, and the CDK app copies sharp
 * beside exactly the bundles that do (infra/lib/constructs/esbuild-code.ts).
 */
async function loadSharp() {
  return (await import('sharp')).default;
}

/**
 * Decodes an uploaded image once, applies its EXIF orientation, and re-encodes it as a clean
 * JPEG plus WebP variants. Re-encoding (rather than copying) drops all metadata — sharp writes
 * none unless asked — which removes camera GPS positions from sellers' photos.
 */
export async function makeImageVariants(input: Buffer, opts: VariantOptions = {}): Promise<ImageVariants> {
  const { jpegQuality = 82, webpQuality = 78, webpEffort = 4 } = opts;
  const sharp = await loadSharp();
  // Rotate into a raw pixel buffer once; every output is encoded from it.
  // Bounded decode: a 5 MB upload can still be a huge image, and the raw pixels live in memory.
  const { data, info } = await sharp(input, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS })
    .autoOrient()
    .resize({ width: MAX_ORIGINAL_EDGE, height: MAX_ORIGINAL_EDGE, fit: 'inside', withoutEnlargement: true })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } } as const;

  const originalP = sharp(data, raw).jpeg({ quality: jpegQuality, mozjpeg: false }).toBuffer();
  const variantsP = VARIANT_WIDTHS.map(async (width) => {
    const pipeline = sharp(data, raw);
    if (info.width > width) pipeline.resize({ width });
    const body = await pipeline.webp({ quality: webpQuality, effort: webpEffort }).toBuffer();
    return { width, body };
  });
  const [original, ...variants] = await Promise.all([originalP, ...variantsP]);
  return { width: info.width, height: info.height, original: original as Buffer, variants: variants as ImageVariants['variants'] };
}

const ORIGINAL_CACHE_CONTROL = `public, max-age=${LIMITS.imageCacheControlSeconds}`;
/** Variant keys are new for every upload, so they never change and can be cached for a year. */
const VARIANT_CACHE_CONTROL = 'public, max-age=31536000, immutable';

export interface StoreImageDeps {
  s3: S3Client;
  bucket: string;
}

/** The shared S3 client and the truck-images bucket from configuration. */
export const defaultImageStore = (): StoreImageDeps => ({ s3, bucket: config.buckets.truckImages });

/** Writes precomputed variants under `key` (original + one WebP per width). */
export async function putImageVariants(deps: StoreImageDeps, key: string, v: ImageVariants): Promise<void> {
  await Promise.all([
    deps.s3.send(
      new PutObjectCommand({
        Bucket: deps.bucket,
        Key: originalKey(key),
        Body: v.original,
        ContentType: 'image/jpeg',
        CacheControl: ORIGINAL_CACHE_CONTROL,
      }),
    ),
    ...v.variants.map((variant) =>
      deps.s3.send(
        new PutObjectCommand({
          Bucket: deps.bucket,
          Key: variantKey(key, variant.width),
          Body: variant.body,
          ContentType: 'image/webp',
          CacheControl: VARIANT_CACHE_CONTROL,
        }),
      ),
    ),
  ]);
}

/** Re-encodes an uploaded image and stores the clean original and its variants under `key`. Returns what the listing keeps. */
export async function storeListingImage(
  key: string,
  input: Buffer,
  deps: StoreImageDeps = defaultImageStore(),
  opts?: VariantOptions,
): Promise<{ key: string; width: number; height: number }> {
  // Only a decode failure is the upload's fault; a failed write below is storage's (503, upload kept).
  const v = await makeImageVariants(input, opts).catch((err: unknown) => {
    throw new ImageDecodeError(err);
  });
  await putImageVariants(deps, key, v);
  return { key, width: v.width, height: v.height };
}
