import { cpSync, existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { Architecture } from 'aws-cdk-lib/aws-lambda';
import { REPO_ROOT } from '../paths.js';

/** Packages with platform binaries: left out of the bundle and shipped in its node_modules instead. */
export const NATIVE_MODULES = ['sharp'] as const;

const IMPORT_SPECIFIER = /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|import\s+['"]([^'"]+)['"]/g;

/**
 * The native packages a handler reaches through its relative imports (the route table has no flag for
 * them, and a forgotten flag would ship a bundle that fails at its first call).
 */
export function nativeModulesOf(entry: string): string[] {
  const found = new Set<string>();
  const seen = new Set<string>();
  const pending = [entry];
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORT_SPECIFIER)) {
      const specifier = match[1] ?? match[2] ?? match[3];
      if (specifier.startsWith('.')) {
        const target = resolveSource(resolve(dirname(file), specifier));
        if (target) pending.push(target);
      } else {
        const pkg = specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0];
        if ((NATIVE_MODULES as readonly string[]).includes(pkg)) found.add(pkg);
      }
    }
  }
  return [...found].sort();
}

/** `./x.js` in TypeScript source means `./x.ts`. */
function resolveSource(path: string): string | undefined {
  const candidates = [path, path.replace(/\.js$/, '.ts'), path.replace(/\.mjs$/, '.mts'), `${path}.ts`, join(path, 'index.ts')];
  return candidates.find((c) => existsSync(c) && !c.endsWith('/'));
}

/**
 * Native packages are copied from this machine's node_modules (synth stays offline), so a function
 * that ships them runs on this machine's architecture; only Linux binaries run on Lambda.
 */
export function nativeArchitecture(): Architecture {
  if (process.platform === 'linux' && process.arch === 'x64') return Architecture.X86_64;
  if (process.platform === 'linux' && process.arch === 'arm64') return Architecture.ARM_64;
  throw new Error(
    `Functions using ${NATIVE_MODULES.join(', ')} ship this machine's binaries; synthesize on Linux (x64 or arm64), not ${process.platform}-${process.arch}.`,
  );
}

/** Copies each package and its installed dependencies (for sharp: its platform binaries) into outputDir/node_modules. */
export function copyNativeModules(outputDir: string, modules: readonly string[]) {
  const source = join(REPO_ROOT, 'node_modules');
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
    if (!existsSync(join(source, m))) throw new Error(`${m} is not installed in ${source}; run npm install`);
    copy(m);
  }
}
