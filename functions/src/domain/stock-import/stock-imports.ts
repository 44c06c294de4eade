/**
 * The stock-import use cases behind /api/my-imports: preview (parse, plan, keep the file), apply
 * (queue the import once), read, and run (the queue worker). Ports only; the composition is in
 * functions/src/http/my-imports/deps.ts.
 */
import type { ImportPreviewRow, StockImportView } from '../../../../shared/schemas/stock-import.js';
import { requireWritableProfile } from '../accounts/profiles.js';
import type { Caller } from '../caller.js';
import { DomainError, notFound, unauthenticated, validationError } from '../errors.js';
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
  files: { put(key: string, bytes: Buffer): Promise<void>; get(key: string): Promise<Buffer> };
  queue: { send(message: { userId: string; importId: string }): Promise<void> };
  manage: Pick<ManageListingDeps, 'listings' | 'profiles'>;
  now: () => Date;
  newId: () => string;
}

export const IMPORT_NOT_FOUND = 'Import not found.';
export const importFileKey = (userId: string, id: string) => `imports/${userId}/${id}.csv`;

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

/** POST /api/my-imports: the dry run. Nothing is written to listings; the file is kept for apply. */
export async function previewStockImport(
  deps: StockImportDeps,
  caller: Caller,
  bytes: Buffer,
  fileName: string | null,
): Promise<StockImportView> {
  const defaults = await dealerDefaults(deps, caller);
  if (caller.kind !== 'user') throw unauthenticated();
  const parsed = parseStockCsv(bytes);
  if (!parsed.ok) throw validationError(parsed.message);
  const stock = (await deps.manage.listings.listByOwner(caller.userId)) as ImportedListingRecord[];
  const plan = planImport(parsed.rows, existingStockOf(stock), defaults);
  const record: StockImportRecord = {
    id: deps.newId(),
    userId: caller.userId,
    status: 'previewed',
    fileKey: '',
    fileName,
    createdAt: deps.now().toISOString(),
    summary: plan.summary,
  };
  record.fileKey = importFileKey(caller.userId, record.id);
  await deps.files.put(record.fileKey, bytes);
  await deps.imports.create(record);
  return { ...toView(record), rows: previewRows(plan), missing: plan.missing, ignoredColumns: parsed.ignoredColumns };
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
  const parsed = parseStockCsv(await deps.files.get(record.fileKey));
  if (!parsed.ok) {
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
