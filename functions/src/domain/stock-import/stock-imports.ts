/**
 * The stock-import use cases behind /api/my-imports: preview (parse, plan, keep the file), apply
 * (queue the import once), read, and run (the queue worker). Ports only; the composition is in
 * functions/src/http/my-imports/deps.ts.
 */
import type { NewAuditEntry } from '../admin/ports.js';
import { IMPORT_RATE_LIMITS, LIMIT_TEXTS } from '../../../../shared/limits.js';
import type { Page } from '../../../../shared/schemas/admin.js';
import type { ImportReviewDecision } from '../../../../shared/schemas/dealer.js';
import {
  IMPORT_FILE_CONTENT_TYPE,
  IMPORT_FILE_MAX_BYTES,
  type ImportPreviewRow,
  type ImportReviewState,
  type StockImportView,
  importFileTooLargeMessage,
  STOCK_IMPORTS_PREFIX,
} from '../../../../shared/schemas/stock-import.js';
import { type Profile, requireWritableProfile } from '../accounts/profiles.js';
import { requireApprovedDealer } from '../dealers/dealer-approval.js';
import { assertRoomForListings } from '../listings/listing-cap.js';
import type { RateLimiter } from '../rate-limit.js';
import type { Caller } from '../caller.js';
import { DomainError, forbidden, notFound, unauthenticated, validationError } from '../errors.js';
import { buildTitle } from '../listings/manage-create.js';
import type { ListingEventPublisher, ManageListingDeps } from '../listings/manage-ports.js';
import { type ApplyImportDeps, applyStockImport, existingStockOf, type ImportedListingRecord } from './apply-import.js';
import { publishImportApplied, publishImportPriceChanges } from './import-events.js';
import { parseStockCsv } from './parse-stock-csv.js';
import { type DealerDefaults, type ImportPlan, planImport } from './plan-import.js';

export interface StockImportRecord {
  id: string;
  userId: string;
  status: StockImportView['status'];
  fileKey: string;
  /** The file's ETag when previewed: the worker applies that file, not one posted over it since. */
  fileEtag?: string | null;
  fileName: string | null;
  createdAt: string;
  summary: StockImportView['summary'];
  markMissingSold?: boolean;
  report?: StockImportView['report'];
  /** A dealer's first import waits for staff (issue 23): pending → approving/refusing → approved/refused. */
  review?: ImportReviewState;
  /** Who the dealer is, for the staff review list. */
  dealerName?: string | null;
  dealerEmail?: string | null;
}

export interface StockImportDeps {
  imports: {
    create(record: StockImportRecord): Promise<void>;
    get(userId: string, id: string): Promise<StockImportRecord | null>;
    transition(
      userId: string,
      id: string,
      from: StockImportRecord['status'],
      to: StockImportRecord['status'],
      extra?: Record<string, unknown>,
    ): Promise<boolean>;
    /**
     * Finishes a running import and marks it as waiting for staff review (listed for staff,
     * pattern 57) in one write, so no reader sees it done but not yet waiting; false when it was
     * no longer running.
     */
    finishAwaitingReview(record: StockImportRecord, done: Record<string, unknown>): Promise<boolean>;
    /** Moves the review on from `from`; false when it was not there (decided twice). */
    /** `audit`: a staff decision's entry, stored in the same transaction as the state change. */
    setReview(userId: string, id: string, from: ImportReviewState, to: ImportReviewState, audit?: NewAuditEntry): Promise<boolean>;
    listAwaitingReview(cursor: string | undefined, limit: number): Promise<Page<StockImportRecord>>;
    /** Later imports of this dealer go live directly (the profile's `stockImportsTrusted`). */
    trustDealer(userId: string, at: string): Promise<void>;
  };
  files: ImportFiles;
  queue: { send(message: StockImportMessage): Promise<void> };
  manage: Pick<ManageListingDeps, 'listings' | 'profiles'>;
  /** The import's one batched event (events/contracts.ts). */
  events: ListingEventPublisher;
  /** Hourly limits per dealer (shared/limits.ts); absent in unit tests. */
  rateLimit?: RateLimiter;
  now: () => Date;
  newId: () => string;
}

