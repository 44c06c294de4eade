import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False while rendering on the server and while hydrating its HTML, true in every later render
 * (and at once on client-side navigations). Below-the-fold content can wait for it, so the server
 * renders and the browser hydrates only the first screen.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
