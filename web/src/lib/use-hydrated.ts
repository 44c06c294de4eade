import { startTransition, useEffect, useState } from 'react';

/**
 * False while rendering on the server and while hydrating its HTML, true from the render after.
 * Below-the-fold content can wait for it, so the server renders and the browser hydrates only the
 * first screen; the switch renders in a transition, so the rest never blocks the main thread long.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => startTransition(() => setHydrated(true)), []);
  return hydrated;
}
