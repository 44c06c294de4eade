import { describe, expect, it } from 'vitest';
import { fakeDeps } from '../listings/manage-fakes.test-support.js';
import { type ApplyImportDeps, applyStockImport, type ImportCounterBatch, type PhotoImporter } from './apply-import.js';
import { parseStockCsv } from './parse-stock-csv.js';
import type { DealerDefaults } from './plan-import.js';
/** The rule's value, stated here rather than imported, so a change to it fails this test. */
const LISTING_LIMIT_REACHED = 'Your live-listing limit is reached: this row was not imported.';

const DEALER: DealerDefaults = {
  contactName: 'Sam Pennine',
  phone: '0113 496 0000',
  companyName: 'Pennine Truck Sales Ltd',
  email: 'sales@penninetrucksales.example',
  location: 'Leeds',
  postcode: 'LS11 5QX',
};
const CSV = [
  'stock_ref,make,model,year,category,price,euro,gvw,photo_urls',
  'A1,DAF,XF 480,2020,articulated,54950,Euro 6,44,https://dealer.example/a1.jpg https://dealer.example/missing.jpg',
  'A2,Volvo,FM 420,2018,tipper,48500,Euro 6,32,',
  'A3,MAN,TGS,2017,tipper,39950,Euro 6,32,',
].join('\n');

function rowsOf(csv: string) {
  const parsed = parseStockCsv(new TextEncoder().encode(csv));
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.rows;
}

function setup() {
  const f = fakeDeps();
  const fetched: string[] = [];
  const photos: PhotoImporter = {
    async importPhotos(_owner, urls) {
      fetched.push(...urls);
      const ok = urls.filter((u) => !u.includes('missing'));
      return {
        images: ok.map((u) => ({ key: `listings/${u.split('/').pop()}`, width: 1600, height: 1200 })),
        failures: urls.filter((u) => u.includes('missing')).map((url) => ({ url, reason: 'HTTP 404' })),
      };
    },
  };
  const counterBatches: ImportCounterBatch[] = [];
  const counters: ApplyImportDeps['counters'] = { recordBatch: async (b) => void counterBatches.push(structuredClone(b)) };
  const deps: ApplyImportDeps = { ...f.deps, photos, counters };
  return { ...f, deps, fetched, counterBatches };
}

describe('applyStockImport', () => {
  it('creates every valid row with its photos and stock reference, publishing no event per row', async () => {
    // Prepare
    const t = setup();
    // Act
    const report = await applyStockImport(t.deps, 'dealer-1', rowsOf(CSV), DEALER, { markMissingSold: false });
    // Assess
    expect(report.created).toHaveLength(3);
    expect(report.photoFailures).toEqual([{ line: 2, stockRef: 'A1', url: 'https://dealer.example/missing.jpg', reason: 'HTTP 404' }]);
    const a1 = [...t.listings.values()].find((l) => (l as { stockRef?: string }).stockRef === 'A1');
    expect(a1).toMatchObject({ userId: 'dealer-1', title: '2020 DAF XF 480', status: 'active', images: [{ key: 'listings/a1.jpg' }] });
    // The caller publishes the import's one batched event (issue 23).
    expect(t.events).toEqual([]);
  });

  it('adds the counters once per batch of rows, never in each row', async () => {
    const t = setup();
    const report = await applyStockImport({ ...t.deps, batchSize: 2 }, 'dealer-1', rowsOf(CSV), DEALER, { markMissingSold: false });
    expect(report.created).toHaveLength(3);
    expect(t.counterBatches.map((b) => b.created.length)).toEqual([2, 1]);
  });

  it('stops creating at the live-listing room and reports the rows left out', async () => {
    const t = setup();
    const report = await applyStockImport(t.deps, 'dealer-1', rowsOf(CSV), DEALER, { markMissingSold: false, room: 2 });
    expect(report.created).toHaveLength(2);
    expect(report.failures).toEqual([expect.objectContaining({ reason: LISTING_LIMIT_REACHED })]);
  });

  it("writes a first import's listings as pending, marked with the import, for staff review", async () => {
    const t = setup();
    await applyStockImport(t.deps, 'dealer-1', rowsOf(CSV), DEALER, { markMissingSold: false, importId: 'IMP1', awaitingReview: true });
    for (const l of t.listings.values()) expect(l).toMatchObject({ status: 'pending', importId: 'IMP1', pendingImportId: 'IMP1' });
  });

  it('is idempotent: applying the same file again writes nothing and fetches no photo', async () => {
    const t = setup();
    await applyStockImport(t.deps, 'dealer-1', rowsOf(CSV), DEALER, { markMissingSold: false });
    const before = JSON.stringify([...t.listings.values()]);
    t.fetched.length = 0;
    const again = await applyStockImport(t.deps, 'dealer-1', rowsOf(CSV), DEALER, { markMissingSold: false });
    expect(again.plan).toMatchObject({ create: 0, update: 0, unchanged: 3 });
    expect(JSON.stringify([...t.listings.values()])).toBe(before);
    expect(t.fetched).toEqual([]);
  });

  it('updates changed rows in place and marks stock missing from a full import as sold', async () => {
    const t = setup();
    await applyStockImport(t.deps, 'dealer-1', rowsOf(CSV), DEALER, { markMissingSold: false });
    const next = CSV.replace('48500', '46000')
      .split('\n')
      .filter((l) => !l.startsWith('A3'))
      .join('\n');
    const report = await applyStockImport(t.deps, 'dealer-1', rowsOf(next), DEALER, { markMissingSold: true });
    expect(report.updated).toHaveLength(1);
    expect(report.markedSold).toHaveLength(1);
    const byRef = Object.fromEntries([...t.listings.values()].map((l) => [(l as { stockRef?: string }).stockRef, l]));
    expect(byRef.A2).toMatchObject({ price: 46000, status: 'active' });
    expect(byRef.A3).toMatchObject({ status: 'sold' });
    expect(t.listings.size).toBe(3);
  });

  it("never touches another dealer's stock with the same references", async () => {
    const t = setup();
    await applyStockImport(t.deps, 'dealer-1', rowsOf(CSV), DEALER, { markMissingSold: false });
    const report = await applyStockImport(t.deps, 'dealer-2', rowsOf(CSV.split('\n').slice(0, 2).join('\n')), DEALER, {
      markMissingSold: true,
    });
    expect(report.created).toHaveLength(1);
    expect(report.markedSold).toEqual([]);
    expect([...t.listings.values()].filter((l) => l.userId === 'dealer-1' && l.status === 'active')).toHaveLength(3);
  });
});