/** A message on the stock-imports queue: apply an import, or carry out staff's review of one. */
interface StockImportMessage {
  userId: string;
  importId: string;
  review?: ImportReviewDecision;
}

const importFilePrefix = (userId: string) => `${STOCK_IMPORTS_PREFIX}${userId}/`;
const importFileKey = (userId: string, id: string) => `${importFilePrefix(userId)}${id}.csv`;

/** What reading a stored stock file found. */
export type ImportFileRead =
  | { ok: true; bytes: Buffer; etag: string | null }
  | { ok: false; reason: 'missing' }
  | { ok: false; reason: 'too-large'; bytes: number }
  | { ok: false; reason: 'wrong-type'; contentType: string | null };

/** The stock files in the private bucket. */
export interface ImportFiles {
  put(key: string, bytes: Buffer): Promise<void>;
  /**
   * Reads a file, refusing it without reading on when it is over maxBytes or not stored as
   * contentType. S3 enforces the presigned POST's size and type; s3rver (locally) does not, and a
   * policy is not a check we can test, so every read checks again.
   */
  read(key: string, limits: { maxBytes: number; contentType: string }): Promise<ImportFileRead>;
}

const IMPORT_FILE_LIMITS = { maxBytes: IMPORT_FILE_MAX_BYTES, contentType: IMPORT_FILE_CONTENT_TYPE };

export const IMPORT_NOT_FOUND = 'Import not found.';

/** Why a stored file cannot be imported, as the dealer reads it. */
function refusalMessage(read: Exclude<ImportFileRead, { ok: true }>): string {
  if (read.reason === 'missing') return 'The uploaded file was not found. Upload it again.';
  if (read.reason === 'too-large') return importFileTooLargeMessage(read.bytes);
  return 'The file was not uploaded as a CSV file. Upload it again from the dashboard.';
}

/**
 * The import's gate, before anything is read or fetched: a writable account that is an approved
 * dealer (403 otherwise), within the hourly `limit` when one is given (429).
 */
async function approvedDealer(deps: StockImportDeps, caller: Caller): Promise<Profile> {
  if (caller.kind !== 'user') throw unauthenticated();
  const profile = await requireWritableProfile(deps.manage.profiles, caller, deps.now());
  requireApprovedDealer(profile);
  return profile;
}

const RATE_LIMITED_TEXTS = {
  upload: LIMIT_TEXTS.uploadRateLimited,
  preview: LIMIT_TEXTS.previewRateLimited,
  apply: LIMIT_TEXTS.applyRateLimited,
} as const satisfies Record<keyof typeof IMPORT_RATE_LIMITS, string>;

/** The hourly limits of shared/limits.ts, per dealer (429 with the window's remaining seconds). */
async function withinHourlyLimit(deps: StockImportDeps, userId: string, which: keyof typeof IMPORT_RATE_LIMITS): Promise<void> {
  if (!deps.rateLimit) return;
  const result = await deps.rateLimit({ ...IMPORT_RATE_LIMITS[which], key: userId });
  const message = RATE_LIMITED_TEXTS[which];
  if (!result.allowed) throw new DomainError('RATE_LIMITED', message, { retryAfterSeconds: result.retryAfterSeconds });
}

function dealerDefaults(profile: Profile): DealerDefaults {
  const contactName = profile.fullName ?? profile.companyName;
  if (!contactName || !profile.phone) {
    throw validationError('Add your name and phone number to your account before importing stock: every listing shows them.');
  }
  return {
    contactName,
    phone: profile.phone,
    companyName: profile.companyName,
    email: profile.email,
    location: null,
    postcode: null,
  };
}

function previewRows(plan: ImportPlan): ImportPreviewRow[] {
  return plan.rows.map((r) => {
    const base = { line: r.line, stockRef: r.stockRef, action: r.action };
    if (r.action === 'reject') return { ...base, title: null, price: null, errors: r.errors, photos: 0 };
    if (r.action === 'unchanged') return { ...base, title: null, price: null, photos: 0 };
    return {
      ...base,
      title: buildTitle(r.input.year, r.input.make, r.input.model),
      price: r.input.price,
      photos: r.photoUrls.length,
      ...(r.action === 'update' ? { changes: r.changes } : {}),
    };
  });
}

