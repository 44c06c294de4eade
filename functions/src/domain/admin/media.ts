import {
  ADMIN_PAGE_SIZE,
  MEDIA_BUCKET_BY_CATEGORY,
  MEDIA_LIMITS,
  type MediaAsset,
  type MediaCategory,
  type Page,
} from '../../../../shared/schemas/admin.js';
import { comparableMediaText } from '../../../../shared/media-url.js';
import { DomainError, notFound, validationError } from '../errors.js';
import { ImageDecodeError } from '../uploads/verify-upload.js';
import { auditEntry } from './audit-entry.js';
import { detectMediaKind, type MediaKind } from './media-kind.js';
import type { AuditLog, ContentStore, MediaStore, PromotionStore, Staff, StoredMediaAsset } from './ports.js';

export interface MediaDeps {
  media: MediaStore;
  promotions: PromotionStore;
  content: ContentStore;
  audit: AuditLog;
  files: MediaFiles;
  now: () => Date;
  newId: () => string;
  publicUrl: (bucket: string, key: string) => string;
}

/** Where uploads wait (private) and where checked files are published. */
export interface MediaFiles {
  /**
   * The first MEDIA_PROBE_BYTES, the size and the ETag (S3's MD5 of a single-part object) of a
   * pending upload; null when missing.
   */
  head(pendingKey: string): Promise<{ bytes: Uint8Array; size: number; etag: string } | null>;
  /** The whole pending upload, only while its ETag is still `etag` (a replaced upload is refused). */
  read(pendingKey: string, etag: string): Promise<Uint8Array>;
  /** Stores bytes we made (a re-encoded image) in a public bucket, with S3 checking their SHA-256; returns the stored ETag. */
  write(bucket: string, key: string, bytes: Uint8Array, contentType: string): Promise<{ etag: string }>;
  /** Server-side copy of the pending upload, only while its ETag is still `etag`; returns the copy's ETag. */
  copy(pendingKey: string, etag: string, bucket: string, key: string, contentType: string): Promise<{ etag: string }>;
  discard(pendingKey: string): Promise<void>;
  remove(bucket: string, key: string): Promise<void>;
}

/**
 * Re-encodes an image (sharp, adapters/images/media-images.ts): orientation applied, every piece of
 * metadata (EXIF with its GPS position, XMP, ICC) dropped; the same format back. Throws
 * ImageDecodeError for bytes that are not a decodable image.
 */
export type ImageReencoder = (bytes: Uint8Array, mime: string) => Promise<Uint8Array>;

/** Detects a file's container from its first bytes (file-type); null when unknown. */
export type ContainerProbe = (bytes: Uint8Array) => Promise<{ mime: string } | null>;

const MEDIA_NOT_FOUND = 'Media asset not found';
export const mediaPendingPrefix = (adminId: string) => `${MEDIA_PENDING_PREFIX}${adminId}/`;
/** Where staff uploads wait in the private bucket; a lifecycle rule expires them after a day (infra/lib/data-stack.ts). */
export const MEDIA_PENDING_PREFIX = 'media/pending/';
/** How many leading bytes the container probe reads (file-type's own sample size). */
export const MEDIA_PROBE_BYTES = 4100;

/** ETags as S3 quotes them or not. */
const sameEtag = (a: string, b: string) => a.replace(/"/g, '') === b.replace(/"/g, '');

export function listMedia(deps: MediaDeps, category: MediaCategory | undefined, cursor?: string): Promise<Page<MediaAsset>> {
  return deps.media.list(category, cursor, ADMIN_PAGE_SIZE).then(async (page) => ({
    nextCursor: page.nextCursor,
    items: await withUsage(deps, page.items),
  }));
}

/**
 * Usage = promotions whose image or link is the asset plus content sections that mention its URL,
 * compared with any origin removed (shared/media-url.ts): a URL pasted from "Copy URL" (absolute)
 * counts as much as the relative one, whether or not it was stored before saves normalised it.
 */
async function usageOf(deps: MediaDeps): Promise<(url: string) => { count: number; where: string[] }> {
  const promos = await collect((c) => deps.promotions.list(c, 100));
  const sections = await collect((c) => deps.content.list(c, 100));
  return (assetUrl) => {
    const url = comparableMediaText(assetUrl);
    const same = (u: string | null) => u !== null && comparableMediaText(u.trim()) === url;
    const where = [
      ...promos.filter((p) => same(p.imageUrl) || same(p.linkUrl)).map((p) => `promotion '${p.title}'`),
      ...sections.filter((s) => comparableMediaText(s.content).includes(url)).map((s) => `content ${s.pageSlug} / ${s.sectionKey}`),
    ];
    return { count: where.length, where };
  };
}

async function collect<T>(page: (cursor: string | undefined) => Promise<Page<T>>): Promise<T[]> {
  const out: T[] = [];
  let cursor: string | undefined;
  do {
    const p = await page(cursor);
    out.push(...p.items);
    cursor = p.nextCursor ?? undefined;
  } while (cursor);
  return out;
}

async function withUsage(deps: MediaDeps, assets: StoredMediaAsset[]): Promise<MediaAsset[]> {
  const usage = await usageOf(deps);
  return assets.map(({ bucket, ...a }) => {
    const url = deps.publicUrl(bucket, a.filePath);
    return { ...a, url, usageCount: usage(url).count };
  });
}

/**
 * Publishes uploads after checking their bytes: images ≤ 5 MB, videos (MP4/WebM) ≤ 100 MB.
 * Checked files move from the private pending area to `{category}/{generated name}` in the
 * category's bucket; anything else is discarded and the whole request refused.
 */
