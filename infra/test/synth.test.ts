import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it, onTestFinished } from 'vitest';
import { routes } from '../../functions/src/routes.js';
import { nativeModulesOf } from '../lib/constructs/native-modules.js';
import { FUNCTIONS_SRC_DIR, REPO_ROOT } from '../lib/paths.js';

it('synthesizes every stack offline with the pinned CDK CLI and a clean cdk-nag report, bundling each function with the native packages it needs', () => {
  // Prepare
  const outdir = mkdtempSync(join(tmpdir(), 'truckyard-cdk-synth-'));
  onTestFinished(() => rmSync(outdir, { recursive: true, force: true })); // the bundles with sharp are ~250 MB
  // Act
  // --no-validation: CloudFormation Validate only reports warnings (it cannot fail synth) and costs 10-40 s here.
  const result = spawnSync('npx', ['cdk', 'synth', '--no-notices', '-q', '--no-validation', '-o', outdir], {
    cwd: REPO_ROOT,
    env: { ...process.env, CDK_DISABLE_CLI_TELEMETRY: 'true' },
    encoding: 'utf8',
    timeout: 110_000,
  });
  // Assess
  expect(result.status, `${result.stdout}\n${result.stderr}`).toBe(0);
  for (const stack of ['Edge', 'Data', 'Auth', 'Jobs', 'Api', 'Web']) {
    expect(existsSync(join(outdir, `TruckYard-${stack}.template.json`)), stack).toBe(true);
  }
  // The core stack and the area stacks (TruckYard-ApiAdmin, …) hold the route functions.
  type Template = { Resources: Record<string, { Type: string; Properties: { Description?: string; Code?: { S3Key: string } } }> };
  const api: Template = { Resources: {} };
  for (const file of readdirSync(outdir).filter((f) => /^TruckYard-Api\w*\.template\.json$/.test(f))) {
    Object.assign(api.Resources, (JSON.parse(readFileSync(join(outdir, file), 'utf8')) as Template).Resources);
  }
  for (const route of routes) {
    // Rows sharing a handler module share a function described by the module.
    const fn = Object.values(api.Resources).find(
      (r) =>
        r.Type === 'AWS::Lambda::Function' &&
        (r.Properties.Description === `${route.method} ${route.path}` || r.Properties.Description?.startsWith(`${route.handler} (`)),
    );
    const assetDir = join(outdir, `asset.${fn?.Properties.Code?.S3Key.replace(/\.zip$/, '')}`);
    expect(readdirSync(assetDir), route.id).toEqual(expect.arrayContaining(['index.mjs', 'index.mjs.map']));
    const shipped = existsSync(join(assetDir, 'node_modules')) ? readdirSync(join(assetDir, 'node_modules')) : [];
    for (const pkg of nativeModulesOf(join(FUNCTIONS_SRC_DIR, route.handler))) expect(shipped, route.id).toContain(pkg);
  }
});
