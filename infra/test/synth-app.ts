import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { REPO_ROOT } from '../lib/paths.js';
import { buildTruckYard, type TruckYardOptions } from '../lib/truckyard.js';

export const TEST_SITE_URL = 'https://test.truckyard.example';

/** What synth requires beside a custom domain (truckyard.ts assertProductionSettings). */
export const PRODUCTION_SETTINGS = {
  sesDomain: 'example.co.uk',
  alarmEmail: 'ops@example.co.uk',
  whatsapp: { phoneNumberId: '123456789012345' },
  vehicleRecords: { dvsaTokenUrl: 'https://login.microsoftonline.com/00000000-0000-4000-8000-000000000000/oauth2/v2.0/token' },
} as const;

const tempDirs: string[] = [];

/** A fresh directory under the OS temp dir, removed by removeTempDirs(). */
export function tempDir(prefix: string) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
}

/** Call from afterAll in every file that synthesizes. */
export function removeTempDirs() {
  for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}

const CDK_JSON = JSON.parse(readFileSync(join(REPO_ROOT, 'cdk.json'), 'utf8')) as { context: Record<string, unknown> };
/** The CLI's context (feature flags), so test templates match `npm run synth`'s. */
export const CDK_CONTEXT = CDK_JSON.context;

type SynthesizedTruckYard = ReturnType<typeof synthesize>;
let defaultApp: SynthesizedTruckYard | undefined;

/**
 * Synthesizes the whole app, with the real route, job and event tables, and returns each stack's
 * template. Bundling is skipped (the synth test bundles for real): these tests read templates.
 *
 * Without options it returns the default app, synthesized once per module instance: the infra
 * project runs its template-only files without isolation (vitest.config.ts), so they share one
 * synth (about 6 s of CPU each) instead of making one per file. Callers must not change what it
 * returns (no constructs added to its stacks). Its folder stays until the process exits, as the
 * assembly reads its template files lazily (stack-limits), beyond any one file's removeTempDirs.
 */
export function synthTruckYard(options: Partial<TruckYardOptions> = {}): SynthesizedTruckYard {
  if (Object.keys(options).length > 0) return synthesize(options, tempDir('truckyard-infra-test-'));
  if (!defaultApp) {
    const outdir = mkdtempSync(join(tmpdir(), 'truckyard-infra-test-default-'));
    process.once('exit', () => rmSync(outdir, { recursive: true, force: true }));
    defaultApp = synthesize(options, outdir);
  }
  return defaultApp;
}

function synthesize(options: Partial<TruckYardOptions>, outdir: string) {
  const app = new App({
    outdir,
    // The CLI's context (feature flags) so the templates match `npm run synth`'s.
    context: { ...CDK_JSON.context, 'aws:cdk:bundling-stacks': [] },
    // CloudFormation Validate only reports warnings; here it would only add seconds.
    builtinCloudFormationValidation: false,
  });
  const webDistDir = options.webDistDir ?? join(tmpdir(), 'truckyard-no-web-dist');
  if (existsSync(webDistDir) && options.webDistDir === undefined) throw new Error(`${webDistDir} must not exist`);
  // A stub functions folder holds only the handlers of the rows a test passes: the app's own jobs,
  // event subscriptions and queues are left out unless the test names them.
  const stubRows = options.functionsDir ? { jobs: [], subscriptions: [], streamConsumers: [], queues: [], deployData: null } : {};
  const stacks = buildTruckYard(app, { siteUrl: TEST_SITE_URL, webDistDir, ...stubRows, ...options });
  const assembly = app.synth();
  const templateOf = (stack: { stackName: string }) => Template.fromJSON(assembly.getStackByName(stack.stackName).template);
  return {
    stacks,
    assembly,
    templates: {
      edge: templateOf(stacks.edge),
      data: templateOf(stacks.data),
      auth: templateOf(stacks.auth),
      jobs: templateOf(stacks.jobs),
      api: templateOf(stacks.api),
      apiStage: templateOf(stacks.apiStage),
      web: templateOf(stacks.web),
      ops: stacks.ops && templateOf(stacks.ops),
      edgeOps: templateOf(stacks.edgeOps),
    },
    areaTemplates: Object.fromEntries(Object.entries(stacks.areas).map(([area, stack]) => [area, templateOf(stack)])),
  };
}
