import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The web's path aliases (web/vite.config.ts, tsconfig paths), so web unit tests can import code that uses them.
const webAliases = {
  '@shared': fileURLToPath(new URL('./shared', import.meta.url)),
  '@': fileURLToPath(new URL('./web/src', import.meta.url)),
};

/**
 * Infra test files that load function or dev-server code (Powertools, the X-Ray SDK, the API
 * server) or run the CDK CLI: each keeps a worker of its own. Shared with another file, the X-Ray
 * SDK's sampler refused its sampling rules the second time it loaded (docs/testing.md).
 */
const INFRA_ISOLATED = [
  'infra/test/edge-cache.test.ts',
  'infra/test/security-headers.test.ts',
  'infra/test/synth.test.ts',
  'infra/test/webhook-lease-grants.test.ts',
];

/**
 * Test tiers (HOUSE-STYLE "Tests"):
 * - unit:  *.test.ts beside the code, pure logic.
 * - int:   *.int.test.ts, handlers and adapters against the real local stand-ins.
 * - web:   *.test.tsx under web/src, components rendered with Testing Library in jsdom; the
 *          network is a fetch stub (web/src/testing/api-stub.ts) behind the real API client.
 * - infra: CDK Template assertions (infra-isolated: the few that also load function code).
 * - e2e:   real Chromium against the product as `npm start` starts it.
 */
export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias: webAliases },
        test: {
          name: 'unit',
          include: [
            'shared/**/*.test.ts',
            'functions/**/*.test.ts',
            'dev/**/*.test.ts',
            'web/src/**/*.test.ts',
            'web/build/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
          // npm test runs this tier at low priority beside the browser and integration tests
          // (scripts/run-concurrently.ts --nice): an image test waiting for a core passed 5 s there.
          testTimeout: 30_000,
          // One module graph per worker for all the files it runs, not one per file: half the tier's
          // CPU (107 s to 52 s), most of it importing zod, the schemas and the SDK again and again.
          // A file that changes process.env or mocks a module restores it (afterEach / vi.doUnmock);
          // the tier passes with its files shuffled (--sequence.shuffle.files).
          isolate: false,
        },
      },
      {
        resolve: { alias: webAliases },
        test: {
          name: 'web',
          include: ['web/src/**/*.test.tsx'],
          environment: 'jsdom',
          // A form test types into a dozen fields; on a loaded 2-core machine that can pass 5 s.
          testTimeout: 30_000,
          setupFiles: ['web/src/testing/setup.ts'],
          // One jsdom and one module graph per worker, not per file (70 s of CPU to 31 s). The setup
          // file unmounts and clears storage after each test; passes with its files shuffled.
          isolate: false,
        },
      },
      {
        // The page handler server-renders the web app (web/src/entry-server.tsx).
        resolve: { alias: webAliases },
        test: {
          name: 'int',
          include: ['functions/**/*.int.test.ts', 'dev/**/*.int.test.ts'],
          globalSetup: ['dev/testing/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias: webAliases },
        test: {
          name: 'infra',
          include: ['infra/test/**/*.test.ts'],
          exclude: INFRA_ISOLATED,
          // Synths: seconds alone, but npm test runs this tier at low priority beside the browser and
          // integration tests (scripts/run-concurrently.ts --nice), where a 60 s synth hook timed out.
          testTimeout: 300_000,
          hookTimeout: 300_000,
          // These files read only the CDK app and the row tables: without isolation a worker imports
          // aws-cdk-lib once and synthesizes the default app once (infra/test/synth-app.ts) for all of
          // them, instead of once per file (about 5 s and 6 s of CPU).
          isolate: false,
        },
      },
      {
        resolve: { alias: webAliases },
        test: {
          name: 'infra-isolated',
          include: INFRA_ISOLATED,
          testTimeout: 300_000,
          hookTimeout: 300_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.test.ts'],
          globalSetup: ['e2e/global-setup.ts'],
          setupFiles: ['e2e/diagnostics.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          // The files run one after another in one worker that keeps its modules (playwright-core,
          // the seed data): a fresh worker per file spent about 2 s each importing them again, 38 s
          // of the run's longest chain. Each test starts its page-problem list afresh (e2e/diagnostics.ts).
          isolate: false,
        },
      },
    ],
  },
});
