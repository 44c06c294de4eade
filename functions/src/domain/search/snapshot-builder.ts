import { type FirstScreensStore, type StorefrontOwner, firstScreensOf } from './first-screens.js';
import type { SearchService, SnapshotStore } from './search-service.js';

/** Storefront objects written in parallel (a first write, or a price-model change, rewrites hundreds). */
const DEALER_WRITES_AT_ONCE = 16;

export interface SnapshotBuilderDeps {
  /** A search service of its own (refreshMs 0, so every build first reads the change feed). */
  service: SearchService;
  store: SnapshotStore;
  /** Where the page function's first screens go, rewritten with every snapshot (first-screens.ts). */
  firstScreens?: FirstScreensStore;
  /** The visible storefronts, read at each write: each gets its stock's first page in the first screens. */
  storefronts?: () => Promise<StorefrontOwner[]>;
  /** A snapshot is written at most this often (issue 8: "at most a minute behind"). */
  minIntervalMs: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

/**
 * Writes the search snapshot (issue 8 §2), and beside it the page function's first screens (and
 * the storefronts' first pages that changed). `full` reads the whole table (the nightly job);
 * `changed` is called for each listing change and makes sure a snapshot written after the change
 * exists within `minIntervalMs` of the previous one: changes arriving while it waits share that
 * write, and a change the last snapshot already includes writes nothing. Between writes the
 * builder's own index follows the change feed, so a write costs one feed read and an encode.
 */
export function createSnapshotBuilder({
  service,
  store,
  firstScreens,
  storefronts = async () => [],
  minIntervalMs,
  now = Date.now,
  sleep,
}: SnapshotBuilderDeps) {
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
    if (firstScreens) await writeFirstScreens(firstScreens, full);
    builtAsOfMs = service.syncedAtMs;
  }

  /**
   * The storefronts' objects whose content changed since the main file last written (read again
   * each time: the nightly job, the change handler and the deploy step all write), then the main
   * file listing them all. A failed object write leaves the old main file, so the next write
   * retries it. A full build rewrites every object: two writers racing (one's object, the other's
   * main file) leave an object that disagrees with its hash for at most a day.
   */
  async function writeFirstScreens(files: FirstScreensStore, all: boolean): Promise<void> {
    const [index, owners, previous] = await Promise.all([service.currentIndex(), storefronts(), all ? null : files.read()]);
    const { screens, changedDealers } = firstScreensOf(index, service.syncedAtMs, owners, previous);
    for (let i = 0; i < changedDealers.length; i += DEALER_WRITES_AT_ONCE)
      await Promise.all(changedDealers.slice(i, i + DEALER_WRITES_AT_ONCE).map((d) => files.writeDealer(d)));
    await files.write(screens);
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
