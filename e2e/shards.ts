import { configDefaults } from 'vitest/config';

/**
 * The browser tests run as two shards side by side (`npm run test:e2e`), each against a product
 * of its own (its own ports and data folder), so no file sees another's writes and no file waits
 * for another shard's. E2E_SHARD=1 runs the files below; E2E_SHARD=2 every other browser test
 * file, so a new file lands in the second shard until it is listed here. Unset, every file runs
 * against one product, one after another (`npx vitest run --project e2e`).
 *
 * The first shard holds the longest files; the second also waits on the parity suite's own
 * product (e2e/parity-product.ts). With the times of the 22:21 run (docs/testing.md, "Time
 * budget") the first's tests took about 370 s and the second's about 305 s.
 */
const FIRST_SHARD = [
  'e2e/marketplace.e2e.test.ts',
  'e2e/content-pages.e2e.test.ts',
  'e2e/admin-area.e2e.test.ts',
  'e2e/fair-price-and-compliance.e2e.test.ts',
  'e2e/scraper.e2e.test.ts',
  'e2e/compare.e2e.test.ts',
  'e2e/whatsapp-verification.e2e.test.ts',
  'e2e/price-history.e2e.test.ts',
];

const ALL = ['e2e/**/*.e2e.test.ts'];

/** The e2e project's include and exclude for E2E_SHARD (1, 2 or unset); another value is refused. */
export function e2eFiles(shard = process.env.E2E_SHARD): { include: string[]; exclude: string[] } {
  const exclude = configDefaults.exclude;
  if (shard === undefined || shard === '') return { include: ALL, exclude };
  if (shard === '1') return { include: FIRST_SHARD, exclude };
  if (shard === '2') return { include: ALL, exclude: [...exclude, ...FIRST_SHARD] };
  throw new Error(`E2E_SHARD must be 1 or 2 (or unset for every browser test file), not ${JSON.stringify(shard)}`);
}
