import {
  ADMIN_PAGE_SIZE,
  PROMOTION_POSITIONS,
  type Page,
  type Promotion,
  type PromotionInput,
  type PromotionPosition,
  isPromotionEffective,
  promotionInputSchema,
} from '../../../../shared/schemas/admin.js';
import { siteRelativeUrl } from '../../../../shared/media-url.js';
import { notFound } from '../errors.js';
import { auditEntry } from './audit-entry.js';
import type { AuditLog, PromotionStore, Staff } from './ports.js';

export interface PromotionDeps {
  promotions: PromotionStore;
  audit: AuditLog;
  now: () => Date;
  newId: () => string;
  /** The site's origin (SITE_URL): image and link URLs on it are stored site-relative. */
  siteOrigin: string | null;
}

/** The stored form of the input's URLs (shared/media-url.ts): "Copy URL"'s absolute media URLs become `/media/…`. */
const withSiteRelativeUrls = <T extends { imageUrl: string | null; linkUrl: string | null }>(v: T, siteOrigin: string | null): T => ({
  ...v,
  imageUrl: v.imageUrl && siteRelativeUrl(v.imageUrl, siteOrigin),
  linkUrl: v.linkUrl && siteRelativeUrl(v.linkUrl, siteOrigin),
});

const PROMOTION_NOT_FOUND = 'Promotion not found';

export function listPromotions(deps: Pick<PromotionDeps, 'promotions'>, cursor?: string): Promise<Page<Promotion>> {
  return deps.promotions.list(cursor, ADMIN_PAGE_SIZE);
}

/** The change's audit entry, written by the store in the change's own transaction. */
const audited = (staff: Staff, action: 'create' | 'update' | 'delete', p: Promotion) =>
  auditEntry(staff, action, 'promotion', p.id, {
    title: p.title,
    position: p.position,
    isActive: p.isActive,
    startDate: p.startDate,
    endDate: p.endDate,
  });

export async function createPromotion(deps: PromotionDeps, staff: Staff, input: PromotionInput): Promise<Promotion> {
  const v = withSiteRelativeUrls(promotionInputSchema.parse(input), deps.siteOrigin);
  const p: Promotion = { id: deps.newId(), ...v, createdAt: deps.now().toISOString() };
  await deps.promotions.put(p, true, audited(staff, 'create', p));
  return p;
}

export async function updatePromotion(deps: PromotionDeps, staff: Staff, id: string, input: PromotionInput): Promise<Promotion> {
  const v = withSiteRelativeUrls(promotionInputSchema.parse(input), deps.siteOrigin);
  const previous = await deps.promotions.get(id);
  if (!previous) throw notFound(PROMOTION_NOT_FOUND);
  const p: Promotion = { ...previous, ...v };
  await deps.promotions.put(p, false, audited(staff, 'update', p));
  return p;
}

export async function deletePromotion(deps: PromotionDeps, staff: Staff, id: string): Promise<void> {
  const p = await deps.promotions.get(id);
  if (!p) throw notFound(PROMOTION_NOT_FOUND);
  await deps.promotions.delete(p, audited(staff, 'delete', p));
}

/** What visitors see: effectively active promotions per position, newest first. */
export async function activePromotions(
  deps: Pick<PromotionDeps, 'promotions'>,
  now: Date,
): Promise<Record<PromotionPosition, Array<Pick<Promotion, 'id' | 'title' | 'content' | 'imageUrl' | 'linkUrl'>>>> {
  const entries = await Promise.all(
    PROMOTION_POSITIONS.map(async (position) => {
      const all = await deps.promotions.byPosition(position);
      const live = all
        .filter((p) => isPromotionEffective(p, now))
        .map(({ id, title, content, imageUrl, linkUrl }) => ({ id, title, content, imageUrl, linkUrl }));
      return [position, live] as const;
    }),
  );
  return Object.fromEntries(entries) as Record<
    PromotionPosition,
    Array<Pick<Promotion, 'id' | 'title' | 'content' | 'imageUrl' | 'linkUrl'>>
  >;
}
