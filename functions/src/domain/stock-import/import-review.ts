/**
 * Staff review of a dealer's first stock import (issue 23): its new listings wait as 'pending'
 * until staff approve the import as a whole (they go live, one batched event) or refuse it (they
 * are removed). Staff decide in admin › Listings › Pending import; the queue worker carries the
 * decision out, since an import may hold thousands of listings.
 */
import { ADMIN_PAGE_SIZE, type Page } from '../../../../shared/schemas/admin.js';
import type { ImportReviewDecision } from '../../../../shared/schemas/dealer.js';
import type { ImportAwaitingReview } from '../../../../shared/schemas/stock-import.js';
import { auditEntry } from '../admin/audit-entry.js';
import type { AuditLog, Staff } from '../admin/ports.js';
import { DomainError, notFound } from '../errors.js';
import type { ListingRecord } from '../listings/types.js';
import type { ApplyImportDeps, ImportCounterBatch } from './apply-import.js';
import { publishImportApplied } from './import-events.js';
import { IMPORT_NOT_FOUND, type StockImportDeps } from './stock-imports.js';

export interface ImportReviewDeps {
  imports: StockImportDeps['imports'];
  queue: StockImportDeps['queue'];
  listings: Pick<StockImportDeps['manage']['listings'], 'listByOwner'>;
  audit: AuditLog;
  now: () => Date;
}

const SAMPLE_TITLES = 5;

/** GET /api/admin/stock-imports: first imports waiting for review, oldest first. */
export async function listImportsAwaitingReview(
  deps: Pick<ImportReviewDeps, 'imports' | 'listings'>,
  cursor?: string,
): Promise<Page<ImportAwaitingReview>> {
  const res = await deps.imports.listAwaitingReview(cursor, ADMIN_PAGE_SIZE);
  const items = await Promise.all(
    res.items.map(async (r): Promise<ImportAwaitingReview> => {
      const listings = (await deps.listings.listByOwner(r.userId)).filter((l) => l.pendingImportId === r.id);
      return {
        id: r.id,
        userId: r.userId,
        dealerName: r.dealerName ?? null,
        dealerEmail: r.dealerEmail ?? null,
        fileName: r.fileName,
        createdAt: r.createdAt,
        created: listings.length,
        sampleTitles: listings.slice(0, SAMPLE_TITLES).map((l) => l.title),
      };
    }),
  );
  return { items, nextCursor: res.nextCursor };
}

/** POST /api/admin/stock-imports/{userId}/{id}/review: approve or refuse the whole import, audited. */
export async function reviewImportAsStaff(
  deps: ImportReviewDeps,
  staff: Staff,
  userId: string,
  id: string,
  decision: ImportReviewDecision,
): Promise<{ review: 'approving' | 'refusing' }> {
  const record = await deps.imports.get(userId, id);
  if (!record?.review) throw notFound(IMPORT_NOT_FOUND);
  const next = decision === 'approve' ? 'approving' : 'refusing';
  const entry = auditEntry(staff, 'update', 'listing', `import-${id}`, {
    change: 'stock_import_review',
    decision,
    ownerId: userId,
    fileName: record.fileName,
    created: record.report?.created ?? 0,
  });
  if (!(await deps.imports.setReview(userId, id, 'pending', next, entry))) {
    throw new DomainError('CONFLICT', 'This import has already been reviewed.');
  }
  await deps.queue.send({ userId, importId: id, review: decision });
  return { review: next };
}

async function eachInBatches<T>(items: readonly T[], size: number, fn: (batch: readonly T[]) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += size) await fn(items.slice(i, i + size));
}

/**
 * The queue worker's part of a review. Approve: the import's pending listings become active (the
 * counters moved once per batch), the dealer's later imports go live directly, and the import's
 * one event goes out. Refuse: its listings and their photos are removed, one at a time (each
 * removal moves the counters in its own transaction, so they must not run side by side). Safe to
 * run again: listings already moved are no longer pending.
 */
export async function carryOutImportReview(
  deps: StockImportDeps,
  apply: ApplyImportDeps,
  userId: string,
  id: string,
  decision: ImportReviewDecision,
): Promise<void> {
  const record = await deps.imports.get(userId, id);
  const from = decision === 'approve' ? 'approving' : 'refusing';
  if (record?.review !== from) return;
  const waiting = (await apply.listings.listByOwner(userId)).filter((l) => l.pendingImportId === id);
  if (decision === 'approve') {
    let activated = 0;
    await eachInBatches(waiting, apply.batchSize ?? 250, async (batch) => {
      const counted: ImportCounterBatch = { created: [], statusChanges: [] };
      for (const l of batch) {
        const next: ListingRecord = { ...l, status: 'active', pendingImportId: null, updatedAt: apply.now().toISOString() };
        await apply.listings.replace(next, l.updatedAt);
        counted.statusChanges.push({ from: l.status, to: 'active' });
        activated++;
      }
      await apply.counters.recordBatch(counted);
    });
    const at = deps.now().toISOString();
    await deps.imports.trustDealer(userId, at);
    await deps.imports.setReview(userId, id, 'approving', 'approved');
    await publishImportApplied(deps, { importId: id, userId, created: activated, updated: 0, markedSold: 0, appliedAt: at });
    return;
  }
  for (const l of waiting) {
    await apply.listings.remove(l, apply.now().toISOString());
    await apply.imageFiles.deleteImages(l.images.map((i) => i.key));
  }
  await deps.imports.setReview(userId, id, 'refusing', 'refused');
}
