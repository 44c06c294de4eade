import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** lucide-react's index re-exports all ~1,700 icons: a page uses only the few it names. */
const ICON_BARREL = /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs$/;

/** The icon barrel's exports: each name (with its aliases) → the icon module's path. */
function iconFiles(barrel: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const m of readFileSync(barrel, 'utf8').matchAll(/export \{([^}]*)\} from '(\.\/icons\/[^']+)'/g)) {
    const file = path.resolve(path.dirname(barrel), m[2] ?? '');
    for (const name of (m[1] ?? '').matchAll(/default as (\w+)/g)) if (name[1]) files.set(name[1], file);
  }
  return files;
}

/** The names a module imports from lucide-react (`import { Truck, MapPin as Pin } from 'lucide-react'`). */
function iconsImported(code: string): string[] {
  return [...code.matchAll(/import\s*\{([^}]*)\}\s*from\s*['"]lucide-react['"]/g)].flatMap((m) =>
    (m[1] ?? '')
      .split(',')
      .map(
        (part) =>
          part
            .trim()
            .split(/\s+as\s+/)[0]
            ?.trim() ?? '',
      )
      .filter(Boolean),
  );
}

/**
 * Few chunks for what the server-rendered pages share. Rolldown's automatic splitting gives every
 * module shared by a different set of lazy routes its own file, so a category page arrived as 26
 * scripts (the card, its badges, each icon…), and every script a page fetches costs the phone's
 * main thread. After the module graph is built, this finds the modules that two or more of `pages`
 * import statically (for lucide-react, only the icons they name) and names a chunk for each set of
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
      const barrel = ids.find((id) => ICON_BARREL.test(id));
      const icons = barrel ? iconFiles(barrel) : new Map<string, string>();
      const known = new Set(ids);
      const closure = (start: string) => {
        const seen = new Set<string>();
        const visit = (id: string) => {
          if (seen.has(id) || !known.has(id)) return;
          seen.add(id);
          const info = this.getModuleInfo(id);
          for (const dep of info?.importedIds ?? []) if (!ICON_BARREL.test(dep)) visit(dep);
          if (info?.code && !id.includes('node_modules'))
            for (const name of iconsImported(info.code)) {
              const file = icons.get(name);
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
