import type { Plugin } from 'vite';

/**
 * Few chunks for what the server-rendered pages share. Rolldown's automatic splitting gives every
 * module shared by a different set of lazy routes its own file, so a category page arrived as 26
 * scripts (the card, its badges, each icon…), and every script a page fetches costs the phone's
 * main thread. After the module graph is built, this finds the modules that two or more of `pages`
 * import statically and names a chunk for each set of pages sharing them (at most four for three
 * pages), so no page downloads a module it does not import: `nameOf(id)` for a `codeSplitting`
 * group, null for modules it leaves to rolldown.
 */
export function firstScreenChunks(opts: { pages: { name: string; module: string }[] }) {
  const chunkOf = new Map<string, string>();
  const plugin: Plugin = {
    name: 'truckyard-first-screen-chunks',
    apply: 'build',
    buildEnd() {
      chunkOf.clear();
      const ids = [...this.getModuleIds()];
      const closure = (start: string) => {
        const seen = new Set<string>();
        const visit = (id: string) => {
          if (seen.has(id)) return;
          seen.add(id);
          for (const dep of this.getModuleInfo(id)?.importedIds ?? []) visit(dep);
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
      for (const [id, names] of usedBy)
        if (names.length >= 2) chunkOf.set(id, names.length === all ? 'first-screen' : `first-screen-${names.join('-')}`);
    },
  };
  return { plugin, nameOf: (id: string) => chunkOf.get(id) ?? null };
}
