import { isAcceptedImageType } from '@shared/constants';
/** The parts of a File the rules look at (so the rules can be tested without a browser). */
export interface FileLike {
  name: string;
  type: string;
  size: number;
}

interface ImageProblem {
  title: string;
  description: string;
}

export interface ImageSelection<F extends FileLike> {
  /** Files to add, in the order chosen. */
  accepted: F[];
  /** What to tell the person (one toast at a time, so the first problem found). */
  problem: ImageProblem | null;
}

export interface ImageLimits {
  maxImages: number;
  maxBytes: number;
}

/**
 * Valuation image rules (spec §5): at most 10 images in total — choosing more adds none of them;
 * otherwise each non-image or file over 5 MB is left out and the rest are added.
 * The limits come from the caller (shared LIMITS) so this file stays free of path aliases.
 */
export function selectImages<F extends FileLike>(currentCount: number, incoming: readonly F[], limits: ImageLimits): ImageSelection<F> {
  if (currentCount + incoming.length > limits.maxImages) {
    return {
      accepted: [],
      problem: { title: 'Too many images', description: `You can upload a maximum of ${limits.maxImages} images.` },
    };
  }
  const accepted: F[] = [];
  let problem: ImageProblem | null = null;
  for (const file of incoming) {
    if (!isAcceptedImageType(file.type)) {
      problem ??= { title: 'Invalid file type', description: `${file.name} is not a valid image file.` };
      continue;
    }
    if (file.size > limits.maxBytes) {
      problem ??= { title: 'File too large', description: `${file.name} is larger than ${Math.round(limits.maxBytes / (1024 * 1024))}MB.` };
      continue;
    }
    accepted.push(file);
  }
  return { accepted, problem };
}
