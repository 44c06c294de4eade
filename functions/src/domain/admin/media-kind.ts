/**
 * The media files staff may upload (JPEG, PNG, WebP, MP4, WebM), told apart by their bytes: the
 * rule media.ts applies to every upload before it is published.
 */
import type { ContainerProbe } from './media.js';

export type MediaKind = { mime: string; ext: string; video: boolean };

const KINDS: Record<string, MediaKind> = {
  'image/jpeg': { mime: 'image/jpeg', ext: 'jpg', video: false },
  'image/png': { mime: 'image/png', ext: 'png', video: false },
  'image/webp': { mime: 'image/webp', ext: 'webp', video: false },
  'video/mp4': { mime: 'video/mp4', ext: 'mp4', video: true },
  'video/webm': { mime: 'video/webm', ext: 'webm', video: true },
};

/** What the bytes are (never the name or the browser's claim), as the probe reads the container: JPEG, PNG, WebP, MP4 or WebM. */
export async function detectMediaKind(probe: ContainerProbe, b: Uint8Array): Promise<MediaKind | null> {
  const found = await probe(b);
  return (found && KINDS[found.mime]) ?? null;
}
