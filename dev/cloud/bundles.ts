/**
 * The code the local cloud runs: each function's handler bundled exactly as the CDK app bundles
 * it for Lambda (infra/lib/constructs/esbuild-code.ts, HOUSE_BUNDLE_OPTIONS: Node 22 ESM, minified,
 * source maps, the AWS SDK and native packages left to node_modules), plus the execution
 * environment's bootstrap (dev/cloud/worker.ts) compiled to plain JavaScript. A worker then starts
 * without the TypeScript loader, and its cold start loads one file, as Lambda's does.
 *
 * One esbuild run builds every handler (shared dependencies are parsed once). The output lives
 * under the repository's `.local/functions/` (inside the repository, so the packages left external
 * resolve from its node_modules, wherever DATA_DIR is), in one of two ways:
 * - with hot reload (`npm start`): a folder per data folder, and `rebuild()` is incremental;
 * - without (`reuse: true`: HOT_RELOAD=off, the browser tests' products): a folder named by the
 *   hash of every source a bundle can include (`sourcesKey`), built once under a lock and then
 *   read by every product started from the same code. The browser tests start two products
 *   (theirs and the parity suite's); each bundling its own copy cost about 30 s of CPU, 470 MB
 *   of disk and an esbuild process holding 1.9 GB while the product ran. A build whose inputs fall outside the hashed folders
 *   is refused, so the name always covers what the bundles were built from.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type BuildContext, type BuildOptions, build, context } from 'esbuild';
import lockfile from 'proper-lockfile';
import { bundleKeyOf, HOUSE_BUNDLE_OPTIONS } from '../../infra/lib/constructs/esbuild-code.js';
import { REPO_ROOT } from '../config.js';
import { filesUnder, type Template } from './synth.js';

/** What a bundle or the bootstrap may be built from, besides node_modules (package-lock.json names those). */
const SOURCE_ROOTS = ['functions/src', 'shared', 'web/src', 'dev/cloud', 'infra/lib/constructs/esbuild-code.ts', 'package-lock.json'];
const REUSED_ROOT = path.join(REPO_ROOT, '.local', 'functions', 'reused');
/** Reused builds kept (the newest by use); older ones are removed when a new one is made. */
const REUSED_KEPT = 3;
const COMPLETE_MARK = '.complete';

/** The hash of every non-test file under SOURCE_ROOTS (synth.ts filesUnder), the handler list and the build options. */
function sourcesKey(handlers: readonly string[]): string {
  const hash = createHash('sha256');
  hash.update(JSON.stringify({ handlers, options: HOUSE_BUNDLE_OPTIONS }));
  for (const file of SOURCE_ROOTS.flatMap(filesUnder).sort()) {
    hash.update(`\0${file}\0`).update(readFileSync(path.join(REPO_ROOT, file)));
  }
  return hash.digest('hex').slice(0, 16);
}

