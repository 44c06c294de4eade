import { describe, expect, it } from 'vitest';
import { DEMO_LISTINGS, demoImageKeys } from './data.js';
import { createImageRenderer, imageJobsFor } from './images.js';
/** The rule's value, stated here rather than imported, so a change to it fails this test. */
const VIEW_ORDER = ['three-quarter', 'side', 'rear', 'cab', 'interior', 'side-right'] as const;

describe('demo listing pictures', () => {
  it('plans one job per image key, in gallery order, starting with the three-quarter view', () => {
    const listing = DEMO_LISTINGS.find((l) => l.imageCount >= 4) ?? DEMO_LISTINGS[0];
    const keys = demoImageKeys(listing);

    const jobs = imageJobsFor(listing, keys);

    expect(jobs.map((j) => j.key)).toEqual(keys);
    expect(jobs.map((j) => j.view)).toEqual(VIEW_ORDER.slice(0, keys.length));
    expect(jobs[0].spec).toMatchObject({ make: listing.make, category: listing.category, livery: listing.livery });
  });

  it('encodes an identical drawing once and shares it', async () => {
    const renderer = createImageRenderer({ cacheDir: null });
    const listing = DEMO_LISTINGS[0];
    const [job] = imageJobsFor(listing, demoImageKeys(listing));

    const [a, b] = await Promise.all([renderer.variantsFor(job), renderer.variantsFor({ ...job, key: 'listings/other' })]);

    expect(a).toBe(b);
    expect(renderer.stats()).toMatchObject({ rendered: 1, unique: 1 });
    expect({ width: a.width, height: a.height }).toEqual({ width: 1600, height: 1200 });
    expect(a.variants.map((v) => v.width)).toEqual([400, 800, 1600]);
  });
});