const toView = (r: StockImportRecord): StockImportView => ({
  id: r.id,
  status: r.status,
  fileName: r.fileName,
  createdAt: r.createdAt,
  summary: r.summary,
  ...(r.report ? { report: r.report } : {}),
  ...(r.review ? { review: r.review } : {}),
});

/** New live listings the import would make beyond what the marked-sold stock frees. */
const growthOf = (summary: StockImportView['summary'], markMissingSold: boolean) =>
  summary.create - (markMissingSold ? summary.markSold : 0);

/**
 * POST /api/my-imports/uploads: a fresh key under the dealer's own prefix for the browser to post
 * the file to. Only approved dealers get one, within the hourly upload limit.
 */
export async function planImportUpload(deps: StockImportDeps, caller: Caller): Promise<{ key: string }> {
  const profile = await approvedDealer(deps, caller);
  if (caller.kind !== 'user') throw unauthenticated();
  dealerDefaults(profile);
  await withinHourlyLimit(deps, caller.userId, 'upload');
  return { key: importFileKey(caller.userId, deps.newId()) };
}

/** The stock file a preview plans: its bytes and, when the browser uploaded it, where it is stored and its ETag. */
export interface LoadedStockFile {
  bytes: Buffer;
  fileName: string | null;
  stored?: { key: string; etag: string | null };
}

/**
 * POST /api/my-imports: the dry run. Nothing is written to listings; the file is kept for apply
 * (a fetched feed is stored under the dealer's prefix; an uploaded file is already there).
 */
export async function previewStockImport(
  deps: StockImportDeps,
  caller: Caller,
  load: () => Promise<LoadedStockFile>,
): Promise<StockImportView> {
  const profile = await approvedDealer(deps, caller);
  if (caller.kind !== 'user') throw unauthenticated();
  await withinHourlyLimit(deps, caller.userId, 'preview');
  const defaults = dealerDefaults(profile);
  // Only now is the file read or the feed fetched: a refused caller makes us fetch nothing.
  const { bytes, fileName, stored } = await load();
  const parsed = parseStockCsv(bytes);
  if (!parsed.ok) throw validationError(parsed.message);
  const stock = (await deps.manage.listings.listByOwner(caller.userId)) as ImportedListingRecord[];
  const plan = planImport(parsed.rows, existingStockOf(stock), defaults);
  // Imported creates count against the live-listing cap, even if every missing listing is marked sold.
  await assertRoomForListings(deps.manage.listings, profile, growthOf(plan.summary, true));
  const id = deps.newId();
  const fileKey = stored?.key ?? importFileKey(caller.userId, id);
  if (!stored) await deps.files.put(fileKey, bytes);
  const record: StockImportRecord = {
    id,
    userId: caller.userId,
    status: 'previewed',
    fileKey,
    fileEtag: stored?.etag ?? null,
    fileName,
    createdAt: deps.now().toISOString(),
    summary: plan.summary,
  };
  await deps.imports.create(record);
  return { ...toView(record), rows: previewRows(plan), missing: plan.missing, ignoredColumns: parsed.ignoredColumns };
}

/**
 * POST /api/my-imports with { fileKey }: the dry run of a file the browser uploaded. The gate and
 * the hourly limit come first (previewStockImport); then the key must be under the caller's own
 * imports/<sub>/, and the file is read with its size and type checked.
 */
export async function previewUploadedImport(
  deps: StockImportDeps,
  caller: Caller,
  fileKey: string,
  fileName: string | null,
): Promise<StockImportView> {
  return previewStockImport(deps, caller, async () => {
    if (caller.kind !== 'user') throw unauthenticated();
    if (!fileKey.startsWith(importFilePrefix(caller.userId))) throw forbidden('That file is not one of your uploads.');
    const read = await deps.files.read(fileKey, IMPORT_FILE_LIMITS);
    if (!read.ok) throw validationError(refusalMessage(read));
    return { bytes: read.bytes, fileName, stored: { key: fileKey, etag: read.etag } };
  });
}

