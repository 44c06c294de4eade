import { describe, expect, it } from 'vitest';
import { editListingSchema, sellListingSchema } from '../../../shared/schemas/sell.js';
import { eventSubscriptions, localStreamSubscriptions } from '../events.js';
import { createOwnerListing } from '../domain/listings/manage-create.js';
import { deleteOwnerListing } from '../domain/listings/manage-delete.js';
import { contractCheckingPublisher, fakeDeps, user } from '../domain/listings/manage-fakes.test-support.js';
import type { ListingEvent } from '../domain/listings/manage-ports.js';
import { setOwnerListingStatus } from '../domain/listings/manage-status.js';
import { updateOwnerListing } from '../domain/listings/manage-update.js';
import { announceIfComplete } from '../domain/scraper/run-source.js';
import { applyStockImport } from '../domain/stock-import/apply-import.js';
import { parseStockCsv } from '../domain/stock-import/parse-stock-csv.js';
import { publishImportApplied, publishImportPriceChanges } from '../domain/stock-import/import-events.js';
import { priceDropOf } from './alerts-price-drop.js';
import type { EventConsumer } from './consume.js';
import { DOMAIN_EVENT_TYPES, type DomainEvent, type DomainEventType, InvalidEventError, checkEvent } from './contracts.js';

/**
 * The contract test (issue 24 §2): every producer's real events, made by the producers' own code
 * with in-memory fakes, are checked against their contracts and handed to every consumer of their
 * type (events.ts rows); a price cut from each producer must reach the price-drop consumer as one.
 */

const AT = '2026-03-01T10:00:00.000Z';
const rows = (csv: string) => {
  const parsed = parseStockCsv(new TextEncoder().encode(csv));
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.rows;
};
const stockCsv = (price: number) =>
  `stock_ref,make,model,year,category,price,euro,gvw,photo_urls\nA1,DAF,XF 480,2020,articulated,${price},Euro 6,44,`;
const DEALER = {
  contactName: 'Sam',
  phone: '0113 496 0000',
  companyName: 'Pennine',
  email: 's@p.example',
  location: 'Leeds',
  postcode: 'LS11 5QX',
};
const sell = (price: number) =>
  sellListingSchema.parse({
    make: 'daf',
    model: 'XF 480',
    year: 2020,
    category: 'articulated',
    price,
    contactName: 'Ann',
    phone: '07700 900456',
  });
const edit = (price: number) =>
  editListingSchema.parse({
    title: '2020 DAF XF 480',
    make: 'daf',
    model: 'XF 480',
    year: 2020,
    category: 'articulated',
    price,
    contactName: 'Ann',
    phone: '07700 900456',
  });

/** What each producer puts on the bus, by producer. */
async function producedEvents(): Promise<Record<string, ListingEvent[]>> {
  // An owner creates, cuts the price, deactivates and deletes.
  const owner = fakeDeps();
  const rec = await createOwnerListing(owner.deps, user('owner'), sell(42_000));
  await updateOwnerListing(owner.deps, user('owner'), rec.id, edit(39_500));
  await setOwnerListingStatus(owner.deps, user('owner'), rec.id, 'inactive');
  await deleteOwnerListing(owner.deps, user('owner'), rec.id);

  // A dealer's stock import lowers a price on its second file.
  const dealer = fakeDeps();
  const apply = {
    ...dealer.deps,
    photos: { importPhotos: async () => ({ images: [], failures: [] }) },
    counters: { recordBatch: async () => undefined },
  };
  await applyStockImport(apply, 'dealer-1', rows(stockCsv(54_950)), DEALER, { markMissingSold: false, importId: 'I1' });
  const second = await applyStockImport(apply, 'dealer-1', rows(stockCsv(51_000)), DEALER, { markMissingSold: false, importId: 'I2' });
  await publishImportPriceChanges(dealer.deps, 'dealer-1', second.priceChanges);
  await publishImportApplied(dealer.deps, { importId: 'I2', userId: 'dealer-1', created: 0, updated: 1, markedSold: 0, appliedAt: AT });

  // The scraper's run event (its price cuts: run-source.test.ts, through the same contract).
  const scraper: ListingEvent[] = [];
  await announceIfComplete(
    {
      events: {
        runCompleted: async (detail) => {
          await contractCheckingPublisher.publish([{ type: 'scraper.run.completed', detail }]);
          scraper.push({ type: 'scraper.run.completed', detail });
        },
        listingsUpdated: async () => undefined,
      },
    },
    'run-1',
    { runComplete: true, newListingIds: ['scraped-a'], run: { startedAt: AT, finishedAt: AT } },
  );

  return { owner: owner.events, stockImport: dealer.events, scraper };
}

const consumerRows = [...eventSubscriptions, ...localStreamSubscriptions()];
const consumerOf = async (handlerPath: string) =>
  (await import(/* @vite-ignore */ `../${handlerPath.replace(/\.ts$/, '.js')}`)).handler as EventConsumer<DomainEventType, unknown>;

describe('event contracts', () => {
  it('has one contract per event type, and every consumer row reads its type through the contract check', async () => {
    expect(DOMAIN_EVENT_TYPES.sort()).toEqual([
      'listing.created',
      'listing.deleted',
      'listing.updated',
      'scraper.run.completed',
      'stock-import.applied',
    ]);
    for (const row of consumerRows) {
      const handler = await consumerOf(row.handler);
      expect(handler.consumes, `${row.id} (${row.handler})`).toContain(row.eventType);
    }
  });

  it("runs every consumer against each producer's real events: each holds its contract", async () => {
    const produced = await producedEvents();
    const types = new Set(Object.values(produced).flatMap((events) => events.map((e) => e.type)));
    expect([...types].sort()).toEqual(DOMAIN_EVENT_TYPES.sort());
    for (const [producer, events] of Object.entries(produced)) {
      for (const event of events) {
        const detail = checkEvent(event.type, event.detail);
        const consumers = consumerRows.filter((r) => r.eventType === event.type);
        for (const row of consumers) {
          const handler = await consumerOf(row.handler);
          expect(handler.consumes, `${producer} → ${row.id}`).toContain(event.type);
        }
        expect(detail, producer).toEqual(event.detail);
      }
    }
  });

  it('a price cut is listing.updated with oldPrice and newPrice, from an owner and from a stock import, and the price-drop consumer sees it', async () => {
    const produced = await producedEvents();
    const drops = (events: DomainEvent[]) =>
      events.flatMap((e) => (e.type === 'listing.updated' ? [priceDropOf(checkEvent('listing.updated', e.detail))] : [])).filter(Boolean);
    expect(drops(produced.owner)).toEqual([expect.objectContaining({ oldPrice: 42_000, newPrice: 39_500 })]);
    expect(drops(produced.stockImport)).toEqual([expect.objectContaining({ oldPrice: 54_950, newPrice: 51_000 })]);
  });

  it('the consumer wrapper refuses an event that breaks its contract, with the reason (the old import shape)', async () => {
    const priceDrop = await consumerOf('events/alerts-price-drop.ts');
    const stale = { id: 'E1', 'detail-type': 'listing.updated', detail: { listingId: 'L1', price: 51_000, previousPrice: 54_950 } };
    await expect(priceDrop(stale)).rejects.toThrow(InvalidEventError);
    await expect(priceDrop(stale)).rejects.toThrow(/Invalid listing\.updated event: .*oldPrice/s);
    await expect(priceDrop({ ...stale, 'detail-type': 'listing.created' })).rejects.toThrow(
      /consumes listing\.updated, not "listing\.created"/,
    );
  });
});
