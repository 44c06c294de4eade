import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { AssetHashType, DockerImage, type ILocalBundling } from 'aws-cdk-lib';
import { Code } from 'aws-cdk-lib/aws-lambda';
import { type BuildOptions, buildSync, type Metafile } from 'esbuild';
import { REPO_ROOT } from '../paths.js';
import { copyNativeModules, NATIVE_MODULES } from './native-modules.js';

/** Some dependencies are CommonJS and call require(); the ESM bundle gets one. */
const REQUIRE_BANNER = "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);";

/**
 * The house bundle: Node 22 ESM, minified, with source maps, everything bundled except the AWS SDK
 * (in the runtime) and the native packages (copied beside the bundle for the functions that use them).
 * The local cloud builds the same bundles to run them (dev/cloud/bundles.ts).
 */
export const HOUSE_BUNDLE_OPTIONS = {
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
export const bundleKeyOf = (entry: string) => relative(REPO_ROOT, entry).replace(/[^A-Za-z0-9]+/g, '_');

/**
 * The native packages a bundle imports, from esbuild's metafile: the packages left external that
 * its code still imports after tree shaking (sharp stays only where an image is processed).
 */
function nativeImportsOf(output: Metafile['outputs'][string] | undefined): string[] {
  const natives: readonly string[] = NATIVE_MODULES;
  return [...new Set((output?.imports ?? []).filter((i) => i.external && natives.includes(i.path)).map((i) => i.path))].sort();
}

/**
 * The handlers of one app, bundled in a single esbuild run the first time any of them is needed:
 * esbuild then parses the shared dependencies once instead of once per function (about half the time).
 * Nothing is built when CDK skips bundling.
 */
export class HandlerBundles {
  readonly entries: ReadonlySet<string>;
  private built: { outdir: string; metafile: Metafile } | undefined;

  constructor(entries: Iterable<string>) {
    this.entries = new Set(entries);
  }

  /**
   * Copies the entry's index.mjs and source map into outputDir and returns the native packages the
   * bundle imports; undefined if the entry is not one of ours.
   */
  copyTo(entry: string, outputDir: string): string[] | undefined {
    if (!this.entries.has(entry)) return undefined;
    if (!this.built) {
      const outdir = mkdtempSync(join(tmpdir(), 'truckyard-bundles-'));
      process.once('exit', () => rmSync(outdir, { recursive: true, force: true }));
      const { metafile } = buildSync({
        ...HOUSE_BUNDLE_OPTIONS,
        metafile: true,
        entryPoints: Object.fromEntries([...this.entries].map((e) => [`${bundleKeyOf(e)}/index`, e])),
        outdir,
      });
      this.built = { outdir, metafile };
    }
    cpSync(join(this.built.outdir, bundleKeyOf(entry)), outputDir, { recursive: true });
    const output = join(relative(REPO_ROOT, this.built.outdir), bundleKeyOf(entry), 'index.mjs');
    return nativeImportsOf(this.built.metafile.outputs[output]);
  }
}

/**
 * Bundles one handler with esbuild's API, in this process. NodejsFunction does the same bundling but
 * starts `npx --no-install esbuild` for every function (1.5 s idle, 4 s on a busy machine), which made
 * synth grow by seconds per route. The public field makes CDK's asset cache key tell entries apart.
 * The native packages the bundle still imports (esbuild's metafile) are copied beside it, built for
 * Lambda's arm64 (native-modules.ts); a bundle that imports none ships none.
 */
class EsbuildLocalBundling implements ILocalBundling {
  readonly #shared: HandlerBundles | undefined;

  constructor(
    readonly entry: string,
    shared: HandlerBundles | undefined,
  ) {
    this.#shared = shared;
  }

  tryBundle(outputDir: string): boolean {
    let natives = this.#shared?.copyTo(this.entry, outputDir);
    if (natives === undefined) {
      // buildSync throws on errors, which fails synth with esbuild's messages.
      const { metafile } = buildSync({
        ...HOUSE_BUNDLE_OPTIONS,
        metafile: true,
        entryPoints: [this.entry],
        outfile: join(outputDir, 'index.mjs'),
      });
      natives = nativeImportsOf(metafile.outputs[join(relative(REPO_ROOT, outputDir), 'index.mjs')]);
    }
    if (natives.length > 0) copyNativeModules(outputDir, natives);
    return true;
  }
}

export interface EsbuildCodeOptions {
  /** Absolute path of the handler module. */
  entry: string;
  /** The app's shared build, if the entry is part of one. */
  shared?: HandlerBundles;
}

/** Lambda code for a handler: an ESM bundle (index.mjs + source map, and the native packages it imports), hashed by its output. */
export function esbuildCode(options: EsbuildCodeOptions) {
  return Code.fromAsset(dirname(options.entry), {
    assetHashType: AssetHashType.OUTPUT,
    bundling: {
      local: new EsbuildLocalBundling(options.entry, options.shared),
      // Required by the type, never used: local bundling always answers (or fails loudly).
      image: DockerImage.fromRegistry('public.ecr.aws/docker/library/node:22'),
    },
  });
}
