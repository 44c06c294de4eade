import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * Prints the JavaScript a first visit to a route downloads (routeInitialJs below) against a budget
 * (issue 8: home ≤ 120 KB gzip). It runs once the bundle and Vite's manifest are written, and reads
 * the files as written: Vite still changes chunks in its own generateBundle (the preload table it
 * puts at the top of a chunk with dynamic imports, ~1.3 KB gzip in the app's), so the code a
 * plugin is handed there is not what the browser gets.
 */
export function routeSizeReport(opts: { route: string; moduleSuffix: string; budgetKb: number }): Plugin {
  return {
    name: 'truckyard-route-size-report',
    apply: 'build',
    writeBundle(options) {
      let size: { kb: number; files: number };
      try {
        size = routeInitialJs(options.dir ?? 'dist', opts.moduleSuffix);
      } catch (err) {
        this.warn(`route size report: ${(err as Error).message}`);
        return;
      }
      const verdict = size.kb <= opts.budgetKb ? 'within' : 'OVER';
      console.log(
        `\n${opts.route} route initial JavaScript: ${size.kb.toFixed(1)} KB gzip in ${size.files} files (${verdict} the ${opts.budgetKb} KB budget)\n`,
      );
    },
  };
}

/** Vite's manifest (web/dist/.vite/manifest.json), as much of it as routeInitialJs reads. */
type Manifest = Record<string, { file: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] }>;

/**
 * A route's initial JavaScript, from a finished build's manifest (the build's report above, and
 * bench/lighthouse.ts beside the page figures): the entry with what it imports statically, the app
 * it imports dynamically after the first paint (part of every first visit all the same), and the
 * route's chunk with everything it imports statically; each JavaScript file as written, gzipped.
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
