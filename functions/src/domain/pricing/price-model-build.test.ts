import { describe, expect, it } from 'vitest';
import type { PriceModel } from './fair-price.js';
import { buildPriceModel, type PriceModelBuildDeps, rebuildPriceModelIfStale } from './price-model-build.js';
import { syntheticMarket } from './synthetic-market.js';
/** The rule's value, stated here rather than imported, so a change to it fails this test. */
const REBUILD_AFTER_MS = 10 * 60 * 1000;

function deps(now: Date, stored: PriceModel | null = null) {
  const market = syntheticMarket(300, { seed: 3 });
  let loads = 0;
  let saved: PriceModel | null = stored;
  const d: PriceModelBuildDeps = {
    listings: {
      async loadAllActive() {
        loads++;
        return {
          listings: market.map((t) => ({
            ...t,
            userId: 'u',
            title: '',
            fuelType: null,
            transmission: null,
            engineSize: null,
            description: null,
            features: null,
            contactName: '',
            companyName: null,
            phone: '',
            email: null,
            location: null,
            postcode: null,
            images: [],
            status: 'active',
            createdAt: '',
            updatedAt: '',
          })) as never,
          scraped: [],
        };
      },
    },
    store: {
      load: async () => saved,
      save: async (m) => {
        saved = m;
      },
    },
    now: () => now,
  };
  return { d, loads: () => loads, saved: () => saved };
}

describe('price model build', () => {
  it('fits on every active listing and stores the model', async () => {
    const t = deps(new Date('2026-11-23T10:00:00Z'));
    const result = await buildPriceModel(t.d);
    expect(result.trainedOn).toBe(300);
    expect(t.saved()?.builtAt).toBe('2026-11-23T10:00:00.000Z');
  });

  it('rebuilds on a change only when the stored model is stale, and once for a burst of events', async () => {
    const now = new Date('2026-11-23T10:00:00Z');
    const fresh = deps(now, { builtAt: new Date(now.getTime() - REBUILD_AFTER_MS + 1000).toISOString() } as PriceModel);
    expect(await rebuildPriceModelIfStale(fresh.d)).toBe('fresh');
    expect(fresh.loads()).toBe(0);

    const stale = deps(now, { builtAt: new Date(now.getTime() - REBUILD_AFTER_MS - 1000).toISOString() } as PriceModel);
    const burst = await Promise.all(Array.from({ length: 20 }, () => rebuildPriceModelIfStale(stale.d)));
    expect(burst.every((r) => r === 'rebuilt')).toBe(true);
    expect(stale.loads()).toBe(1);
  });
});
