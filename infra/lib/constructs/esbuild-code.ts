import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { AssetHashType, DockerImage, type ILocalBundling } from 'aws-cdk-lib';
import { Code } from 'aws-cdk-lib/aws-lambda';
import { buildSync } from 'esbuild';
import { REPO_ROOT } from '../paths.js';

export interface EsbuildCodeOptions {
  /** Absolute path of the handler module. */
  entry: string;
  /** Packages left out of the bundle and installed next to it for Linux ARM64 (native ones like sharp). */
  nodeModules?: string[];
}

/** Some dependencies are CommonJS and call require(); the ESM bundle gets one. */
const REQUIRE_BANNER = "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);";

/**
 * Bundles one handler with esbuild's API, in this process. NodejsFunction does the same bundling but
 * starts `npx --no-install esbuild` for every function (1.5 s idle, 4 s on a busy machine), which made
 * synth grow by seconds per route. The fields are public so CDK's asset cache key tells entries apart.
 */
class EsbuildLocalBundling implements ILocalBundling {
  constructor(
    readonly entry: string,
    readonly nodeModules: string[],
  ) {}

  tryBundle(outputDir: string): boolean {
    // buildSync throws on errors, which fails synth with esbuild's messages.
    buildSync({
      entryPoints: [this.entry],
      outfile: join(outputDir, 'index.mjs'),
      bundle: true,
      platform: 'node',
      target: 'node20',
      format: 'esm',
      mainFields: ['module', 'main'],
      minify: true,
      sourcemap: true,
      banner: { js: REQUIRE_BANNER },
      external: ['@aws-sdk/*', ...this.nodeModules],
      logLevel: 'warning',
      absWorkingDir: REPO_ROOT,
    });
    if (this.nodeModules.length > 0) installNativeModules(outputDir, this.nodeModules);
    return true;
  }
}

/** Installs the packages, at the repository's versions, for the Lambda platform (linux, arm64). */
function installNativeModules(outputDir: string, modules: string[]) {
  const rootPackage = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
  const dependencies = Object.fromEntries(modules.map((m) => [m, rootPackage.dependencies?.[m] ?? '*']));
  writeFileSync(join(outputDir, 'package.json'), JSON.stringify({ type: 'module', dependencies }));
  const npm = spawnSync('npm', ['install', '--omit=dev', '--no-audit', '--no-fund', '--os=linux', '--cpu=arm64', '--libc=glibc'], {
    cwd: outputDir,
    stdio: 'inherit',
  });
  if (npm.status !== 0) throw new Error(`npm install of ${modules.join(', ')} for the Lambda bundle failed`);
}

/** Lambda code for a handler: an ESM bundle (index.mjs + source map), hashed by its output. */
export function esbuildCode(options: EsbuildCodeOptions) {
  return Code.fromAsset(dirname(options.entry), {
    assetHashType: AssetHashType.OUTPUT,
    bundling: {
      local: new EsbuildLocalBundling(options.entry, options.nodeModules ?? []),
      // Required by the type, never used: local bundling always answers (or fails loudly).
      image: DockerImage.fromRegistry('public.ecr.aws/docker/library/node:20'),
    },
  });
}
