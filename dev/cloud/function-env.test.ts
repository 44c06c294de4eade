import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FunctionBundles } from './bundles.js';
import type { FunctionSpec } from './model.js';
import { FunctionRuntime, timeoutScaleOf } from './runtime.js';

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

const SLOW = '../../dev/testing/fixtures/slow-handler.ts';

/** The template's timeout, as Lambda applies it, and LAMBDA_TIMEOUT_SCALE for a machine whose cores the environments share. */
describe("a function's timeout in the local cloud", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'truckyard-function-timeout-test-'));
  const code = new FunctionBundles(dataDir, [SLOW]);
  const slow: FunctionSpec = { ...spec({ AWS_REGION: 'eu-west-2' }), logicalId: 'SlowFn', handler: SLOW, timeoutSeconds: 1 };
  afterAll(async () => {
    await code.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('fails an invocation that outlives its timeout with Lambda’s message', async () => {
    const runtime = new FunctionRuntime({ functions: [slow], transport: {}, code, log: () => {} });
    try {
      await expect(runtime.invoke(SLOW, { ms: 1_500 })).rejects.toThrow('Task timed out after 1.00 seconds');
    } finally {
      await runtime.close();
    }
  }, 60_000);

  it('gives each invocation its timeout times LAMBDA_TIMEOUT_SCALE, and tells the handler so', async () => {
    const runtime = new FunctionRuntime({ functions: [slow], transport: {}, code, log: () => {}, timeoutScale: 3 });
    try {
      const { remainingAtStart } = (await runtime.invoke(SLOW, { ms: 1_500 })) as { remainingAtStart: number };
      expect(remainingAtStart).toBeGreaterThan(1_500);
      expect(remainingAtStart).toBeLessThanOrEqual(3_000);
      await expect(runtime.invoke(SLOW, { ms: 3_500 })).rejects.toThrow(
        'Task timed out after 1.00 seconds (×3 LAMBDA_TIMEOUT_SCALE: 3.00 s)',
      );
    } finally {
      await runtime.close();
    }
  }, 60_000);

  it('reads LAMBDA_TIMEOUT_SCALE as a number from 1 to 10, and refuses anything else', () => {
    expect(timeoutScaleOf(undefined)).toBe(1);
    expect(timeoutScaleOf('2.5')).toBe(2.5);
    for (const bad of ['0.5', '11', 'three', 'NaN']) expect(() => timeoutScaleOf(bad), bad).toThrow(/LAMBDA_TIMEOUT_SCALE must be/);
  });
});
