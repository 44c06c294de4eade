/**
 * Synthesizes the CDK app for the local cloud, exactly as `cdk synth` runs it (infra/bin/app.ts,
 * the context of cdk.json), with asset bundling skipped and the local configuration given as
 * context: the site URL, the scraper's fixture sources and the fixture-host allow-list. The
 * templates are cached under `<dataDir>/synth/<hash>`, keyed by infra/, the row tables, shared/,
 * cdk.json and the context, so an unchanged app starts without synthesizing again.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../config.js';

export type Template = {
  Resources?: Record<
    string,
    { Type: string; Properties?: Record<string, unknown>; Metadata?: Record<string, unknown>; DependsOn?: unknown }
  >;
  Outputs?: Record<string, { Value: unknown; Export?: { Name: unknown } }>;
  Conditions?: Record<string, unknown>;
};

export interface SynthResult {
  dir: string;
  /** Stack name (TruckYard-Api, …) → its template. */
  templates: Record<string, Template>;
  /** Whether this start synthesized (false: the cached templates were used). */
  synthesized: boolean;
  ms: number;
}

/** What decides the templates: the CDK app, the row tables it reads, shared/ and cdk.json. */
const INPUTS = ['infra/lib', 'infra/bin', 'functions/src/routes', 'shared', 'cdk.json', 'package-lock.json'];
const ROW_TABLES_DIR = 'functions/src';

/** The files under `rel` (a folder or a file, relative to the repository), test files and node_modules left out. */
export function filesUnder(rel: string): string[] {
  const abs = path.join(REPO_ROOT, rel);
  if (!existsSync(abs)) return [];
  if (statSync(abs).isFile()) return [rel];
  return readdirSync(abs, { withFileTypes: true }).flatMap((e) => {
    const child = path.join(rel, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : filesUnder(child);
    return /\.test\.tsx?$/.test(e.name) ? [] : [child];
  });
}

/** The cache key of a synth with this context. */
function synthHash(context: Record<string, unknown>): string {
  const hash = createHash('sha256');
  const rowTables = readdirSync(path.join(REPO_ROOT, ROW_TABLES_DIR))
    .filter((f) => f.endsWith('.ts') && !f.includes('.test.'))
    .map((f) => path.join(ROW_TABLES_DIR, f));
  for (const file of [...INPUTS.flatMap(filesUnder), ...rowTables].sort()) {
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(path.join(REPO_ROOT, file)))
      .update('\0');
  }
  hash.update(JSON.stringify(context));
  return hash.digest('hex').slice(0, 16);
}

function readTemplates(dir: string): Record<string, Template> {
  const manifest = JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as {
    artifacts: Record<string, { type: string; properties?: { templateFile?: string } }>;
  };
  const templates: Record<string, Template> = {};
  for (const [name, artifact] of Object.entries(manifest.artifacts)) {
    if (artifact.type !== 'aws:cloudformation:stack' || !artifact.properties?.templateFile) continue;
    templates[name] = JSON.parse(readFileSync(path.join(dir, artifact.properties.templateFile), 'utf8')) as Template;
  }
  return templates;
}

/**
 * Runs infra/bin/app.ts in a child process as the CDK CLI does (CDK_OUTDIR, CDK_CONTEXT_JSON),
 * with cdk.json's context plus `context`; bundling is skipped (the local cloud runs the sources).
 */
export async function synthLocal(opts: { dataDir: string; context: Record<string, unknown> }): Promise<SynthResult> {
  const started = Date.now();
  const cdkJson = JSON.parse(readFileSync(path.join(REPO_ROOT, 'cdk.json'), 'utf8')) as { context?: Record<string, unknown> };
  const context = { ...cdkJson.context, ...opts.context, 'aws:cdk:bundling-stacks': [], 'aws:cdk:enable-path-metadata': true };
  const key = synthHash(context);
  const root = path.join(opts.dataDir, 'synth');
  const dir = path.join(root, key);
  if (existsSync(path.join(dir, 'manifest.json'))) {
    return { dir, templates: readTemplates(dir), synthesized: false, ms: Date.now() - started };
  }
  mkdirSync(root, { recursive: true });
  const tmp = `${dir}.tmp-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  const output = await new Promise<{ code: number | null; text: string }>((resolve, reject) => {
    // No account, as `cdk synth` without credentials: ARNs keep ${AWS::AccountId} (resolved by dev/cloud/model.ts).
    const { CDK_DEFAULT_ACCOUNT: _account, ...parentEnv } = process.env;
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'infra', 'bin', 'app.ts')], {
      cwd: REPO_ROOT,
      env: {
        ...parentEnv,
        CDK_OUTDIR: tmp,
        CDK_CONTEXT_JSON: JSON.stringify(context),
        CDK_DISABLE_CLI_TELEMETRY: 'true',
        CDK_DEFAULT_REGION: 'eu-west-2',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let text = '';
    child.stdout.on('data', (d: Buffer) => {
      text += d.toString();
    });
    child.stderr.on('data', (d: Buffer) => {
      text += d.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, text }));
  });
  if (output.code !== 0 || !existsSync(path.join(tmp, 'manifest.json'))) {
    const report = path.join(tmp, 'validation-report.json');
    const details = existsSync(report) ? `\n${readFileSync(report, 'utf8').slice(0, 4000)}` : '';
    rmSync(tmp, { recursive: true, force: true });
    throw new Error(`Synthesizing the CDK app failed (infra/bin/app.ts):\n${output.text.slice(-4000)}${details}`);
  }
  // Older synths of this data folder are dropped; the newest is the cache. Another process's synth
  // still being written is left alone (two integration-test runs share their cache folder).
  for (const old of readdirSync(root)) {
    if (path.join(root, old) === tmp || isBeingWritten(old)) continue;
    rmSync(path.join(root, old), { recursive: true, force: true });
  }
  try {
    renameSync(tmp, dir);
  } catch (err) {
    // Another process cached the same app meanwhile: its templates are these.
    if (!existsSync(path.join(dir, 'manifest.json'))) throw err;
    rmSync(tmp, { recursive: true, force: true });
  }
  return { dir, templates: readTemplates(dir), synthesized: true, ms: Date.now() - started };
}

/** `<hash>.tmp-<pid>` of a process still running. */
function isBeingWritten(entry: string): boolean {
  const pid = Number(/\.tmp-(\d+)$/.exec(entry)?.[1]);
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
