import { z } from 'zod';
import type { ListingStatus } from '../listing-options.js';
import { text } from './text.js';
import type { DealerStatus } from './dealer.js';
import type { ListingImage } from './listing.js';

/** Staff roles (spec §3 Admin role); mirrored on the profile as `adminRole`. */
const ADMIN_ROLES = ['admin', 'super_admin'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

/** Spec §9 admin filters. */
export const USER_FILTERS = ['all', 'dealers', 'individuals', 'admins', 'suspended'] as const;
export type UserFilter = (typeof USER_FILTERS)[number];
export const ADMIN_LISTING_FILTERS = ['all', 'active', 'pending', 'sold', 'expired', 'inactive'] as const;
export type AdminListingFilter = (typeof ADMIN_LISTING_FILTERS)[number];
/** What an admin may set directly (spec §4). */
export const ADMIN_SETTABLE_STATUSES = ['active', 'pending', 'sold', 'expired'] as const satisfies readonly ListingStatus[];
export type AdminSettableStatus = (typeof ADMIN_SETTABLE_STATUSES)[number];
/** `read`: staff opened personal data (the user list, the Inbox, failed e-mails; issue 23). */
export const AUDIT_ACTIONS = ['create', 'update', 'delete', 'login', 'read'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export const AUDIT_RESOURCES = [
  'user',
  'listing',
  'media',
  'content',
  'promotion',
  'message',
  'inbox',
  'failed-email',
  'order',
  'report',
  'finance-settings',
] as const;
export type AuditResource = (typeof AUDIT_RESOURCES)[number];
export const PROMOTION_POSITIONS = ['hero', 'sidebar', 'footer', 'popup'] as const;
export type PromotionPosition = (typeof PROMOTION_POSITIONS)[number];
export const MEDIA_CATEGORIES = ['promotional', 'banners', 'logos', 'truck_images', 'general'] as const;
export type MediaCategory = (typeof MEDIA_CATEGORIES)[number];
export const INBOX_KINDS = ['contacts', 'valuations', 'orders'] as const;
export type InboxKind = (typeof INBOX_KINDS)[number];
export const INBOX_STATUSES = ['new', 'in_progress', 'done'] as const;
export type InboxStatus = (typeof INBOX_STATUSES)[number];

export const ADMIN_PAGE_SIZE = 25;
export const AUDIT_PAGE_SIZE = 100;
export const MEDIA_LIMITS = { maxImageBytes: 5 * 1024 * 1024, maxVideoBytes: 100 * 1024 * 1024, maxFilesPerUpload: 10 } as const;

const cursor = z.string().max(2000).optional();

export const listUsersQuerySchema = z.object({
  filter: z.enum(USER_FILTERS).default('all'),
  q: z.string().trim().max(100).optional(),
  cursor,
});
export const listAdminListingsQuerySchema = z.object({ status: z.enum(ADMIN_LISTING_FILTERS).default('all'), cursor });
export const listScrapedQuerySchema = z.object({ hidden: z.enum(['true', 'false']).default('false'), cursor });
export const listMediaQuerySchema = z.object({ category: z.enum(MEDIA_CATEGORIES).optional(), cursor });
export const listAuditQuerySchema = z.object({
  action: z.enum(AUDIT_ACTIONS).optional(),
  resource: z.enum(AUDIT_RESOURCES).optional(),
  cursor,
});
export const listInboxQuerySchema = z.object({ cursor });

export const setUserStatusSchema = z.object({ status: z.enum(['active', 'suspended']) }).strict();
export const setAdminListingStatusSchema = z.object({ status: z.enum(ADMIN_SETTABLE_STATUSES) }).strict();
export const setDescriptionSchema = z.object({ description: z.string().max(5000).nullable() }).strict();
export const setListingImagesSchema = z.object({ imageKeys: z.array(z.string().min(1).max(300)).max(10) }).strict();
export const setScrapedVisibilitySchema = z.object({ hidden: z.boolean() }).strict();

/** Content and promotion forms have no field validation in the spec; only lengths keep items in bounds. */
export const pageContentInputSchema = z
  .object({
    pageSlug: text({ label: 'Page slug' }).trim().min(1, 'Page slug is required').max(60),
    sectionKey: text({ label: 'Section key' }).trim().min(1, 'Section key is required').max(60),
    title: text({ label: 'Title' }).max(200).nullable().default(null),
    content: text({ label: 'Content', multiline: true }).max(20000).default(''),
    isActive: z.boolean().default(true),
  })
  .strict();
export type PageContentInput = z.input<typeof pageContentInputSchema>;

const LINK_URL_MESSAGE = 'Links must start with http://, https:// or a single /';
/**
 * An absolute http(s) URL or a path on this site. `//host` and `/\host` are refused: browsers read
 * both as a link to another host (an open redirect dressed as a site path).
 */
const httpUrl = text({ label: 'Link' })
  .trim()
  .max(2000)
  .refine((s) => /^https?:\/\//i.test(s) || /^\/(?![/\\])/.test(s), { message: LINK_URL_MESSAGE });
/** 'YYYY-MM-DD' in UK time; '' or null is no limit (stored as null, spec §7). */
const ukDate = z
  .union([z.string(), z.null()])
  .optional()
  .transform((v) => (v ? v : null))
  .pipe(
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates are YYYY-MM-DD')
      .nullable(),
  );

export const promotionInputSchema = z
  .object({
    title: text({ label: 'Title' }).trim().min(1, 'Title is required').max(200),
    content: text({ label: 'Content', multiline: true }).max(5000).default(''),
    imageUrl: z
      .union([httpUrl, z.literal(''), z.null()])
      .optional()
      .transform((v) => v || null),
    linkUrl: z
      .union([httpUrl, z.literal(''), z.null()])
      .optional()
      .transform((v) => v || null),
    position: z.enum(PROMOTION_POSITIONS),
    isActive: z.boolean().default(true),
    startDate: ukDate,
    endDate: ukDate,
  })
  .strict()
  .refine((p) => !p.startDate || !p.endDate || p.startDate <= p.endDate, {
    message: 'The end date is before the start date',
    path: ['endDate'],
  });
export type PromotionInput = z.input<typeof promotionInputSchema>;

export const mediaUploadRequestSchema = z
  .object({
    category: z.enum(MEDIA_CATEGORIES),
    files: z
      .array(z.object({ name: z.string().min(1).max(200), type: z.string().max(100), size: z.number().int().positive() }))
      .min(1, 'Media upload needs at least one file')
      .max(MEDIA_LIMITS.maxFilesPerUpload),
  })
  .strict();
export const mediaCompleteSchema = z
  .object({
    category: z.enum(MEDIA_CATEGORIES),
    uploads: z
      .array(z.object({ key: z.string().min(1).max(300), name: z.string().min(1).max(200) }))
      .min(1, 'Media upload needs at least one file'),
  })
  .strict();
export const updateMediaSchema = z
  .object({ altText: z.string().max(300).nullable().optional(), tags: z.array(z.string().trim().min(1).max(40)).max(20).optional() })
  .strict();
export const updateInboxItemSchema = z
  .object({
    status: z.enum(INBOX_STATUSES).optional(),
    assignee: z.string().trim().max(200).nullable().optional(),
    note: z.string().max(2000).nullable().optional(),
  })
  .strict();

/** Shapes the admin API answers with. */
export interface AdminUser {
  userId: string;
  email: string | null;
  fullName: string | null;
  companyName: string | null;
  phone: string | null;
  accountType: 'dealer' | 'individual';
  accountStatus: 'active' | 'suspended';
  adminRole: AdminRole | null;
  /** Approved dealers (issue 23). */
  dealerStatus: DealerStatus;
  /** Staff's live-listing limit for this dealer; null is the default (shared/limits.ts). */
  listingCap: number | null;
  createdAt: string;
  /** When a super admin last removed this user's admin role ('Remove admin'); gone once re-granted. */
  adminRemovedAt?: string;
  /** A dealer's storefront (issue 26 §1) and whether staff have hid it; absent until it is made. */
  storefront?: { slug: string; hidden: boolean };
  /**
   * The account's listings are still being hidden (after a suspension) or shown again (after a
   * reactivation) by the account-listings job; absent once every listing follows the account.
   */
  listingsSync?: ListingsSync;
}

/** What the account-listings job is doing to a user's listings (functions/src/domain/admin/account-listings.ts). */
export const LISTINGS_SYNC = ['hiding', 'showing'] as const;
export type ListingsSync = (typeof LISTINGS_SYNC)[number];
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}
export interface AdminListing {
  id: string;
  userId: string;
  title: string;
  price: number;
  status: ListingStatus;
  statusSetByStaff: boolean;
  ownerSuspended: boolean;
  description: string | null;
  images: ListingImage[];
  companyName: string | null;
  contactName: string;
  createdAt: string;
}
export interface AdminScraped {
  id: string;
  title: string;
  sourceWebsite: string;
  price: number | null;
  isActive: boolean;
  hiddenByStaff: boolean;
  scrapedAt: string;
}
export interface AuditEntry {
  id: string;
  adminUserId: string;
  action: AuditAction;
  resourceType: AuditResource;
  resourceId: string;
  details: Record<string, unknown>;
  ipAddress: string | null;
  userAgent: string | null;
  createdAt: string;
}
export interface PageContent {
  id: string;
  pageSlug: string;
  sectionKey: string;
  title: string | null;
  content: string;
  isActive: boolean;
  updatedAt: string;
}
export interface Promotion {
  id: string;
  title: string;
  content: string;
  imageUrl: string | null;
  linkUrl: string | null;
  position: PromotionPosition;
  isActive: boolean;
  startDate: string | null;
  endDate: string | null;
  createdAt: string;
}
export interface MediaAsset {
  id: string;
  filename: string;
  originalFilename: string;
  filePath: string;
  fileSize: number;
  mimeType: string;
  category: MediaCategory;
  uploadedBy: string;
  altText: string | null;
  tags: string[];
  usageCount: number;
  url: string;
  createdAt: string;
}
export interface InboxItem {
  id: string;
  kind: InboxKind;
  createdAt: string;
  from: string;
  email: string;
  subject: string;
  body: string;
  priority: boolean;
  status: InboxStatus;
  assignee: string | null;
  note: string | null;
  photos: string[];
  details: Record<string, unknown>;
}
export interface Analytics {
  totalUsers: number;
  dealers: number;
  totalListings: number;
  activeListings: number;
  mediaAssets: number;
  promotions: number;
  newSignups: number;
  newListings: number;
  activePercent: number;
  listingsPerDealer: string;
  dealerSharePercent: number;
  weeks: Array<{ weekStart: string; signups: number; listings: number }>;
}
export interface JobRun {
  jobId: string;
  startedAt: string;
  finishedAt: string | null;
  ok: boolean;
  summary: string;
}

/**
 * Spec §4: a promotion is effectively active only when its flag is on, its start date is not in
 * the future and its end date is not in the past. Dates are UK calendar days; the end day counts
 * in full (an end date of today is still active until midnight UK time).
 */
export function isPromotionEffective(p: Pick<Promotion, 'isActive' | 'startDate' | 'endDate'>, now: Date): boolean {
  if (!p.isActive) return false;
  const today = ukDay(now);
  if (p.startDate && p.startDate > today) return false;
  if (p.endDate && p.endDate < today) return false;
  return true;
}

/** The calendar day in Europe/London as YYYY-MM-DD. */
export function ukDay(at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** 1024-based sizes (spec §9): Bytes, KB, MB, GB. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} Bytes`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${Number(value.toFixed(2))} ${units[unit]}`;
}

/** Which bucket a media category publishes to (spec §7). */
export const MEDIA_BUCKET_BY_CATEGORY = {
  promotional: 'promotional-images',
  banners: 'banners',
  logos: 'logos',
  truck_images: 'truck-images',
  general: 'general-media',
} as const satisfies Record<MediaCategory, string>;

/** The page-content sections the public pages read (seeded; README lists them). */
export const CONTENT_SLOTS = {
  homeHero: { pageSlug: 'home', sectionKey: 'hero' },
  homeStats: { pageSlug: 'home', sectionKey: 'stats' },
  sellBanner: { pageSlug: 'sell-truck', sectionKey: 'banner' },
  siteNotice: { pageSlug: 'site', sectionKey: 'notice' },
} as const;
