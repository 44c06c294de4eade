import {
  ADMIN_PAGE_SIZE,
  MEDIA_BUCKET_BY_CATEGORY,
  MEDIA_LIMITS,
  type MediaAsset,
  type MediaCategory,
  type Page,
} from '../../../../shared/schemas/admin.js';
import { DomainError, notFound, validationError } from '../errors.js';
import { auditEntry } from './audit-entry.js';
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
  /** The first bytes and the size of a pending upload; null when missing. */
  head(pendingKey: string): Promise<{ bytes: Uint8Array; size: number } | null>;
  publish(pendingKey: string, bucket: string, key: string, contentType: string): Promise<void>;
  discard(pendingKey: string): Promise<void>;
  remove(bucket: string, key: string): Promise<void>;
}

export const MEDIA_NOT_FOUND = 'Media asset not found';
export const mediaPendingPrefix = (adminId: string) => `media/pending/${adminId}/`;

export type MediaKind = { mime: string; ext: string; video: boolean };

/** What the bytes are (never the name or the browser's claim): JPEG, PNG, WebP, MP4 or WebM. */
export function detectMediaKind(b: Uint8Array): MediaKind | null {
  const ascii = (from: number, to: number) => String.fromCharCode(...b.subarray(from, to));
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return { mime: 'image/jpeg', ext: 'jpg', video: false };
  if (b.length >= 8 && b[0] === 0x89 && ascii(1, 4) === 'PNG') return { mime: 'image/png', ext: 'png', video: false };
  if (b.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return { mime: 'image/webp', ext: 'webp', video: false };
  if (b.length >= 12 && ascii(4, 8) === 'ftyp') return { mime: 'video/mp4', ext: 'mp4', video: true };
  if (b.length >= 4 && b[0] === 0x1a && b[1] === 0x45 && b[2] === 0xdf && b[3] === 0xa3)
    return { mime: 'video/webm', ext: 'webm', video: true };
  return null;
}

export function listMedia(deps: MediaDeps, category: MediaCategory | undefined, cursor?: string): Promise<Page<MediaAsset>> {
  return deps.media.list(category, cursor, ADMIN_PAGE_SIZE).then(async (page) => ({
    nextCursor: page.nextCursor,
    items: await withUsage(deps, page.items),
  }));
}

/** Usage = promotions whose image is the asset plus content sections that mention its URL. */
async function usageOf(deps: MediaDeps): Promise<(url: string) => { count: number; where: string[] }> {
  const promos = await collect((c) => deps.promotions.list(c, 100));
  const sections = await collect((c) => deps.content.list(c, 100));
  return (url) => {
    const where = [
      ...promos.filter((p) => p.imageUrl === url).map((p) => `promotion '${p.title}'`),
      ...sections.filter((s) => s.content.includes(url)).map((s) => `content ${s.pageSlug} / ${s.sectionKey}`),
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
  staff: Staff,
  category: MediaCategory,
  uploads: Array<{ key: string; name: string }>,
): Promise<MediaAsset[]> {
  if (uploads.length === 0) throw validationError('Media upload needs at least one file');
  const prefix = mediaPendingPrefix(staff.adminId);
  const checked: Array<{ key: string; name: string; kind: MediaKind; size: number }> = [];
  for (const u of uploads) {
    if (!u.key.startsWith(prefix)) throw validationError(`${u.name} was not uploaded here`);
    const head = await deps.files.head(u.key);
    if (!head) throw validationError(`${u.name} was not uploaded`);
    const kind = detectMediaKind(head.bytes);
    if (!kind) {
      await deps.files.discard(u.key);
      throw new DomainError('UNSUPPORTED_MEDIA_TYPE', `${u.name} is not a JPEG, PNG, WebP, MP4 or WebM file`);
    }
    const max = kind.video ? MEDIA_LIMITS.maxVideoBytes : MEDIA_LIMITS.maxImageBytes;
    if (head.size > max) {
      await deps.files.discard(u.key);
      throw new DomainError('PAYLOAD_TOO_LARGE', `${u.name} is larger than ${kind.video ? '100MB' : '5MB'}`);
    }
    checked.push({ ...u, kind, size: head.size });
  }
  const bucket = MEDIA_BUCKET_BY_CATEGORY[category];
  const out: StoredMediaAsset[] = [];
  for (const c of checked) {
    const id = deps.newId();
    const filename = `${Date.now()}-${id.slice(-8).toLowerCase()}.${c.kind.ext}`;
    const filePath = `${category}/${filename}`;
    await deps.files.publish(c.key, bucket, filePath, c.kind.mime);
    const asset: StoredMediaAsset = {
      id,
      filename,
      originalFilename: c.name,
      filePath,
      fileSize: c.size,
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
      auditEntry(staff, 'create', 'media', id, { filename, originalFilename: c.name, category, fileSize: c.size, mimeType: c.kind.mime }),
    );
    out.push(asset);
  }
  return withUsage(deps, out);
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
