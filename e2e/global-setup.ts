import type { TestProject } from 'vitest/node';
import { launchParityEarly } from './parity-product.js';
import { startProduct } from './start-product.js';

/**
 * Starts the product exactly as `npm start` does (e2e/start-product.ts), on its own ports and a
 * fresh data folder, for the browser tests; stops it afterwards. The WAF's rules run in Count
 * mode (WAF_MODE=count, explicit configuration): the whole suite comes from one address, which
 * the rate rule would block as it would any one visitor; its own test (e2e/parity) blocks. Its
 * functions get twice their template timeout (LAMBDA_TIMEOUT_SCALE=2, explicit configuration): under
 * `npm test` they share 2 cores with every other tier, where in Lambda each has its own share of a
 * CPU; the runtime's own tests check the unscaled timeout (dev/cloud/function-env.test.ts). Functions
 * start cold on their first invocation, as in AWS without provisioned concurrency: warming all of
 * them first (PREWARM=all) cost about 90 s of CPU and a minute and a half of the run's critical path
 * for functions no browser test calls (docs/testing.md, "Time budget").
 *
 * With E2E_PARITY_EARLY=1 (`npm run test:e2e`, the whole suite) it also launches the parity suite's
 * product (e2e/parity-product.ts) once this one serves, without waiting for it: its start then runs
 * beside the first files' tests rather than in the parity file's turn.
 */
const BASE_PORT = Number(process.env.E2E_BASE_PORT ?? 3400);

export default async function setup(project: TestProject) {
  const product = await startProduct({ basePort: BASE_PORT, env: { WAF_MODE: 'count', HOT_RELOAD: 'off', LAMBDA_TIMEOUT_SCALE: '2' } });
  project.provide('baseUrl', product.baseUrl);
  // For tests that run `npm run job -- <id>` against this instance.
  project.provide('localCloudEnvE2e', {
    PORT: product.env.PORT,
    DYNAMODB_PORT: product.env.DYNAMODB_PORT,
    S3_PORT: product.env.S3_PORT,
    COGNITO_PORT: product.env.COGNITO_PORT,
    SMTP_PORT: product.env.SMTP_PORT,
    DATA_DIR: product.dataDir,
  });
  const parity = process.env.E2E_PARITY_EARLY === '1' ? launchParityEarly() : undefined;
  project.provide('parityProduct', parity?.early ?? null);
  return async () => {
    await Promise.all([product.stop(), parity?.stop()]);
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    localCloudEnvE2e: Record<string, string>;
  }
}
