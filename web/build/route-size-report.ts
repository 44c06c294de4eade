import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Rollup's output chunk, as much of it as this report reads. */
interface ChunkInfo {
  type: 'chunk' | 'asset';
  fileName: string;
  code?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  facadeModuleId?: string | null;
}

/**
 * Prints the JavaScript a first visit to a route downloads (the entry, the route's lazy chunk and
 * everything they import statically, and the app the entry loads after the first paint), each
 * file gzipped, against a budget (issue 8: home ≤ 120 KB gzip). It reads the files as written to
 * disk, once the bundle is written: Vite still changes chunks in its own generateBundle (the
 * preload table it puts at the top of a chunk with dynamic imports, ~1.3 KB gzip in the app's),
 * so the code this plugin is handed there is not what the browser gets.
 */
export function routeSizeReport(opts: { route: string; moduleSuffix: string; budgetKb: number }): Plugin {
  return {
    name: 'truckyard-route-size-report',
    apply: 'build',
    writeBundle(options, bundle) {
      const chunks = Object.values(bundle) as unknown as ChunkInfo[];
      const byName = new Map(chunks.map((c) => [c.fileName, c]));
      const seen = new Set<string>();
      const visit = (c: ChunkInfo | undefined) => {
        if (c?.type !== 'chunk' || seen.has(c.fileName)) return;
        seen.add(c.fileName);
        for (const dep of c.imports ?? []) visit(byName.get(dep));
      };
      // The entry (web/src/boot.ts) imports the app itself dynamically, after the first paint: it
      // is part of every first visit all the same, so it counts (the routes it loads lazily do not).
      for (const c of chunks)
        if (c.type === 'chunk' && c.isEntry) {
          visit(c);
          for (const dep of c.dynamicImports ?? []) visit(byName.get(dep));
        }
      const route = chunks.find((c) => c.type === 'chunk' && c.facadeModuleId?.endsWith(opts.moduleSuffix));
      if (!route) {
        this.warn(`route size report: no chunk for ${opts.moduleSuffix}`);
        return;
      }
      visit(route);
      let gzip = 0;
      const dir = options.dir ?? 'dist';
      for (const name of seen) gzip += gzipSync(readFileSync(path.join(dir, name))).length;
      const kb = gzip / 1024;
      const verdict = kb <= opts.budgetKb ? 'within' : 'OVER';
      console.log(
        `\n${opts.route} route initial JavaScript: ${kb.toFixed(1)} KB gzip in ${seen.size} files (${verdict} the ${opts.budgetKb} KB budget)\n`,
      );
    },
  };
}

/** Vite's manifest (web/dist/.vite/manifest.json), as much of it as routeInitialJs reads. */
type Manifest = Record<string, { file: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] }>;

/**
 * The same figure from a finished build's manifest (bench/lighthouse.ts prints it beside the page
 * figures): the entry, what it imports dynamically (the app) and statically, and the route's chunk
 * with everything it imports statically; each JavaScript file as written, gzipped.
 */
export function routeInitialJs(distDir: string, moduleSuffix: string): { kb: number; files: number } {
  const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (!manifest[key] || seen.has(key)) return;
    seen.add(key);
    for (const dep of manifest[key].imports ?? []) visit(dep);
  };
  for (const [key, entry] of Object.entries(manifest))
    if (entry.isEntry) {
      visit(key);
      for (const dep of entry.dynamicImports ?? []) visit(dep);
    }
  const route = Object.keys(manifest).find((key) => key.endsWith(moduleSuffix));
  if (!route) throw new Error(`no chunk for ${moduleSuffix} in the manifest`);
  visit(route);
  const files = [...seen].map((key) => manifest[key].file).filter((file) => file.endsWith('.js'));
  const gzip = files.reduce((sum, file) => sum + gzipSync(readFileSync(path.join(distDir, file))).length, 0);
  return { kb: gzip / 1024, files: files.length };
}
