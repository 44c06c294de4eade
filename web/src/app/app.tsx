import { RouterProvider } from 'react-router-dom';
import { AppProvider } from './provider';
import type { createRouter } from './router';

/** The app around a router made once per page load (main.tsx; with hydration data on server-rendered pages). */
export function App({ router }: { router: ReturnType<typeof createRouter> }) {
  return (
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
