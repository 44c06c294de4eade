import { type FirstScreensStore, firstScreensOf } from './first-screens.js';
import type { SearchService, SnapshotStore } from './search-service.js';

export interface SnapshotBuilderDeps {
  /** A search service of its own (refreshMs 0, so every build first reads the change feed). */
  service: SearchService;
  store: SnapshotStore;
  /** Where the page function's first screens go, rewritten with every snapshot (first-screens.ts). */
  firstScreens?: FirstScreensStore;
  /** A snapshot is written at most this often (issue 8: "at most a minute behind"). */
  minIntervalMs: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

/**
 * Writes the search snapshot (issue 8 §2), and beside it the page function's first screens. `full` reads the whole table (the nightly job);
 * `changed` is called for each listing change and makes sure a snapshot written after the change
 * exists within `minIntervalMs` of the previous one: changes arriving while it waits share that
 * write, and a change the last snapshot already includes writes nothing. Between writes the
 * builder's own index follows the change feed, so a write costs one feed read and an encode.
 */
export function createSnapshotBuilder({ service, store, firstScreens, minIntervalMs, now = Date.now, sleep }: SnapshotBuilderDeps) {
  // Unref'd: a pending write never keeps a process (a test run, `npm run job`) alive on its own.
  const wait = sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms).unref()));
  let builtAsOfMs = 0;
  let lastStartMs = Number.NEGATIVE_INFINITY;
  let pending: Promise<void> | undefined;

  async function build(full: boolean): Promise<void> {
    lastStartMs = now();
    if (full) await service.reloadFromTable();
    else await service.fresh();
    await store.write(service.snapshot());
    if (firstScreens) await firstScreens.write(firstScreensOf(await service.currentIndex(), service.syncedAtMs));
    builtAsOfMs = service.syncedAtMs;
  }

  return {
    get builtAsOfMs() {
      return builtAsOfMs;
    },
    full: () => build(true),
    /** A listing changed at `changedAtMs`; resolves once a snapshot including it is written. */
    async changed(changedAtMs: number): Promise<'covered' | 'written'> {
      if (builtAsOfMs > changedAtMs) return 'covered';
      pending ??= (async () => {
        try {
          await wait(Math.max(0, lastStartMs + minIntervalMs - now()));
        } finally {
          pending = undefined;
        }
        await build(false);
      })();
      await pending;
      return 'written';
    },
  };
}
