/**
 * What a stock import puts on the bus (events/contracts.ts): its price changes, as owners' edits
 * are, and its one batched 'stock-import.applied'. Published after the writes; a failure is only
 * logged. The queue worker (stock-imports.ts) and staff's review (import-review.ts) publish them.
 */
import type { StockImportApplied } from '../../events/contracts.js';
import type { ImportReport } from './apply-import.js';
import type { StockImportDeps } from './stock-imports.js';

/**
 * A price an import changed is a 'listing.updated' with `oldPrice` and `newPrice`, like an owner's
 * edit (issue 24 §2): the price-drop alerts read only that. One per listing whose price changed
 * (the publisher puts them on the bus 10 at a time); a failure is only logged.
 */
export async function publishImportPriceChanges(
  deps: Pick<StockImportDeps, 'events'>,
  userId: string,
  changes: ImportReport['priceChanges'],
): Promise<void> {
  if (changes.length === 0) return;
  try {
    await deps.events.publish(
      changes.map((c) => ({
        type: 'listing.updated' as const,
        detail: { ...c, userId, source: 'stock-import' as const },
      })),
    );
  } catch (err) {
    console.error(JSON.stringify({ level: 'error', message: "Publishing an import's price changes failed", error: String(err) }));
  }
}

/** The import's one event (alerts, sitemap, price model, search): published after the writes; a failure is only logged. */
export async function publishImportApplied(deps: Pick<StockImportDeps, 'events'>, detail: StockImportApplied): Promise<void> {
  try {
    await deps.events.publish([{ type: 'stock-import.applied', detail: { ...detail } }]);
  } catch (err) {
    console.error(JSON.stringify({ level: 'error', message: 'Publishing stock-import.applied failed', error: String(err) }));
  }
}
