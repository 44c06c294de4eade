/**
 * The stock-import use cases behind /api/my-imports: preview (parse, plan, keep the file), apply
 * (queue the import once), read, and run (the queue worker). Ports only; the composition is in
 * functions/src/http/my-imports/deps.ts.
 */
import {
  IMPORT_FILE_CONTENT_TYPE,
  IMPORT_FILE_MAX_BYTES,
  type ImportPreviewRow,
  type StockImportView,
  importFileTooLargeMessage,
  STOCK_IMPORTS_PREFIX,
} from '../../../../shared/schemas/stock-import.js';
import { requireWritableProfile } from '../accounts/profiles.js';
import type { Caller } from '../caller.js';
import { DomainError, forbidden, notFound, unauthenticated, validationError } from '../errors.js';
import { buildTitle } from '../listings/manage-create.js';
import type { ManageListingDeps } from '../listings/manage-ports.js';
import { type ApplyImportDeps, applyStockImport, existingStockOf, type ImportedListingRecord } from './apply-import.js';
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
  };
  files: ImportFiles;
  queue: { send(message: { userId: string; importId: string }): Promise<void> };
  manage: Pick<ManageListingDeps, 'listings' | 'profiles' | 'rateLimit'>;
  now: () => Date;
  newId: () => string;
}

export const importFilePrefix = (userId: string) => `${STOCK_IMPORTS_PREFIX}${userId}/`;
export const importFileKey = (userId: string, id: string) => `${importFilePrefix(userId)}${id}.csv`;

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

/** Presigned uploads one dealer may ask for per hour. */
export const IMPORT_UPLOAD_RATE_LIMIT = { scope: 'stock-import-uploads', limit: 30, windowSeconds: 3600 } as const;

export const IMPORT_NOT_FOUND = 'Import not found.';

/** Why a stored file cannot be imported, as the dealer reads it. */
function refusalMessage(read: Exclude<ImportFileRead, { ok: true }>): string {
  if (read.reason === 'missing') return 'The uploaded file was not found. Upload it again.';
  if (read.reason === 'too-large') return importFileTooLargeMessage(read.bytes);
  return 'The file was not uploaded as a CSV file. Upload it again from the dashboard.';
}

async function dealerDefaults(deps: StockImportDeps, caller: Caller): Promise<DealerDefaults> {
  if (caller.kind !== 'user') throw unauthenticated();
  const profile = await requireWritableProfile(deps.manage.profiles, caller, deps.now());
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
});

/** POST /api/my-imports/uploads: a fresh key under the dealer's own prefix for the browser to post the file to. */
export async function planImportUpload(deps: StockImportDeps, caller: Caller): Promise<{ key: string }> {
  await dealerDefaults(deps, caller);
  if (caller.kind !== 'user') throw unauthenticated();
  if (deps.manage.rateLimit) {
    const limit = await deps.manage.rateLimit({ ...IMPORT_UPLOAD_RATE_LIMIT, key: caller.userId });
    if (!limit.allowed) {
      throw new DomainError('RATE_LIMITED', 'Too many uploads. Please try again later.', { retryAfterSeconds: limit.retryAfterSeconds });
    }
  }
  return { key: importFileKey(caller.userId, deps.newId()) };
}

/** The dry run of a file's bytes: plans against the dealer's stock and records the import. Nothing is written to listings. */
async function previewFile(
  deps: StockImportDeps,
  caller: Caller,
  file: { bytes: Buffer; key: string; etag: string | null; fileName: string | null; id: string },
): Promise<StockImportView> {
  const defaults = await dealerDefaults(deps, caller);
  if (caller.kind !== 'user') throw unauthenticated();
  const parsed = parseStockCsv(file.bytes);
  if (!parsed.ok) throw validationError(parsed.message);
  const stock = (await deps.manage.listings.listByOwner(caller.userId)) as ImportedListingRecord[];
  const plan = planImport(parsed.rows, existingStockOf(stock), defaults);
  const record: StockImportRecord = {
    id: file.id,
    userId: caller.userId,
    status: 'previewed',
    fileKey: file.key,
    fileEtag: file.etag,
    fileName: file.fileName,
    createdAt: deps.now().toISOString(),
    summary: plan.summary,
  };
  await deps.imports.create(record);
  return { ...toView(record), rows: previewRows(plan), missing: plan.missing, ignoredColumns: parsed.ignoredColumns };
}

/**
 * POST /api/my-imports with { fileKey }: the dry run of a file the browser uploaded. The key must
 * be under the caller's own imports/<sub>/; the file is read with its size and type checked.
 */
export async function previewUploadedImport(
  deps: StockImportDeps,
  caller: Caller,
  fileKey: string,
  fileName: string | null,
): Promise<StockImportView> {
  await dealerDefaults(deps, caller);
  if (caller.kind !== 'user') throw unauthenticated();
  if (!fileKey.startsWith(importFilePrefix(caller.userId))) throw forbidden('That file is not one of your uploads.');
  const read = await deps.files.read(fileKey, IMPORT_FILE_LIMITS);
  if (!read.ok) throw validationError(refusalMessage(read));
  return previewFile(deps, caller, { bytes: read.bytes, key: fileKey, etag: read.etag, fileName, id: deps.newId() });
}

/** POST /api/my-imports with { feedUrl }: the dry run of a fetched feed, whose bytes are kept under the dealer's prefix for apply. */
export async function previewStockImport(
  deps: StockImportDeps,
  caller: Caller,
  bytes: Buffer,
  fileName: string | null,
): Promise<StockImportView> {
  await dealerDefaults(deps, caller);
  if (caller.kind !== 'user') throw unauthenticated();
  const parsed = parseStockCsv(bytes);
  if (!parsed.ok) throw validationError(parsed.message);
  const id = deps.newId();
  const key = importFileKey(caller.userId, id);
  await deps.files.put(key, bytes);
  return previewFile(deps, caller, { bytes, key, etag: null, fileName, id });
}

/** POST /api/my-imports/{id}/apply: queues the import once; a second apply is a conflict. */
export async function applyStockImportRequest(
  deps: StockImportDeps,
  caller: Caller,
  id: string,
  markMissingSold: boolean,
): Promise<StockImportView> {
  if (caller.kind !== 'user') throw unauthenticated();
  await requireWritableProfile(deps.manage.profiles, caller, deps.now());
  const record = await deps.imports.get(caller.userId, id);
  if (!record) throw notFound(IMPORT_NOT_FOUND);
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
  const defaults = await dealerDefaults(deps, caller);
  const read = await deps.files.read(record.fileKey, IMPORT_FILE_LIMITS);
  // Refused, or posted over since the preview (the presigned POST stays valid for its minutes).
  const changed = read.ok && record.fileEtag && read.etag !== record.fileEtag;
  const parsed = read.ok && !changed ? parseStockCsv(read.bytes) : null;
  if (!parsed?.ok) {
    await deps.imports.transition(userId, id, 'running', 'failed');
    return;
  }
  const report = await applyStockImport(apply, userId, parsed.rows, defaults, { markMissingSold: record.markMissingSold === true });
  await deps.imports.transition(userId, id, 'running', 'done', {
    summary: report.plan,
    report: {
      created: report.created.length,
      updated: report.updated.length,
      markedSold: report.markedSold.length,
      failures: report.failures,
      photoFailures: report.photoFailures,
      finishedAt: deps.now().toISOString(),
    },
  });
}
