import { COMPARE_MAX, COMPARE_NARROW_MAX_WIDTH_PX, type TruckSnapshot } from '@shared/compare-limits';
import { createStoredTruckList } from '@/lib/stored-list';
import { type TrayAddResult, addToTray, removeFromTray, trayLimitFor } from './compare-tray-logic';

/** The compare tray (issue 26 §2), in local storage: no account needed. */
export const compareTray = createStoredTruckList('truckyard.compare', COMPARE_MAX);

const isNarrow = () =>
  typeof window !== 'undefined' &&
  typeof window.matchMedia === 'function' &&
  window.matchMedia(`(max-width: ${COMPARE_NARROW_MAX_WIDTH_PX - 0.02}px)`).matches;

/** The tray's limit now: 2 on a phone-width window, 3 otherwise. */
export const currentTrayLimit = () => trayLimitFor(isNarrow());

export function addTruckToCompare(truck: TruckSnapshot): TrayAddResult {
  const { items, result } = addToTray(compareTray.get(), truck, currentTrayLimit());
  if (result === 'added') compareTray.set(items);
  return result;
}

export const removeTruckFromCompare = (id: string) => compareTray.set(removeFromTray(compareTray.get(), id));
export const clearCompare = () => compareTray.set([]);
