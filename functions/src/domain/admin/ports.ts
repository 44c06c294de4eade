import type {
  AdminListing,
  AdminListingFilter,
  AdminRole,
  AdminScraped,
  AdminUser,
  AuditAction,
  AuditEntry,
  AuditResource,
  InboxItem,
  InboxKind,
  InboxStatus,
  JobRun,
  MediaAsset,
  MediaCategory,
  Page,
  PageContent,
  Promotion,
  PromotionPosition,
  UserFilter,
} from '../../../../shared/schemas/admin.js';
import type { FailedEmail } from '../../../../shared/schemas/failed-emails.js';
import type { ListingStatus } from '../../../../shared/listing-options.js';
import type { ManualRetryOutcome } from '../mail/outbox.js';

/** Who is acting in the admin area, and from where (for the audit log). */
export interface Staff {
  adminId: string;
  role: AdminRole;
  ipAddress: string | null;
  userAgent: string | null;
}

export type NewAuditEntry = Omit<AuditEntry, 'id' | 'createdAt'>;

/**
 * The audit log. A staff action that changes stored data hands its entry to the store method making
 * the change, which writes both in one transaction; `record` is for actions with nothing else to
 * store (a password-reset e-mail, a read of personal data, a sign-in).
 */
export interface AuditLog {
  record(entry: NewAuditEntry): Promise<void>;
  /** Every entry made in [from, to) (ISO instants), oldest first: the nightly archive's day. */
  between(from: string, to: string): Promise<AuditEntry[]>;
  list(filter: { action?: AuditAction; resource?: AuditResource }, cursor: string | undefined, limit: number): Promise<Page<AuditEntry>>;
}

export interface AdminUserStore {
  list(filter: UserFilter, q: string | undefined, cursor: string | undefined, limit: number): Promise<Page<AdminUser>>;
  get(userId: string): Promise<AdminUser | null>;
  setStatus(userId: string, status: 'active' | 'suspended', at: string, audit?: NewAuditEntry): Promise<void>;
  setRole(userId: string, role: AdminRole, at: string, audit?: NewAuditEntry): Promise<void>;
  /** Ends the admin role (the profile must still mirror `expected`) and marks the removal for the staff gate. */
  removeRole(userId: string, expected: AdminRole | null, at: string, audit: NewAuditEntry): Promise<void>;
}

/** The user pool, through its admin API. */
export interface UserDirectory {
  /** The user's staff groups as the user pool has them (cognito-local answers none). */
  staffGroups(userId: string): Promise<string[]>;
  disable(userId: string): Promise<void>;
  enable(userId: string): Promise<void>;
  addToGroup(userId: string, group: 'admins' | 'super_admins'): Promise<void>;
  removeFromGroup(userId: string, group: 'admins'): Promise<void>;
  /** Sends Cognito's reset-code e-mail; the link in it lands on /reset-password. */
  sendPasswordReset(email: string): Promise<void>;
}

export interface AdminListingStore {
  list(filter: AdminListingFilter, cursor: string | undefined, limit: number): Promise<Page<AdminListing>>;
  get(id: string): Promise<AdminListing | null>;
  setStatus(id: string, status: ListingStatus, previous: ListingStatus, at: string, audit?: NewAuditEntry): Promise<void>;
  setDescription(id: string, description: string | null, at: string, audit?: NewAuditEntry): Promise<void>;
  /** Keeps, reorders and adds images (keys of verified uploads); returns the keys no longer used. */
  setImages(id: string, imageKeys: string[], adminId: string, at: string, audit?: NewAuditEntry): Promise<{ removedKeys: string[] }>;
  delete(id: string, at: string, audit?: NewAuditEntry): Promise<boolean>;
  /** Hides or shows every listing of an owner (suspension). */
  setOwnerSuspended(userId: string, suspended: boolean, at: string): Promise<number>;
  listScraped(hidden: boolean, cursor: string | undefined, limit: number): Promise<Page<AdminScraped>>;
  setScrapedHidden(id: string, hidden: boolean, at: string, audit?: NewAuditEntry): Promise<boolean>;
}

export interface ContentStore {
  list(cursor: string | undefined, limit: number): Promise<Page<PageContent>>;
  /** Active sections of one page (public). */
  forPage(pageSlug: string): Promise<PageContent[]>;
  get(id: string): Promise<PageContent | null>;
  findBySlot(pageSlug: string, sectionKey: string): Promise<PageContent | null>;
  put(section: PageContent, previous: PageContent | null, audit?: NewAuditEntry): Promise<void>;
  delete(section: PageContent, audit?: NewAuditEntry): Promise<void>;
}

export interface PromotionStore {
  list(cursor: string | undefined, limit: number): Promise<Page<Promotion>>;
  byPosition(position: PromotionPosition): Promise<Promotion[]>;
  get(id: string): Promise<Promotion | null>;
  put(p: Promotion, isNew: boolean, audit?: NewAuditEntry): Promise<void>;
  delete(p: Promotion, audit?: NewAuditEntry): Promise<void>;
}

export type StoredMediaAsset = Omit<MediaAsset, 'usageCount' | 'url'> & { bucket: string };

export interface MediaStore {
  list(category: MediaCategory | undefined, cursor: string | undefined, limit: number): Promise<Page<StoredMediaAsset>>;
  get(id: string): Promise<StoredMediaAsset | null>;
  put(asset: StoredMediaAsset, isNew: boolean, audit?: NewAuditEntry): Promise<void>;
  delete(asset: StoredMediaAsset, audit?: NewAuditEntry): Promise<void>;
}

export interface InboxStore {
  list(kind: InboxKind, cursor: string | undefined, limit: number): Promise<Page<InboxItem>>;
  get(kind: InboxKind, id: string): Promise<InboxItem | null>;
  update(
    kind: InboxKind,
    id: string,
    changes: { status?: InboxStatus; assignee?: string | null; note?: string | null },
    at: string,
    audit?: NewAuditEntry,
  ): Promise<InboxItem | null>;
}

export interface AnalyticsSource {
  counters(names: string[]): Promise<Record<string, number>>;
  daily(prefix: 'signups' | 'newlistings', fromDay: string, toDay: string): Promise<Map<string, number>>;
}

export interface JobRunSource {
  recent(limit: number): Promise<JobRun[]>;
}

/**
 * The Inbox's "e-mails that failed to send, with a retry": the e-mail outbox's dead letters
 * (domain/mail/outbox.ts; adapter over adapters/dynamodb/email-outbox-repo.ts).
 */
export interface FailedEmailOutbox {
  list(cursor: string | undefined, limit: number): Promise<Page<FailedEmail>>;
  /** One more attempt now, through the mailer's transport. */
  retry(id: string): Promise<ManualRetryOutcome>;
}
