import { createHash } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import type { ContainerProbe, ImageReencoder } from '../../domain/admin/media.js';
import { ImageDecodeError } from '../../domain/uploads/verify-upload.js';
import { MAX_INPUT_PIXELS } from './variants.js';

/**
 * sharp (native libvips binaries) is loaded on first use, so only the functions that process
 * images ship it: this module is imported by POST /api/admin/media's handler alone, never by the
 * admin deps other functions share (infra/lib/constructs/native-modules.ts follows the imports).
 */
async function loadSharp() {
  return (await import('sharp')).default;
}

/**
 * Staff media images re-encoded in their own format, the EXIF orientation applied first: sharp
 * writes no metadata unless asked, so EXIF (with any GPS position), XMP and ICC are dropped.
 * Bounded decode, as for listing photos: a 5 MB file can still be a huge image.
 */
export const reencodeMediaImage: ImageReencoder = async (bytes, mime) => {
  const sharp = await loadSharp();
  try {
    const image = sharp(bytes, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS }).autoOrient();
    if (mime === 'image/png') return await image.png({ compressionLevel: 9 }).toBuffer();
    if (mime === 'image/webp') return await image.webp({ quality: 85 }).toBuffer();
    return await image.jpeg({ quality: 85, mozjpeg: true }).toBuffer();
  } catch (err) {
    throw new ImageDecodeError(err);
  }
};

/** The container of a file from its first bytes, by file-type (magic numbers and container structure). */
export const probeContainer: ContainerProbe = async (bytes) => {
  const found = await fileTypeFromBuffer(bytes);
  return found ? { mime: found.mime } : null;
};

/** S3's ETag of a single-part object written with SSE-S3: the MD5 of its bytes, in hex. */
export const md5Hex = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('hex');