/** POST /api/my-imports/{id}/apply: queues the import once; a second apply is a conflict. */
export async function applyStockImportRequest(
  deps: StockImportDeps,
  caller: Caller,
  id: string,
  markMissingSold: boolean,
): Promise<StockImportView> {
  const profile = await approvedDealer(deps, caller);
  if (caller.kind !== 'user') throw unauthenticated();
  const record = await deps.imports.get(caller.userId, id);
  if (!record) throw notFound(IMPORT_NOT_FOUND);
  if (record.status !== 'previewed') throw new DomainError('CONFLICT', 'This import has already been applied.');
  await assertRoomForListings(deps.manage.listings, profile, growthOf(record.summary, markMissingSold));
  // Counted only for an apply that would go ahead.
  await withinHourlyLimit(deps, caller.userId, 'apply');
  const queued = await deps.imports.transition(caller.userId, id, 'previewed', 'queued', { markMissingSold });
  if (!queued) throw new DomainError('CONFLICT', 'This import has already been applied.');
  await deps.queue.send({ userId: caller.userId, importId: id });
  return toView({ ...record, status: 'queued', markMissingSold });
}

/** GET /api/my-imports/{id}: only the dealer's own imports. */
export async function getStockImport(deps: StockImportDeps, caller: Caller, id: string): Promise<StockImportView> {
  if (caller.kind !== 'user') throw unauthenticated();
  const record = await deps.imports.get(caller.userId, id);
  if (!record) throw notFound(IMPORT_NOT_FOUND);
  return toView(record);
}

/**
 * The queue worker's part: applies a queued import. Safe to run again after a crash (the apply
 * re-plans against current stock), so a redelivered message finishes the job instead of doubling it.
 */
export async function runStockImport(deps: StockImportDeps, apply: ApplyImportDeps, userId: string, id: string): Promise<void> {
  const record = await deps.imports.get(userId, id);
  if (!record || record.status === 'done' || record.status === 'previewed') return;
  if (record.status === 'queued') await deps.imports.transition(userId, id, 'queued', 'running');
  const caller: Caller = { kind: 'user', userId, username: userId, groups: [], isAdmin: false, isSuperAdmin: false };
  const profile = await requireWritableProfile(deps.manage.profiles, caller, deps.now());
  const read = await deps.files.read(record.fileKey, IMPORT_FILE_LIMITS);
  // Refused, or posted over since the preview (the presigned POST stays valid for its minutes).
  const changed = read.ok && record.fileEtag && read.etag !== record.fileEtag;
  const parsed = read.ok && !changed ? parseStockCsv(read.bytes) : null;
  if (!parsed?.ok || profile.dealerStatus !== 'approved') {
    await deps.imports.transition(userId, id, 'running', 'failed');
    return;
  }
  // A dealer's first import waits for staff as a whole; once staff have approved one, imports go live directly.
  const awaitingReview = profile.stockImportsTrusted !== true;
  const { cap, live } = await assertRoomForListings(deps.manage.listings, profile, 0);
  const report = await applyStockImport(apply, userId, parsed.rows, dealerDefaults(profile), {
    markMissingSold: record.markMissingSold === true,
    importId: id,
    awaitingReview,
    room: Math.max(0, cap - live),
  });
  const finishedAt = deps.now().toISOString();
  const done = {
    summary: report.plan,
    report: {
      created: report.created.length,
      updated: report.updated.length,
      markedSold: report.markedSold.length,
      failures: report.failures,
      photoFailures: report.photoFailures,
      finishedAt,
    },
  };
  // A first import that created listings finishes as waiting for staff, in the same write.
  if (awaitingReview && report.created.length > 0) {
    await deps.imports.finishAwaitingReview(
      { ...record, dealerName: profile.companyName ?? profile.fullName, dealerEmail: profile.email },
      done,
    );
    await publishImportPriceChanges(deps, userId, report.priceChanges);
    return;
  }
  await deps.imports.transition(userId, id, 'running', 'done', done);
  await publishImportPriceChanges(deps, userId, report.priceChanges);
  // Nothing new waits when the file created nothing (updates of pending listings keep them pending).
  if (awaitingReview) return;
  await publishImportApplied(deps, { importId: id, userId, ...countsOf(done.report), appliedAt: finishedAt });
}

const countsOf = (r: { created: number; updated: number; markedSold: number }) => ({
  created: r.created,
  updated: r.updated,
  markedSold: r.markedSold,
});
