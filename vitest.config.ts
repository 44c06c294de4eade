import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The web's path aliases (web/vite.config.ts, tsconfig paths), so web unit tests can import code that uses them.
const webAliases = {
  '@shared': fileURLToPath(new URL('./shared', import.meta.url)),
  '@': fileURLToPath(new URL('./web/src', import.meta.url)),
};

/**
 * Test tiers (HOUSE-STYLE "Tests"):
 * - unit:  *.test.ts beside the code, pure logic.
 * - int:   *.int.test.ts, handlers and adapters against the real local stand-ins.
 * - web:   *.test.tsx under web/src, components rendered with Testing Library in jsdom; the
 *          network is a fetch stub (web/src/testing/api-stub.ts) behind the real API client.
 * - infra: CDK Template assertions.
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
          testTimeout: 120_000,
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
        },
      },
    ],
  },
});
