import { isAcceptedImageType } from '@shared/constants';
/**
 * The image rules of the sell and edit forms and of the valuation form (spec §5 "Sell form",
 * "Valuation", §8 "Listing flow"), free of browser APIs so they can be tested directly.
 */

/** The parts of a File the rules look at. */
export interface FileLike {
  name: string;
  type: string;
  size: number;
}

export interface ImageProblem {
  title: string;
  description: string;
}

export interface ImageLimits {
  maxImages: number;
  maxBytes: number;
  /** The too-many text; by default how many more fit (the valuation form states the maximum instead). */
  tooMany?: (remaining: number, max: number) => string;
}

const IMAGE_TEXTS = {
  tooManyTitle: 'Too many images',
  tooMany: (remaining: number, max: number) => `You can only upload ${remaining} more image(s). Maximum ${max} images allowed.`,
  invalidTitle: 'Invalid file type',
  invalid: (file: string) => `${file} is not a valid image file.`,
  tooLargeTitle: 'File too large',
  tooLarge: (file: string, maxBytes: number) => `${file} is larger than ${Math.round(maxBytes / (1024 * 1024))}MB.`,
  uploadErrorTitle: 'Image Upload Error',
} as const;

/**
 * Which chosen files join the listing (or the valuation request): when they would take it past the
 * limit none do (and the person is told so); otherwise every image of at most `maxBytes` does, and the
 * first problem found is reported (one toast at a time).
 */
export function selectListingImages<F extends FileLike>(
  currentCount: number,
  incoming: readonly F[],
  limits: ImageLimits,
): { accepted: F[]; problem: ImageProblem | null } {
  const remaining = Math.max(0, limits.maxImages - currentCount);
  if (incoming.length > remaining) {
    const tooMany = limits.tooMany ?? IMAGE_TEXTS.tooMany;
    return { accepted: [], problem: { title: IMAGE_TEXTS.tooManyTitle, description: tooMany(remaining, limits.maxImages) } };
  }
  const accepted: F[] = [];
  let problem: ImageProblem | null = null;
  for (const file of incoming) {
    if (!isAcceptedImageType(file.type)) {
      problem ??= { title: IMAGE_TEXTS.invalidTitle, description: IMAGE_TEXTS.invalid(file.name) };
    } else if (file.size > limits.maxBytes) {
      problem ??= { title: IMAGE_TEXTS.tooLargeTitle, description: IMAGE_TEXTS.tooLarge(file.name, limits.maxBytes) };
    } else {
      accepted.push(file);
    }
  }
  return { accepted, problem };
}

export interface UploadFailure {
  name: string;
  message: string;
}

/**
 * One toast text for every file that failed: 'Failed to upload {file}: {message}' for one; for
 * several, files with the same reason are grouped ('Failed to upload a.jpg, b.jpg: reason; c.png: other').
 */
export function summariseUploadFailures(failures: readonly UploadFailure[]): string | null {
  if (failures.length === 0) return null;
  const byMessage = new Map<string, string[]>();
  for (const f of failures) {
    const names = byMessage.get(f.message) ?? [];
    names.push(f.name);
    byMessage.set(f.message, names);
  }
  const parts = [...byMessage].map(([message, names]) => `${names.join(', ')}: ${message}`);
  return `Failed to upload ${parts.join('; ')}`;
}

/** The list with the item at `from` moved to `to` (clamped); the same list when nothing moves. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const target = Math.max(0, Math.min(list.length - 1, to));
  if (from < 0 || from >= list.length || from === target) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(target, 0, item);
  return next;
}

/** S3 answers failures as XML (`<Message>…</Message>`); anything else gets a plain status line. */
export function s3ErrorMessage(status: number, body: string): string {
  const match = /<Message>([^<]*)<\/Message>/i.exec(body);
  if (match?.[1]?.trim()) return match[1].trim();
  if (status === 413 || /EntityTooLarge/i.test(body)) return 'The file is too large.';
  return `Upload failed (${status})`;
}

/**
 * Why one file failed, worded to follow 'Failed to upload {file}: '. The API's own texts name the
 * stored key rather than the person's file name, so the known refusals get a plain reason.
 */
export function uploadFailureReason(code: string | null, message: string | null): string {
  if (code === 'UNSUPPORTED_MEDIA_TYPE') return 'not a valid image file';
  if (code === 'PAYLOAD_TOO_LARGE') return 'larger than 5MB';
  const text = (message ?? '').trim().replace(/\.+$/, '');
  return text || 'Upload failed';
}
