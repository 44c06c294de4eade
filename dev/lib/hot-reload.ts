/**
 * Reloads handler code under `npm start` without restarting the stand-ins: after a change under
 * functions/src or shared/, `onReload` runs (the local cloud rebuilds the functions' bundles and
 * discards their warm environments); for code run in this process, a resolve hook gives those
 * files a new URL and the handler cache is cleared, so the next request imports the changed code
 * (old module instances stay in memory until restart — fine for development). dev/ itself and the tables it mounts (routes.ts,
 * jobs.ts, events.ts) are read once: changing those needs a restart.
 */
import { type FSWatcher, watch } from 'node:fs';
import { register } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { MessageChannel } from 'node:worker_threads';
import { REPO_ROOT } from '../config.js';
import { clearHandlerCache } from './handlers.js';

const HOT_RELOAD_ROOTS = ['functions/src', 'shared'];

export function enableHotReload(log: (msg: string) => void, onReload?: () => Promise<number | undefined> | undefined): { close(): void } {
  const dirs = HOT_RELOAD_ROOTS.map((r) => path.join(REPO_ROOT, r));
  const { port1, port2 } = new MessageChannel();
  register('./reload-hooks.mjs', {
    parentURL: import.meta.url,
    data: { port: port2, roots: dirs.map((d) => `${pathToFileURL(d).href}/`) },
    transferList: [port2],
  });
  port1.unref();

  let generation = 0;
  let timer: NodeJS.Timeout | undefined;
  const changed = new Set<string>();
  const onChange = (root: string) => (_event: string, file: string | Buffer | null) => {
    const name = file ? String(file) : '';
    if (!/\.(ts|tsx|json|csv)$/.test(name) || /\.test\.ts$/.test(name)) return;
    changed.add(path.join(path.relative(REPO_ROOT, root), name));
    clearTimeout(timer);
    timer = setTimeout(() => {
      generation++;
      port1.postMessage(generation);
      clearHandlerCache();
      const what = `${[...changed].slice(0, 3).join(', ')}${changed.size > 3 ? ' …' : ''}`;
      changed.clear();
      Promise.resolve(onReload?.()).then(
        (ms) =>
          log(
            `[reload] ${what} changed${ms === undefined ? '' : `: bundles rebuilt in ${(ms / 1000).toFixed(1)} s`}; handlers reload on their next call`,
          ),
        (err: unknown) => log(`[reload] ${what} changed, and rebuilding failed: ${err instanceof Error ? err.message : String(err)}`),
      );
    }, 150);
  };
  const watchers: FSWatcher[] = dirs.map((d) => watch(d, { recursive: true }, onChange(d)));
  return {
    close() {
      clearTimeout(timer);
      for (const w of watchers) w.close();
    },
  };
}
