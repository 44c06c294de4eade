import { defineConfig } from 'vitest/config';

/**
 * Test tiers (HOUSE-STYLE "Tests"):
 * - unit:  *.test.ts beside the code, pure logic.
 * - int:   *.int.test.ts, handlers and adapters against the real local stand-ins.
 * - infra: CDK Template assertions.
 * - e2e:   real Chromium against the product as `npm start` starts it.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['shared/**/*.test.ts', 'functions/**/*.test.ts', 'dev/**/*.test.ts', 'web/src/**/*.test.{ts,tsx}'],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
        },
      },
      {
        test: {
          name: 'int',
          include: ['functions/**/*.int.test.ts', 'dev/**/*.int.test.ts'],
          globalSetup: ['dev/testing/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
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
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
