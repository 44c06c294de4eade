import { useEffect } from 'react';
import { RouterProvider } from 'react-router-dom';
import { AppProvider } from './provider';
import type { createRouter } from './router';

/**
 * The app around a router made once per page load (main.tsx; with hydration data on server-rendered
 * pages). `onHydrated` runs once its first render is committed (for a hydrated page: hydrated).
 */
export function App({ router, onHydrated }: { router: ReturnType<typeof createRouter>; onHydrated?: () => void }) {
  useEffect(() => onHydrated?.(), [onHydrated]);
  return (
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
