import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Package indexes that only re-export their modules: lucide-react's (~1,700 icons), TanStack
 * Query's two. A page uses only the few names it imports from one, so the modules followed from an
 * index are those exporting those names, not all it re-exports (which would put `useMutation` and
 * `useInfiniteQuery`, used by lazy routes only, in every first screen).
 */
const BARRELS: Array<{ specifier: string; file: RegExp }> = [
  { specifier: 'lucide-react', file: /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs$/ },
  { specifier: '@tanstack/react-query', file: /[\\/]@tanstack[\\/]react-query[\\/]build[\\/]modern[\\/]index\.js$/ },
  { specifier: '@tanstack/query-core', file: /[\\/]@tanstack[\\/]query-core[\\/]build[\\/]modern[\\/]index\.js$/ },
];
const isBarrel = (id: string) => BARRELS.some((b) => b.file.test(id));

/**
 * An index's exports: each name → the module's path, from its `export { default as X } from './x'`
 * (lucide) and `import { X, Y } from './x.js'` (TanStack) lines; with the index an `export *` names.
 */
function barrelExports(barrel: string): { files: Map<string, string>; reexports: string[] } {
  const code = readFileSync(barrel, 'utf8');
  const files = new Map<string, string>();
  const at = (relative: string) => path.resolve(path.dirname(barrel), relative);
  for (const m of code.matchAll(/export \{([^}]*)\} from '(\.\/[^']+)'/g))
    for (const name of (m[1] ?? '').matchAll(/default as (\w+)/g)) if (name[1]) files.set(name[1], at(m[2] ?? ''));
  for (const m of code.matchAll(/import \{([^}]*)\} from "(\.\/[^"]+)"/g))
    for (const name of importedNames(m[1] ?? '')) files.set(name, at(m[2] ?? ''));
  const reexports = [...code.matchAll(/export \* from "([^".][^"]*)"/g)].map((m) => m[1] ?? '');
  return { files, reexports };
}

/** `A, B as C` → [A, B]: the names as the exporting module spells them. */
function importedNames(list: string): string[] {
  return list
    .split(',')
    .map(
      (part) =>
        part
          .trim()
          .split(/\s+as\s+/)[0]
          ?.trim() ?? '',
    )
    .filter((name) => name !== '' && name !== 'type' && !name.startsWith('type '));
}

/** The names a module imports from a package (`import { Truck, MapPin as Pin } from 'lucide-react'`). */
function namesImportedFrom(code: string, specifier: string): string[] {
  const quoted = specifier.replace(/[/\\^$*+?.()|[\]{}]/g, '\\$&');
  return [...code.matchAll(new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*['"]${quoted}['"]`, 'g'))].flatMap((m) =>
    importedNames(m[1] ?? ''),
  );
}

/**
 * Few chunks for what the server-rendered pages share. Rolldown's automatic splitting gives every
 * module shared by a different set of lazy routes its own file, so a category page arrived as 26
 * scripts (the card, its badges, each icon…), and every script a page fetches costs the phone's
 * main thread. After the module graph is built, this finds the modules that two or more of `pages`
 * import statically (through a package index, only the modules exporting what they name) and names a chunk for each set of
 * pages sharing them (at most four for three pages), so no page downloads a module it does not
 * import: `nameOf(id)` for a `codeSplitting` group, null for modules it leaves to rolldown.
 */
export function firstScreenChunks(opts: { pages: { name: string; module: string }[] }) {
  const chunkOf = new Map<string, string>();
  const plugin: Plugin = {
    name: 'truckyard-first-screen-chunks',
    apply: 'build',
    buildEnd() {
      chunkOf.clear();
      const ids = [...this.getModuleIds()];
      const known = new Set(ids);
      // Per package index in the build: its exports, and the indexes its `export *` lines name.
      const barrels = BARRELS.flatMap((b) => {
        const id = ids.find((i) => b.file.test(i));
        return id ? [{ specifier: b.specifier, ...barrelExports(id) }] : [];
      });
      const fileOf = (specifier: string, name: string): string | undefined => {
        const barrel = barrels.find((b) => b.specifier === specifier);
        if (!barrel) return undefined;
        return barrel.files.get(name) ?? barrel.reexports.map((r) => fileOf(r, name)).find(Boolean);
      };
      const closure = (start: string) => {
        const seen = new Set<string>();
        const visit = (id: string) => {
          if (seen.has(id) || !known.has(id)) return;
          seen.add(id);
          const info = this.getModuleInfo(id);
          for (const dep of info?.importedIds ?? []) if (!isBarrel(dep)) visit(dep);
          // Through an index, only the modules exporting the names this module imports from it.
          if (info?.code)
            for (const { specifier } of barrels)
              for (const name of namesImportedFrom(info.code, specifier)) {
                const file = fileOf(specifier, name);
                if (file) visit(file);
              }
        };
        visit(start);
        return seen;
      };
      const usedBy = new Map<string, string[]>();
      for (const page of opts.pages) {
        const start = ids.find((id) => id.endsWith(page.module));
        if (!start) return this.error(`first-screen chunks: no module ends with ${page.module}`);
        for (const id of closure(start)) if (id !== start) usedBy.set(id, [...(usedBy.get(id) ?? []), page.name]);
      }
      const all = opts.pages.length;
      // Virtual modules (Vite's preload helper, which the entry script imports too) stay where
      // rolldown puts them: in this chunk they would make the entry fetch it before the first paint.
      for (const [id, names] of usedBy)
        if (names.length >= 2 && !id.startsWith('\0'))
          chunkOf.set(id, names.length === all ? 'first-screen' : `first-screen-${names.join('-')}`);
    },
  };
  return { plugin, nameOf: (id: string) => chunkOf.get(id) ?? null };
}
