import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { REPO_ROOT } from '../lib/paths.js';

it('synthesizes every stack offline with the pinned CDK CLI, bundling each function', () => {
  // Prepare
  const outdir = mkdtempSync(join(tmpdir(), 'truckyard-cdk-synth-'));
  // Act
  const result = spawnSync('npx', ['cdk', 'synth', '--no-notices', '-q', '-o', outdir], {
    cwd: REPO_ROOT,
    // CloudFormation Validate only reports warnings (it cannot fail synth) and costs 8-40 s here.
    env: { ...process.env, CDK_DISABLE_CLI_TELEMETRY: 'true', CDK_VALIDATION: 'false' },
    encoding: 'utf8',
    timeout: 110_000,
  });
  // Assess
  expect(result.status, `${result.stdout}\n${result.stderr}`).toBe(0);
  for (const stack of ['Data', 'Auth', 'Jobs', 'Api', 'Web']) {
    expect(existsSync(join(outdir, `TruckYard-${stack}.template.json`)), stack).toBe(true);
  }
});
