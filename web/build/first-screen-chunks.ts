import type { Plugin } from 'vite';

/**
 * One chunk for what the server-rendered pages share. Rolldown's automatic splitting gives every
 * module shared by a different set of lazy routes its own file, so a category page arrived as 26
 * scripts (the card, its badges, each icon…), and every script a page fetches costs the phone's
 * main thread. After the module graph is built, this finds the modules that at least two of
 * `pages` import statically (outside the app shell `shell`, which has its own chunks) and names them
 * for a `codeSplitting` group: `test(id)` is true for them.
 */
export function firstScreenChunks(opts: { pages: string[]; shell: string }) {
  const shared = new Set<string>();
  const plugin: Plugin = {
    name: 'truckyard-first-screen-chunks',
    apply: 'build',
    buildEnd() {
      shared.clear();
      const ids = [...this.getModuleIds()];
      const find = (suffix: string) => ids.find((id) => id.endsWith(suffix));
      const closure = (start: string | undefined) => {
        const seen = new Set<string>();
        const visit = (id: string) => {
          if (seen.has(id)) return;
          seen.add(id);
          for (const dep of this.getModuleInfo(id)?.importedIds ?? []) visit(dep);
        };
        if (start) visit(start);
        return seen;
      };
      const count = new Map<string, number>();
      for (const page of opts.pages) {
        const start = find(page);
        if (!start) this.error(`first-screen chunks: no module ends with ${page}`);
        for (const id of closure(start)) if (id !== start) count.set(id, (count.get(id) ?? 0) + 1);
      }
      for (const [id, n] of count) if (n >= 2) shared.add(id);
    },
  };
  return { plugin, test: (id: string) => shared.has(id) };
}
