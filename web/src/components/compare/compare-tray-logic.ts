import { COMPARE_MAX, COMPARE_MAX_NARROW, type TruckSnapshot } from '@shared/compare-limits';

export type TrayAddResult = 'added' | 'already' | 'full';

/** How many trucks the tray holds at this viewport width (issue 26 §2: 3, or 2 below 640 px). */
export const trayLimitFor = (narrow: boolean) => (narrow ? COMPARE_MAX_NARROW : COMPARE_MAX);

/** Adds a truck at the end unless it is there already or the tray is full; never reorders. */
export function addToTray(
  items: readonly TruckSnapshot[],
  truck: TruckSnapshot,
  limit: number,
): { items: TruckSnapshot[]; result: TrayAddResult } {
  if (items.some((t) => t.id === truck.id)) return { items: [...items], result: 'already' };
  if (items.length >= limit) return { items: [...items], result: 'full' };
  return { items: [...items, truck], result: 'added' };
}

export const removeFromTray = (items: readonly TruckSnapshot[], id: string): TruckSnapshot[] => items.filter((t) => t.id !== id);

/** The shareable compare link for the tray (or any ids), at most COMPARE_MAX of them. */
export function compareHref(ids: readonly string[], from?: string | null): string {
  const params = new URLSearchParams({ ids: ids.slice(0, COMPARE_MAX).join(',') });
  if (from) params.set('from', from);
  return `/compare?${params.toString().replace(/%2C/g, ',')}`;
}
