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
import type { ListingRecord } from '../listings/types.js';

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
  /**
   * Sets the account's status and names `listingsJobId` the account-listings job that makes its
   * listings follow (listingsSync 'hiding' or 'showing' until that job finishes), with the audit
   * entry, in one transaction.
   */
  setStatus(userId: string, status: 'active' | 'suspended', listingsJobId: string, at: string, audit?: NewAuditEntry): Promise<void>;
  /** The latest account-listings job the profile names (set with the status), or null. */
  listingsJobId(userId: string): Promise<string | null>;
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
  listScraped(hidden: boolean, cursor: string | undefined, limit: number): Promise<Page<AdminScraped>>;
  setScrapedHidden(id: string, hidden: boolean, at: string, audit?: NewAuditEntry): Promise<boolean>;
}

/**
 * One run of the account-listings job (queues.ts 'account-listings'): make every listing of
 * `userId` follow the account's `status`, hidden while suspended, shown again once active.
 */
export interface AccountListingsJob {
  userId: string;
  /** Names the status change; the profile's listingsJobId says which job is the latest. */
  jobId: string;
  status: 'active' | 'suspended';
  /** Where the previous run of this job stopped (an opaque page cursor); absent at the start. */
  cursor?: string;
  /** Listings changed by earlier runs of this job (for the log line). */
  changed?: number;
}

export interface AccountListingsQueue {
  send(job: AccountListingsJob): Promise<void>;
}

/** What the account-listings job reads and writes (adapters/dynamodb/account-listings-store.ts). */
export interface AccountListingsStore {
  /** The profile's latest job id and status, read consistently; null when the profile is gone. */
  currentJob(userId: string): Promise<{ jobId: string | null; status: 'active' | 'suspended' } | null>;
  /** One page of the owner's listings, each read consistently by key. */
  page(userId: string, cursor: string | undefined, limit: number): Promise<{ listings: ListingRecord[]; nextCursor: string | null }>;
  /**
   * Hides or shows these listings in one transaction that also checks the profile still names
   * `jobId` as its latest job: 'superseded' (nothing written) when another status change came in.
   */
  setHidden(userId: string, jobId: string, listings: ListingRecord[], hidden: boolean, at: string): Promise<'written' | 'superseded'>;
  /** Clears the profile's listingsSync, if `jobId` is still its latest job. */
  finish(userId: string, jobId: string, at: string): Promise<void>;
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
