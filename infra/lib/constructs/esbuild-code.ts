import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { AssetHashType, DockerImage, type ILocalBundling } from 'aws-cdk-lib';
import { Code } from 'aws-cdk-lib/aws-lambda';
import { type BuildOptions, buildSync } from 'esbuild';
import { REPO_ROOT } from '../paths.js';
import { copyNativeModules, NATIVE_MODULES } from './native-modules.js';

/** Some dependencies are CommonJS and call require(); the ESM bundle gets one. */
const REQUIRE_BANNER = "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);";

/**
 * The house bundle: Node 22 ESM, minified, with source maps, everything bundled except the AWS SDK
 * (in the runtime) and the native packages (copied beside the bundle for the functions that use them).
 */
const BUNDLE_OPTIONS = {
  bundle: true,
  platform: 'node',
  target: 'node22',
  format: 'esm',
  outExtension: { '.js': '.mjs' },
  mainFields: ['module', 'main'],
  minify: true,
  sourcemap: true,
  banner: { js: REQUIRE_BANNER },
  external: ['@aws-sdk/*', ...NATIVE_MODULES],
  logLevel: 'warning',
  absWorkingDir: REPO_ROOT,
} as const satisfies BuildOptions;

/** Output directory name of an entry inside a shared build: its path, made safe. */
const keyOf = (entry: string) => relative(REPO_ROOT, entry).replace(/[^A-Za-z0-9]+/g, '_');

/**
 * The handlers of one app, bundled in a single esbuild run the first time any of them is needed:
 * esbuild then parses the shared dependencies once instead of once per function (about half the time).
 * Nothing is built when CDK skips bundling.
 */
export class HandlerBundles {
  readonly entries: ReadonlySet<string>;
  private outdir: string | undefined;

  constructor(entries: Iterable<string>) {
    this.entries = new Set(entries);
  }

  /** Copies the entry's index.mjs and source map into outputDir; false if the entry is not one of ours. */
  copyTo(entry: string, outputDir: string): boolean {
    if (!this.entries.has(entry)) return false;
    if (!this.outdir) {
      const outdir = mkdtempSync(join(tmpdir(), 'truckyard-bundles-'));
      process.once('exit', () => rmSync(outdir, { recursive: true, force: true }));
      buildSync({ ...BUNDLE_OPTIONS, entryPoints: Object.fromEntries([...this.entries].map((e) => [`${keyOf(e)}/index`, e])), outdir });
      this.outdir = outdir;
    }
    cpSync(join(this.outdir, keyOf(entry)), outputDir, { recursive: true });
    return true;
  }
}

/**
 * Bundles one handler with esbuild's API, in this process. NodejsFunction does the same bundling but
 * starts `npx --no-install esbuild` for every function (1.5 s idle, 4 s on a busy machine), which made
 * synth grow by seconds per route. The public fields make CDK's asset cache key tell entries apart.
 */
class EsbuildLocalBundling implements ILocalBundling {
  readonly #shared: HandlerBundles | undefined;

  constructor(
    readonly entry: string,
    readonly nodeModules: string[],
    shared: HandlerBundles | undefined,
  ) {
    // The shared build leaves out only the house externals; other packages need a build of their own.
    this.#shared = nodeModules.every((m) => (NATIVE_MODULES as readonly string[]).includes(m)) ? shared : undefined;
  }

  tryBundle(outputDir: string): boolean {
    if (!this.#shared?.copyTo(this.entry, outputDir)) {
      // buildSync throws on errors, which fails synth with esbuild's messages.
      buildSync({
        ...BUNDLE_OPTIONS,
        entryPoints: [this.entry],
        outfile: join(outputDir, 'index.mjs'),
        external: [...BUNDLE_OPTIONS.external, ...this.nodeModules],
      });
    }
    if (this.nodeModules.length > 0) copyNativeModules(outputDir, this.nodeModules);
    return true;
  }
}

export interface EsbuildCodeOptions {
  /** Absolute path of the handler module. */
  entry: string;
  /** Packages left out of the bundle and copied into its node_modules (native ones like sharp). */
  nodeModules?: string[];
  /** The app's shared build, if the entry is part of one. */
  shared?: HandlerBundles;
}

/** Lambda code for a handler: an ESM bundle (index.mjs + source map), hashed by its output. */
export function esbuildCode(options: EsbuildCodeOptions) {
  return Code.fromAsset(dirname(options.entry), {
    assetHashType: AssetHashType.OUTPUT,
    bundling: {
      local: new EsbuildLocalBundling(options.entry, options.nodeModules ?? [], options.shared),
      // Required by the type, never used: local bundling always answers (or fails loudly).
      image: DockerImage.fromRegistry('public.ecr.aws/docker/library/node:22'),
    },
  });
}
