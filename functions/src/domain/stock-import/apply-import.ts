/**
 * Dealer stock import, step three: applies a file to the dealer's stock. The plan is computed
 * again here against the stock as it is now (not taken from the preview the browser saw), so a
 * retried or repeated apply creates nothing twice: rows created the first time are matched by
 * their stock reference and come out unchanged. Photos are fetched and processed per row by the
 * PhotoImporter port (polite fetching, size and type checks, our variants); a row whose photos
 * fail is still imported without them and the report says why. It publishes nothing itself: the
 * caller publishes the import's one batched event (stock-imports.ts), never one per row, and one
 * 'listing.updated' per listing whose price changed (the report's `priceChanges`).
 */
import { withPriceChange } from '../../../../shared/price-history.js';
import { storedPrice } from '../../../../shared/schemas/sell.js';
import { buildTitle } from '../listings/manage-create.js';
import type { ListingImageFiles, OwnerListingStore } from '../listings/manage-ports.js';
import type { ListingRecord, StoredImage } from '../listings/types.js';
import type { RawStockRow } from './parse-stock-csv.js';
import { type DealerDefaults, type ExistingStock, type ImportPlan, planImport } from './plan-import.js';

/** A listing record with the importer's own fields. */
export type ImportedListingRecord = ListingRecord & {
  stockRef?: string | null;
  dvsStars?: number | null;
  importPhotoUrls?: string[] | null;
};

export interface PhotoImporter {
  /** Fetches each URL and stores it through the photo pipeline; failures per URL, never thrown. */
  importPhotos(
    ownerId: string,
    urls: readonly string[],
  ): Promise<{ images: StoredImage[]; failures: Array<{ url: string; reason: string }> }>;
}

/**
 * The analytics counters of an import's listing writes, added once per batch of rows (issue 23):
 * the counter items are hot, and an ADD in every row's own transaction conflicts under a big import.
 */
interface ImportCounters {
  recordBatch(batch: ImportCounterBatch): Promise<void>;
}
export interface ImportCounterBatch {
  created: Array<Pick<ListingRecord, 'status' | 'createdAt'>>;
  statusChanges: Array<{ from: ListingRecord['status']; to: ListingRecord['status'] }>;
}

export interface ApplyImportDeps {
  listings: OwnerListingStore;
  imageFiles: ListingImageFiles;
  photos: PhotoImporter;
  counters: ImportCounters;
  now: () => Date;
  newId: () => string;
  logError: (message: string, err: unknown) => void;
  /** Rows written at once (DynamoDB and photo fetches in flight). */
  concurrency?: number;
  /** Rows per counter batch. */
  batchSize?: number;
}

export interface ApplyImportOptions {
  markMissingSold: boolean;
  /** The import's id, kept on each listing it creates (its batched event finds them by it). */
  importId?: string;
  /**
   * A dealer's first import waits for staff review as a whole: its new listings are made 'pending'
   * and marked with the import, and only staff's approval makes them active (import-review.ts).
   */
  awaitingReview?: boolean;
  /** How many more live listings the dealer may have (shared/limits.ts); rows beyond it are refused. */
  room?: number;
}

export interface ImportReport {
  plan: ImportPlan['summary'];
  created: string[];
  updated: string[];
  markedSold: string[];
  photoFailures: Array<{ line: number; stockRef: string; url: string; reason: string }>;
  failures: Array<{ line: number; stockRef: string; reason: string }>;
  /** Updated listings whose price changed (each becomes a 'listing.updated' event: events/contracts.ts). */
  priceChanges: Array<{
    listingId: string;
    status: ListingRecord['status'];
    oldPrice: number | null;
    newPrice: number | null;
    updatedAt: string;
  }>;
}

const LISTING_LIMIT_REACHED = 'Your live-listing limit is reached: this row was not imported.';

export function existingStockOf(records: readonly ImportedListingRecord[]): ExistingStock[] {
  return records
    .filter((r) => r.stockRef)
    .map((r) => ({
      id: r.id,
      stockRef: r.stockRef as string,
      status: r.status,
      photoUrls: r.importPhotoUrls ?? [],
      fields: {
        make: r.make,
        model: r.model ?? '',
        year: r.year,
        category: r.category ?? 'other',
        price: r.price,
        vatStatus: r.vatStatus,
        mileage: r.mileage,
        fuelType: r.fuelType,
        transmission: r.transmission,
        axleConfig: r.axleConfig,
        gvwTonnes: r.gvwTonnes,
        euroStandard: r.euroStandard,
        dvsStars: r.dvsStars ?? null,
        cabType: r.cabType,
        engineSize: r.engineSize,
        description: r.description,
        features: r.features,
        location: r.location,
        postcode: r.postcode,
        registration: r.registration ?? null,
      } as ExistingStock['fields'],
    }));
}

async function inPool<T>(items: readonly T[], size: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const runners = Array.from({ length: Math.min(size, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next++];
      await work(item);
    }
  });
  await Promise.all(runners);
}