export async function completeMediaUploads(
  deps: MediaDeps,
  checks: { probe: ContainerProbe; reencode: ImageReencoder; md5: (bytes: Uint8Array) => string },
  staff: Staff,
  category: MediaCategory,
  uploads: Array<{ key: string; name: string }>,
): Promise<MediaAsset[]> {
  if (uploads.length === 0) throw validationError('Media upload needs at least one file');
  const prefix = mediaPendingPrefix(staff.adminId);
  const checked: Array<{ key: string; name: string; kind: MediaKind; size: number; etag: string }> = [];
  for (const u of uploads) {
    if (!u.key.startsWith(prefix)) throw validationError(`${u.name} was not uploaded here`);
    const head = await deps.files.head(u.key);
    if (!head) throw validationError(`${u.name} was not uploaded`);
    const kind = await detectMediaKind(checks.probe, head.bytes);
    if (!kind) {
      await deps.files.discard(u.key);
      throw new DomainError('UNSUPPORTED_MEDIA_TYPE', `${u.name} is not a JPEG, PNG, WebP, MP4 or WebM file`);
    }
    const max = kind.video ? MEDIA_LIMITS.maxVideoBytes : MEDIA_LIMITS.maxImageBytes;
    if (head.size > max) {
      await deps.files.discard(u.key);
      throw new DomainError('PAYLOAD_TOO_LARGE', `${u.name} is larger than ${kind.video ? '100MB' : '5MB'}`);
    }
    checked.push({ ...u, kind, size: head.size, etag: head.etag });
  }
  const bucket = MEDIA_BUCKET_BY_CATEGORY[category];
  const out: StoredMediaAsset[] = [];
  for (const c of checked) {
    const id = deps.newId();
    const filename = `${Date.now()}-${id.slice(-8).toLowerCase()}.${c.kind.ext}`;
    const filePath = `${category}/${filename}`;
    const fileSize = await publishChecked(deps, checks, c, bucket, filePath);
    const asset: StoredMediaAsset = {
      id,
      filename,
      originalFilename: c.name,
      filePath,
      fileSize,
      mimeType: c.kind.mime,
      category,
      uploadedBy: staff.adminId,
      altText: null,
      tags: [],
      createdAt: deps.now().toISOString(),
      bucket,
    };
    await deps.media.put(
      asset,
      true,
      auditEntry(staff, 'create', 'media', id, { filename, originalFilename: c.name, category, fileSize, mimeType: c.kind.mime }),
    );
    out.push(asset);
  }
  return withUsage(deps, out);
}

/**
 * Publishes one checked upload and returns the published size. Images are decoded and re-encoded
 * (no EXIF, no GPS), and the stored object's ETag must be the MD5 of the bytes we wrote; videos are
 * copied inside S3 from the version we probed (the copy is refused if the upload was replaced
 * since), and the copy's ETag must equal the probed upload's. A mismatch removes the published
 * object and refuses the request; the pending upload is then discarded.
 */
async function publishChecked(
  deps: MediaDeps,
  checks: { reencode: ImageReencoder; md5: (bytes: Uint8Array) => string },
  c: { key: string; name: string; kind: MediaKind; size: number; etag: string },
  bucket: string,
  filePath: string,
): Promise<number> {
  let expected: string;
  let stored: { etag: string };
  let size = c.size;
  if (c.kind.video) {
    expected = c.etag;
    stored = await deps.files.copy(c.key, c.etag, bucket, filePath, c.kind.mime);
  } else {
    let clean: Uint8Array;
    try {
      clean = await checks.reencode(await deps.files.read(c.key, c.etag), c.kind.mime);
    } catch (err) {
      if (!(err instanceof ImageDecodeError)) throw err;
      await deps.files.discard(c.key);
      throw new DomainError('UNSUPPORTED_MEDIA_TYPE', `${c.name} could not be read as an image`);
    }
    expected = checks.md5(clean);
    size = clean.byteLength;
    stored = await deps.files.write(bucket, filePath, clean, c.kind.mime);
  }
  if (!sameEtag(stored.etag, expected)) {
    await deps.files.remove(bucket, filePath);
    await deps.files.discard(c.key);
    throw new DomainError('CONFLICT', `${c.name} changed while it was being published. Please upload it again.`);
  }
  await deps.files.discard(c.key);
  return size;
}

export async function updateMedia(
  deps: MediaDeps,
  staff: Staff,
  id: string,
  changes: { altText?: string | null; tags?: string[] },
): Promise<MediaAsset> {
  const asset = await deps.media.get(id);
  if (!asset) throw notFound(MEDIA_NOT_FOUND);
  const next: StoredMediaAsset = {
    ...asset,
    ...(changes.altText !== undefined ? { altText: changes.altText?.trim() || null } : {}),
    ...(changes.tags !== undefined ? { tags: [...new Set(changes.tags)] } : {}),
  };
  await deps.media.put(next, false, auditEntry(staff, 'update', 'media', id, { altText: next.altText, tags: next.tags }));
  return (await withUsage(deps, [next]))[0];
}

/** Refused while a promotion or content section uses it, naming where. */
export async function deleteMedia(deps: MediaDeps, staff: Staff, id: string): Promise<void> {
  const asset = await deps.media.get(id);
  if (!asset) throw notFound(MEDIA_NOT_FOUND);
  const usage = (await usageOf(deps))(deps.publicUrl(asset.bucket, asset.filePath));
  if (usage.count > 0) throw new DomainError('CONFLICT', `This file is in use by ${usage.where.join(', ')}. Remove it there first.`);
  await deps.files.remove(asset.bucket, asset.filePath);
  await deps.media.delete(
    asset,
    auditEntry(staff, 'delete', 'media', id, {
      filename: asset.filename,
      originalFilename: asset.originalFilename,
      category: asset.category,
    }),
  );
}
