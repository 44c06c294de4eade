import { useSyncExternalStore } from 'react';
import type { TruckSnapshot } from '@shared/compare-limits';
import type { Listing } from '@shared/schemas/listing';

/** A truck as the tray and the recently-viewed strip keep it in local storage. */
export function snapshotOf(
  l: Pick<Listing, 'id' | 'title' | 'price' | 'vatStatus' | 'images' | 'year' | 'mileage' | 'location'>,
): TruckSnapshot {
  const photo = l.images[0];
  return {
    id: l.id,
    title: l.title,
    price: l.price,
    vatStatus: l.vatStatus,
    thumbUrl: photo ? photo.thumbUrl || photo.url : null,
    year: l.year,
    mileage: l.mileage,
    location: l.location,
  };
}

const isString = (v: unknown): v is string => typeof v === 'string';
const isNumberOrNull = (v: unknown) => v === null || typeof v === 'number';

/** Stored data is the visitor's to change: anything not shaped like a snapshot is dropped, never trusted. */
function parseSnapshots(raw: string | null, max: number): TruckSnapshot[] {
  if (!raw) return [];
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(data)) return [];
  const seen = new Set<string>();
  const out: TruckSnapshot[] = [];
  for (const v of data) {
    if (!v || typeof v !== 'object') continue;
    const s = v as Record<string, unknown>;
    if (!isString(s.id) || !/^[A-Za-z0-9_-]{1,64}$/.test(s.id) || seen.has(s.id) || !isString(s.title) || typeof s.price !== 'number')
      continue;
    if (!isNumberOrNull(s.year) || !isNumberOrNull(s.mileage)) continue;
    seen.add(s.id);
    out.push({
      id: s.id,
      title: s.title.slice(0, 200),
      price: s.price,
      vatStatus: isString(s.vatStatus) ? s.vatStatus : null,
      // Only our own image paths or https URLs: never a javascript: or data: URL from storage.
      thumbUrl: isString(s.thumbUrl) && /^(\/|https:\/\/)/.test(s.thumbUrl) ? s.thumbUrl : null,
      year: (s.year as number | null) ?? null,
      mileage: (s.mileage as number | null) ?? null,
      location: isString(s.location) ? s.location.slice(0, 120) : null,
    });
    if (out.length >= max) break;
  }
  return out;
}

const EMPTY: TruckSnapshot[] = [];

/**
 * A list of trucks in local storage, kept across pages, reloads and tabs (the `storage` event),
 * read through useSyncExternalStore: empty on the server and while hydrating, so the server's HTML
 * and the first browser render agree.
 */
export function createStoredTruckList(key: string, max: number) {
  const listeners = new Set<() => void>();
  let cachedRaw: string | null | undefined;
  let cached: TruckSnapshot[] = EMPTY;

  const storage = (): Storage | null => {
    try {
      return typeof window === 'undefined' ? null : window.localStorage;
    } catch {
      return null; // storage blocked (privacy settings): the list simply lives for the page
    }
  };
  let memory: string | null = null;
  const readRaw = () => storage()?.getItem(key) ?? memory;

  /**
   * The stored list, the same array until storage changes. An empty list is always EMPTY, the
   * server's snapshot: a fresh [] would differ from what hydration rendered, and React would
   * re-render the reader at once, before the page has finished hydrating.
   */
  function get(): TruckSnapshot[] {
    const raw = readRaw();
    if (raw !== cachedRaw) {
      cachedRaw = raw;
      const parsed = parseSnapshots(raw, max);
      cached = parsed.length ? parsed : EMPTY;
    }
    return cached;
  }

  function set(items: readonly TruckSnapshot[]): void {
    const raw = JSON.stringify(items.slice(0, max));
    memory = raw;
    try {
      storage()?.setItem(key, raw);
    } catch {
      // Quota or privacy mode: kept in memory for this page.
    }
    for (const l of listeners) l();
  }

  function subscribe(listener: () => void): () => void {
    listeners.add(listener);
    const onStorage = (e: StorageEvent) => {
      if (e.key === key || e.key === null) listener();
    };
    if (typeof window !== 'undefined') window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(listener);
      if (typeof window !== 'undefined') window.removeEventListener('storage', onStorage);
    };
  }

  return { get, set, subscribe };
}

export type StoredTruckList = ReturnType<typeof createStoredTruckList>;
const serverSnapshot = () => EMPTY;

/** The list's trucks, re-rendering on every change (and [] on the server and while hydrating). */
export function useStoredTrucks(list: StoredTruckList): TruckSnapshot[] {
  return useSyncExternalStore(list.subscribe, list.get, serverSnapshot);
}
