import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FunctionBundles } from './bundles.js';
import type { FunctionSpec } from './model.js';
import { FunctionRuntime } from './runtime.js';

const HANDLER = '../../dev/testing/fixtures/bucket-name-handler.ts';

/** A function as the local cloud reads it from a template, with the environment given. */
const spec = (environment: Record<string, string>): FunctionSpec => ({
  logicalId: 'BucketNameFn',
  stack: 'Test',
  handler: HANDLER,
  environment,
  timeoutSeconds: 10,
  memoryMb: 512,
  architecture: 'arm64',
  roleArn: 'arn:aws:iam::000000000000:role/BucketNameFn',
  policyStatements: [],
  managedPolicyArns: [],
});

/**
 * A function gets only the variables its row's access gives it (infra house-function.ts; the CDK
 * test in infra/test/stacks.test.ts checks the template). The local cloud runs each function's
 * bundle with exactly its template's environment, so a function reading a variable its row did not
 * earn fails here as it would in AWS, instead of finding the value in the shell's environment.
 */
describe("a function's environment in the local cloud", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'truckyard-function-env-test-'));
  const code = new FunctionBundles(dataDir, [HANDLER]);
  afterAll(async () => {
    await code.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('fails a handler that reads a bucket name its template does not give it, and names the variable', async () => {
    process.env.BUCKET_TRUCK_IMAGES = 'from-the-shell';
    const runtime = new FunctionRuntime({ functions: [spec({ AWS_REGION: 'eu-west-2' })], transport: {}, code, log: () => {} });
    try {
      await expect(runtime.invoke(HANDLER, {})).rejects.toThrow(/Missing required environment variable BUCKET_TRUCK_IMAGES/);
    } finally {
      await runtime.close();
      delete process.env.BUCKET_TRUCK_IMAGES;
    }
  }, 60_000);

  it('answers when the template names the bucket', async () => {
    const environment = { AWS_REGION: 'eu-west-2', BUCKET_TRUCK_IMAGES: 'truck-images' };
    const runtime = new FunctionRuntime({ functions: [spec(environment)], transport: {}, code, log: () => {} });
    try {
      expect(await runtime.invoke(HANDLER, {})).toEqual({ bucket: 'truck-images' });
    } finally {
      await runtime.close();
    }
  }, 60_000);
});