export async function applyStockImport(
  deps: ApplyImportDeps,
  ownerId: string,
  rows: readonly RawStockRow[],
  defaults: DealerDefaults,
  opts: ApplyImportOptions,
): Promise<ImportReport> {
  const stock = (await deps.listings.listByOwner(ownerId)) as ImportedListingRecord[];
  const byId = new Map(stock.map((r) => [r.id, r]));
  const plan = planImport(rows, existingStockOf(stock), defaults);
  const report: ImportReport = {
    plan: plan.summary,
    created: [],
    updated: [],
    markedSold: [],
    photoFailures: [],
    failures: [],
    priceChanges: [],
  };
  const concurrency = deps.concurrency ?? 8;
  const batchSize = deps.batchSize ?? 250;

  // Stock no longer in the file goes first, so the room it frees is there for the file's new rows.
  if (opts.markMissingSold) {
    for (let i = 0; i < plan.missing.length; i += batchSize) {
      const batch: ImportCounterBatch = { created: [], statusChanges: [] };
      await inPool(plan.missing.slice(i, i + batchSize), concurrency, async (m) => {
        const current = byId.get(m.listingId);
        if (!current) return;
        try {
          await deps.listings.replace({ ...current, status: 'sold', updatedAt: deps.now().toISOString() }, current.updatedAt);
          report.markedSold.push(m.listingId);
          batch.statusChanges.push({ from: current.status, to: 'sold' });
        } catch (err) {
          deps.logError(`Marking ${m.stockRef} sold failed`, err);
          report.failures.push({ line: 0, stockRef: m.stockRef, reason: err instanceof Error ? err.message : String(err) });
        }
      });
      await deps.counters.recordBatch(batch);
    }
  }

  const wasLive = (id: string) => ['active', 'pending'].includes(byId.get(id)?.status ?? '');
  const freed = report.markedSold.filter(wasLive).length;
  let room = opts.room === undefined ? Number.POSITIVE_INFINITY : opts.room + freed;
  const status = opts.awaitingReview ? ('pending' as const) : ('active' as const);

  const writable = plan.rows.filter((r) => r.action === 'create' || r.action === 'update');
  for (let i = 0; i < writable.length; i += batchSize) {
    const batch: ImportCounterBatch = { created: [], statusChanges: [] };
    await inPool(writable.slice(i, i + batchSize), concurrency, async (row) => {
      if (row.action !== 'create' && row.action !== 'update') return;
      if (row.action === 'create') {
        // Taken before the photos are fetched, so concurrent rows cannot all pass the last free place.
        if (room <= 0) {
          report.failures.push({ line: row.line, stockRef: row.stockRef, reason: LISTING_LIMIT_REACHED });
          return;
        }
        room--;
      }
      try {
        const at = deps.now().toISOString();
        const current = row.action === 'update' ? byId.get(row.listingId) : undefined;
        let images = current?.images ?? [];
        const fetchPhotos = row.action === 'create' ? row.photoUrls.length > 0 : row.photosChanged;
        if (fetchPhotos) {
          const fetched = await deps.photos.importPhotos(ownerId, row.photoUrls);
          for (const f of fetched.failures) report.photoFailures.push({ line: row.line, stockRef: row.stockRef, ...f });
          images = fetched.images;
        }
        const { dvsStars, images: _ignored, price: _price, priceOnApplication: _poa, ...fields } = row.input;
        const record: ImportedListingRecord = {
          ...(current ?? {
            id: deps.newId(),
            userId: ownerId,
            status,
            createdAt: at,
            importId: opts.importId ?? null,
            ...(opts.awaitingReview ? { pendingImportId: opts.importId ?? null } : {}),
          }),
          ...fields,
          price: storedPrice(row.input),
          title: buildTitle(fields.year, fields.make, fields.model),
          images,
          stockRef: row.stockRef,
          dvsStars,
          importPhotoUrls: row.photoUrls,
          updatedAt: at,
        } as ImportedListingRecord;
        // Issue 26 §4: an import's price change joins the listing's history in the same write.
        if (current) record.priceChanges = withPriceChange(current.priceChanges, current.price ?? null, record.price ?? null, at);
        if (current) {
          await deps.listings.replace(record, current.updatedAt);
          if (fetchPhotos && current.images.length) {
            const kept = new Set(images.map((i) => i.key));
            await deps.imageFiles.deleteImages(current.images.map((i) => i.key).filter((k) => !kept.has(k)));
          }
          report.updated.push(record.id);
          if ((current.price ?? null) !== (record.price ?? null)) {
            report.priceChanges.push({
              listingId: record.id,
              status: record.status,
              oldPrice: current.price ?? null,
              newPrice: record.price ?? null,
              updatedAt: at,
            });
          }
        } else {
          await deps.listings.create(record, { countersByCaller: true });
          report.created.push(record.id);
          batch.created.push(record);
        }
      } catch (err) {
        if (row.action === 'create') room++;
        deps.logError(`Stock import row ${row.line} (${row.stockRef}) failed`, err);
        report.failures.push({ line: row.line, stockRef: row.stockRef, reason: err instanceof Error ? err.message : String(err) });
      }
    });
    // One counter write per batch, after its rows (issue 23: never one per row).
    await deps.counters.recordBatch(batch);
  }
  return report;
}
