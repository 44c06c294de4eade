import { cpSync, existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { Architecture } from 'aws-cdk-lib/aws-lambda';
import { REPO_ROOT } from '../paths.js';

/** Packages with platform binaries: left out of the bundle and shipped in its node_modules instead. */
export const NATIVE_MODULES = ['sharp'] as const;

const IMPORT_SPECIFIER = /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|import\s+['"]([^'"]+)['"]/g;

/** A handler's source files (its relative imports, transitively) and the packages they import. */
interface ImportGraph {
  files: ReadonlySet<string>;
  packages: ReadonlySet<string>;
}
const graphs = new Map<string, ImportGraph>();

/** The files a handler reaches through its relative imports, and the packages those import; cached per entry. */
function importGraphOf(entry: string): ImportGraph {
  const known = graphs.get(entry);
  if (known) return known;
  const packages = new Set<string>();
  const files = new Set<string>();
  const pending = [resolve(entry)];
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (files.has(file)) continue;
    files.add(file);
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORT_SPECIFIER)) {
      const specifier = match[1] ?? match[2] ?? match[3];
      if (specifier.startsWith('.')) {
        const target = resolveSource(resolve(dirname(file), specifier));
        if (target) pending.push(target);
      } else {
        packages.add(specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]);
      }
    }
  }
  const graph = { files, packages };
  graphs.set(entry, graph);
  return graph;
}

/** Whether a handler reaches a source file (absolute path) through its relative imports. */
export function reachesModule(entry: string, module: string): boolean {
  return importGraphOf(entry).files.has(resolve(module));
}

/** `./x.js` in TypeScript source means `./x.ts`. */
function resolveSource(path: string): string | undefined {
  const candidates = [path, path.replace(/\.js$/, '.ts'), path.replace(/\.mjs$/, '.mts'), `${path}.ts`, join(path, 'index.ts')];
  return candidates.find((c) => existsSync(c) && !c.endsWith('/'));
}

/** Every function's architecture: Graviton (ARM64) is cheaper, and the native packages are installed for it. */
export const LAMBDA_ARCHITECTURE = Architecture.ARM_64;

/**
 * The native packages as Lambda runs them (Linux arm64 binaries, whatever machine synthesizes):
 * infra/native, installed by `npm run native:install` (npm's --cpu/--os/--libc overrides), which
 * `npm install` and `npm ci` run after installing (postinstall).
 */
const LAMBDA_NATIVE_MODULES_DIR = join(REPO_ROOT, 'infra', 'native', 'node_modules');

/** Copies each package and its installed dependencies (for sharp: its arm64 binaries) into outputDir/node_modules. */
export function copyNativeModules(outputDir: string, modules: readonly string[], source: string = LAMBDA_NATIVE_MODULES_DIR) {
  const copied = new Set<string>();
  const copy = (name: string) => {
    if (copied.has(name)) return;
    const dir = join(source, name);
    if (!existsSync(dir)) return; // an optional dependency for another platform
    copied.add(name);
    cpSync(dir, join(outputDir, 'node_modules', name), { recursive: true, dereference: true });
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
      dependencies?: Record<string, string>;
      optionalDependencies?: Record<string, string>;
    };
    for (const dep of Object.keys({ ...pkg.dependencies, ...pkg.optionalDependencies })) copy(dep);
  };
  for (const m of modules) {
    if (!existsSync(join(source, m))) throw new Error(`${m} is not installed in ${source}: run npm run native:install`);
    copy(m);
  }
}
