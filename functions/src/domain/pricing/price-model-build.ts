/**
 * Builds the fair-price model from every active listing and scraped listing and stores it for
 * the readers (search results, the detail page, the sell form). Run fully on a schedule
 * (jobs.ts 'price-model') and on listing changes when the stored model is older than
 * REBUILD_AFTER_MS (events.ts), so a burst of new listings costs one rebuild, not one per listing.
 */
import type { ListingRecord, ScrapedRecord } from '../listings/types.js';
import { normaliseMake } from '../../../../shared/listing-options.js';
import { fitPriceModel, type PriceModel, type PricedTruck } from './fair-price.js';

const REBUILD_AFTER_MS = 10 * 60 * 1000;

export interface PriceModelStore {
  load(): Promise<PriceModel | null>;
  save(model: PriceModel): Promise<void>;
}

export interface PriceModelBuildDeps {
  listings: { loadAllActive(): Promise<{ listings: ListingRecord[]; scraped: ScrapedRecord[] }> };
  store: PriceModelStore;
  now: () => Date;
}

function pricedTruckOfListing(r: ListingRecord): PricedTruck {
  return {
    id: r.id,
    make: r.make,
    model: r.model,
    category: r.category,
    year: r.year,
    mileage: r.mileage,
    euroStandard: r.euroStandard,
    axleConfig: r.axleConfig,
    gvwTonnes: r.gvwTonnes,
    cabType: r.cabType,
    vatStatus: r.vatStatus,
    fuelType: r.fuelType,
    price: r.price,
  };
}

function pricedTruckOfScraped(r: ScrapedRecord): PricedTruck {
  return {
    id: r.id,
    // The make as the listing shows it ('Volvo' → 'volvo'), so scraped and user listings share groups
    // and search cards (rated from the listing shape) find the groups they were counted in.
    make: r.make ? (normaliseMake(r.make) ?? 'other') : null,
    model: r.model,
    category: r.category,
    year: r.year,
    mileage: r.mileage,
    euroStandard: null,
    axleConfig: null,
    gvwTonnes: null,
    cabType: null,
    vatStatus: null,
    fuelType: r.fuelType,
    price: r.price ?? 0,
  };
}

export async function buildPriceModel(deps: PriceModelBuildDeps): Promise<{ trainedOn: number; groups: number }> {
  const { listings, scraped } = await deps.listings.loadAllActive();
  const trucks = [...listings.map(pricedTruckOfListing), ...scraped.map(pricedTruckOfScraped)];
  const model = fitPriceModel(trucks, deps.now());
  await deps.store.save(model);
  return { trainedOn: model.trainedOn, groups: Object.keys(model.counts).length };
}

let inFlight: Promise<'rebuilt' | 'fresh'> | undefined;

/**
 * The change-feed trigger: rebuilds only when the stored model is missing or older than
 * REBUILD_AFTER_MS. Events that arrive while a rebuild runs in this environment share it (a
 * seed or an import delivers many at once).
 */
export function rebuildPriceModelIfStale(deps: PriceModelBuildDeps): Promise<'rebuilt' | 'fresh'> {
  inFlight ??= (async () => {
    const current = await deps.store.load();
    if (current && deps.now().getTime() - Date.parse(current.builtAt) < REBUILD_AFTER_MS) return 'fresh' as const;
    await buildPriceModel(deps);
    return 'rebuilt' as const;
  })().finally(() => {
    inFlight = undefined;
  });
  return inFlight;
}
