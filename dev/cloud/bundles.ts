/**
 * The code the local cloud runs: each function's handler bundled exactly as the CDK app bundles
 * it for Lambda (infra/lib/constructs/esbuild-code.ts, HOUSE_BUNDLE_OPTIONS: Node 22 ESM, minified,
 * source maps, the AWS SDK and native packages left to node_modules), plus the execution
 * environment's bootstrap (dev/cloud/worker.ts) compiled to plain JavaScript. A worker then starts
 * without the TypeScript loader, and its cold start loads one file, as Lambda's does.
 *
 * One esbuild run builds every handler (shared dependencies are parsed once); `rebuild()` is
 * incremental (hot reload). The output lives under the repository's `.local/functions/` (inside the
 * repository, so the packages left external resolve from its node_modules, wherever DATA_DIR is).
 */
import { createHash } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { type BuildContext, build, context } from 'esbuild';
import { bundleKeyOf, HOUSE_BUNDLE_OPTIONS } from '../../infra/lib/constructs/esbuild-code.js';
import { REPO_ROOT } from '../config.js';
import type { Template } from './synth.js';

const FUNCTIONS_SRC = path.join(REPO_ROOT, 'functions', 'src');
const WORKER_SOURCE = path.join(REPO_ROOT, 'dev', 'cloud', 'worker.ts');

export interface FunctionCode {
  /** Settles when the code is built; an environment starts only after it. */
  readonly ready: Promise<unknown>;
  /** The execution environment's bootstrap, plain JavaScript (no TypeScript loader in the worker). */
  readonly workerFile: string;
  /** The bundle of a handler module (relative to functions/src, as the template's metadata names it). */
  fileFor(handler: string): string;
}

/** The handler modules of the synthesized app's functions (their template metadata `truckyard:handler`). */
export function handlersOf(templates: Record<string, Template>): string[] {
  const handlers = Object.values(templates).flatMap((t) =>
    Object.values(t.Resources ?? {}).flatMap((r) => {
      const handler = r.Type === 'AWS::Lambda::Function' ? r.Metadata?.['truckyard:handler'] : undefined;
      return typeof handler === 'string' ? [handler] : [];
    }),
  );
  return [...new Set(handlers)].sort();
}

export class FunctionBundles implements FunctionCode {
  readonly workerFile: string;
  readonly #outdir: string;
  readonly #handlers: string[];
  #ctx: BuildContext | undefined;
  #built: Promise<{ ms: number; functions: number }> | undefined;

  readonly #temporary: boolean;

  constructor(dataDir: string, handlers: Iterable<string>) {
    // One folder per data folder, so two local clouds (the browser tests' and the parity suite's) do not share one.
    const ownDefault = path.resolve(dataDir) === path.join(REPO_ROOT, '.local');
    const key = ownDefault ? 'default' : createHash('sha256').update(path.resolve(dataDir)).digest('hex').slice(0, 12);
    this.#outdir = path.join(REPO_ROOT, '.local', 'functions', key);
    this.#temporary = !ownDefault;
    this.#handlers = [...new Set(handlers)].sort();
    this.workerFile = path.join(this.#outdir, '_bootstrap', 'worker.mjs');
  }

  fileFor(handler: string): string {
    if (!this.#handlers.includes(handler)) throw new Error(`No bundle for ${handler}: it is not a handler of the synthesized app`);
    return path.join(this.#outdir, bundleKeyOf(path.join(FUNCTIONS_SRC, handler)), 'index.mjs');
  }

  /** The first build (started by `build()`); invocations wait for it. */
  get ready(): Promise<unknown> {
    return this.#built ?? this.build();
  }

  /** Builds every bundle and the bootstrap once; resolves with the time it took. */
  build(): Promise<{ ms: number; functions: number }> {
    this.#built ??= this.#build();
    return this.#built;
  }

  async #build(): Promise<{ ms: number; functions: number }> {
    const started = Date.now();
    rmSync(this.#outdir, { recursive: true, force: true });
    const entryPoints = Object.fromEntries(
      this.#handlers.map((h) => {
        const entry = path.join(FUNCTIONS_SRC, h);
        return [`${bundleKeyOf(entry)}/index`, entry];
      }),
    );
    this.#ctx = await context({ ...HOUSE_BUNDLE_OPTIONS, entryPoints, outdir: this.#outdir });
    await Promise.all([
      this.#ctx.rebuild(),
      // The bootstrap imports its packages from node_modules (the IAM guard must patch the same
      // SDK client class the handler bundles load from there).
      build({
        entryPoints: [WORKER_SOURCE],
        outfile: this.workerFile,
        bundle: true,
        packages: 'external',
        platform: 'node',
        target: 'node22',
        format: 'esm',
        banner: HOUSE_BUNDLE_OPTIONS.banner,
        logLevel: 'warning',
        absWorkingDir: REPO_ROOT,
      }),
    ]);
    return { ms: Date.now() - started, functions: this.#handlers.length };
  }

  /** Rebuilds the handler bundles after a source change (incremental). */
  async rebuild(): Promise<number> {
    const started = Date.now();
    await this.build();
    await this.#ctx?.rebuild();
    return Date.now() - started;
  }

  /** Stops esbuild; the bundles of a data folder other than the default one are deleted. */
  async dispose(): Promise<void> {
    await this.#ctx?.dispose();
    this.#ctx = undefined;
    if (this.#temporary) rmSync(this.#outdir, { recursive: true, force: true });
  }
}
