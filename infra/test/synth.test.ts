import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it, onTestFinished } from 'vitest';
import { routes } from '../../functions/src/routes.js';
import { queues } from '../../functions/src/queues.js';
import { REPO_ROOT } from '../lib/paths.js';

it('synthesizes every stack offline with the pinned CDK CLI and a clean cdk-nag report, bundling each function; only the image functions ship sharp (arm64)', () => {
  // Prepare
  const outdir = mkdtempSync(join(tmpdir(), 'truckyard-cdk-synth-'));
  onTestFinished(() => rmSync(outdir, { recursive: true, force: true })); // the bundles with sharp are ~250 MB
  // Act
  // --no-validation: CloudFormation Validate only reports warnings (it cannot fail synth) and costs 10-40 s here.
  const result = spawnSync('npx', ['cdk', 'synth', '--no-notices', '-q', '--no-validation', '-o', outdir], {
    cwd: REPO_ROOT,
    env: { ...process.env, CDK_DISABLE_CLI_TELEMETRY: 'true' },
    encoding: 'utf8',
    // About 25 s of CPU. npm test runs it at low priority beside the browser and integration tests
    // (scripts/run-concurrently.ts --nice), where it waits for a core: 170 s was passed at a load of 12.
    timeout: 400_000,
  });
  // Assess
  expect(result.status, `${result.stdout}\n${result.stderr}`).toBe(0);
  for (const stack of ['Edge', 'Data', 'Auth', 'Jobs', 'Api', 'Web']) {
    expect(existsSync(join(outdir, `TruckYard-${stack}.template.json`)), stack).toBe(true);
  }
  type Template = {
    Resources: Record<string, { Type: string; Properties: { Description?: string; Architectures?: string[]; Code?: { S3Key?: string } } }>;
  };
  const fns = readdirSync(outdir)
    .filter((f) => f.endsWith('.template.json'))
    .flatMap((f) => Object.values((JSON.parse(readFileSync(join(outdir, f), 'utf8')) as Template).Resources))
    .filter((r) => r.Type === 'AWS::Lambda::Function' && r.Properties.Code?.S3Key);
  // Every route's function is there, bundled (rows sharing a handler module share a function described by the module).
  // (HEAD rows share their GET's function; CDK's Provider framework describes itself with a token.)
  for (const route of routes.filter((r) => r.method !== 'HEAD')) {
    const fn = fns.find((r) => {
      const description = r.Properties.Description;
      return (
        typeof description === 'string' && (description === `${route.method} ${route.path}` || description.startsWith(`${route.handler} (`))
      );
    });
    const assetDir = join(outdir, `asset.${fn?.Properties.Code?.S3Key?.replace(/\.zip$/, '')}`);
    expect(readdirSync(assetDir), route.id).toEqual(expect.arrayContaining(['index.mjs', 'index.mjs.map']));
  }
  // sharp: only the bundles that still import it after tree shaking (the image functions) ship it,
  // its arm64 binaries, on ARM64 functions; no other bundle contains it.
  const imageFunctions = [
    // Listing photos and staff media are re-encoded (EXIF and GPS dropped, issue 23 "Admin media").
    ...routes
      .filter((r) => r.id === 'CompleteListingImageUploads' || r.id === 'AdminCompleteMediaUploads')
      .map((r) => `${r.method} ${r.path}`),
    ...queues.filter((q) => q.id === 'stock-imports' || q.id === 'scrape-sources').map((q) => q.description),
  ];
  const withSharp: string[] = [];
  for (const fn of fns) {
    const assetDir = join(outdir, `asset.${fn.Properties.Code?.S3Key?.replace(/\.zip$/, '')}`);
    if (!existsSync(join(assetDir, 'index.mjs'))) continue; // CDK's own handlers
    const code = readFileSync(join(assetDir, 'index.mjs'), 'utf8');
    const importsSharp = /import\(\s*["']sharp["']\s*\)|from\s*["']sharp["']/.test(code);
    const shipsSharp = existsSync(join(assetDir, 'node_modules', 'sharp'));
    expect(shipsSharp, fn.Properties.Description).toBe(importsSharp);
    if (!importsSharp) continue;
    withSharp.push(fn.Properties.Description ?? '');
    expect(fn.Properties.Architectures, fn.Properties.Description).toEqual(['arm64']);
    const binaries = readdirSync(join(assetDir, 'node_modules', '@img')).filter((d) => d.startsWith('sharp-'));
    expect(binaries.sort()).toEqual(['sharp-libvips-linux-arm64', 'sharp-linux-arm64']);
  }
  expect(withSharp.sort()).toEqual(imageFunctions.sort());
}, 420_000);
