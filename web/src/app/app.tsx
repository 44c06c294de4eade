import { useState } from 'react';
import { type HydrationState, RouterProvider } from 'react-router-dom';
import { AppProvider } from './provider';
import { createRouter } from './router';

export function App({ hydrationData }: { hydrationData?: HydrationState }) {
  const [router] = useState(() => createRouter(hydrationData));
  return (
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