/** Throws when esbuild read a file that SOURCE_ROOTS (hence the reused folder's name) does not cover. */
function checkInputsCovered(inputs: string[]): void {
  const roots = SOURCE_ROOTS.map((r) => path.join(REPO_ROOT, r));
  const outside = inputs
    .map((i) => path.resolve(REPO_ROOT, i))
    .filter((abs) => !abs.split(path.sep).includes('node_modules') && !roots.some((r) => abs === r || abs.startsWith(`${r}${path.sep}`)));
  if (outside.length > 0)
    throw new Error(
      `The function bundles read files outside ${SOURCE_ROOTS.join(', ')} (dev/cloud/bundles.ts SOURCE_ROOTS): ${outside.join(', ')}`,
    );
}

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
  readonly #reuse: boolean;

  /** `reuse`: no rebuilds will be asked for (HOT_RELOAD=off), so the build is shared by its sources' hash. */
  constructor(dataDir: string, handlers: Iterable<string>, opts: { reuse?: boolean } = {}) {
    this.#handlers = [...new Set(handlers)].sort();
    this.#reuse = opts.reuse === true;
    if (this.#reuse) {
      this.#outdir = path.join(REUSED_ROOT, sourcesKey(this.#handlers));
      this.#temporary = false;
    } else {
      // One folder per data folder, so two local clouds with hot reload do not rebuild each other's code.
      const ownDefault = path.resolve(dataDir) === path.join(REPO_ROOT, '.local');
      const key = ownDefault ? 'default' : createHash('sha256').update(path.resolve(dataDir)).digest('hex').slice(0, 12);
      this.#outdir = path.join(REPO_ROOT, '.local', 'functions', key);
      this.#temporary = !ownDefault;
    }
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
    if (this.#reuse) await this.#buildReused();
    else {
      rmSync(this.#outdir, { recursive: true, force: true });
      this.#ctx = await context({ ...this.#options(this.#outdir) });
      await Promise.all([this.#ctx.rebuild(), build(this.#bootstrapOptions(this.#outdir))]);
    }
    return { ms: Date.now() - started, functions: this.#handlers.length };
  }

  #options(outdir: string): BuildOptions {
    const entryPoints = Object.fromEntries(
      this.#handlers.map((h) => {
        const entry = path.join(FUNCTIONS_SRC, h);
        return [`${bundleKeyOf(entry)}/index`, entry];
      }),
    );
    return { ...HOUSE_BUNDLE_OPTIONS, entryPoints, outdir };
  }

  /** The bootstrap imports its packages from node_modules (the IAM guard must patch the same SDK client class the handler bundles load from there). */
  #bootstrapOptions(outdir: string): BuildOptions {
    return {
      entryPoints: [WORKER_SOURCE],
      outfile: path.join(outdir, '_bootstrap', 'worker.mjs'),
      bundle: true,
      packages: 'external',
      platform: 'node',
      target: 'node22',
      format: 'esm',
      banner: HOUSE_BUNDLE_OPTIONS.banner,
      logLevel: 'warning',
      absWorkingDir: REPO_ROOT,
    };
  }

  /** Uses the build of these sources if one is complete; else builds it, one process at a time. */
  async #buildReused(): Promise<void> {
    const mark = path.join(this.#outdir, COMPLETE_MARK);
    const touch = () => {
      const now = new Date();
      utimesSync(mark, now, now);
    };
    if (existsSync(mark)) return touch();
    mkdirSync(REUSED_ROOT, { recursive: true });
    const release = await lockfile.lock(this.#outdir, {
      realpath: false,
      lockfilePath: `${this.#outdir}.lock`,
      stale: 30_000,
      retries: { retries: 600, factor: 1, minTimeout: 500, maxTimeout: 500 },
    });
    try {
      if (existsSync(mark)) return touch();
      const tmp = `${this.#outdir}.build`;
      rmSync(tmp, { recursive: true, force: true });
      const [bundles, bootstrap] = await Promise.all([
        build({ ...this.#options(tmp), metafile: true }),
        build({ ...this.#bootstrapOptions(tmp), metafile: true }),
      ]);
      checkInputsCovered([...Object.keys(bundles.metafile.inputs), ...Object.keys(bootstrap.metafile.inputs)]);
      writeFileSync(path.join(tmp, COMPLETE_MARK), '');
      renameSync(tmp, this.#outdir);
      pruneReused(this.#outdir);
    } finally {
      await release().catch(() => undefined);
    }
  }

  /** Rebuilds the handler bundles after a source change (incremental; not for reused builds). */
  async rebuild(): Promise<number> {
    if (this.#reuse) throw new Error('A reused build is never rebuilt: start with hot reload for that');
    const started = Date.now();
    await this.build();
    await this.#ctx?.rebuild();
    return Date.now() - started;
  }

  /** Stops esbuild; the bundles of a data folder other than the default one are deleted (a reused build stays). */
  async dispose(): Promise<void> {
    await this.#ctx?.dispose();
    this.#ctx = undefined;
    if (this.#temporary) rmSync(this.#outdir, { recursive: true, force: true });
  }
}

/**
 * Keeps the REUSED_KEPT most recently used reused builds (by their mark's time), `keep` among them:
 * a product still running on code three builds old loses its bundles for later cold starts.
 */
function pruneReused(keep: string): void {
  const builds = readdirSync(REUSED_ROOT)
    .map((name) => path.join(REUSED_ROOT, name))
    .filter((dir) => dir !== keep && existsSync(path.join(dir, COMPLETE_MARK)))
    .map((dir) => ({ dir, used: statSync(path.join(dir, COMPLETE_MARK)).mtimeMs }))
    .sort((a, b) => b.used - a.used);
  for (const { dir } of builds.slice(REUSED_KEPT - 1)) rmSync(dir, { recursive: true, force: true });
}
