// Must run before any schema is defined (see the module).
import './lib/zod-config';
import { hydrate } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { readFirstScreenData } from './app/first-screen';
import { queryClient } from './lib/query-client';
import './styles.css';

// Server-rendered pages (web/src/entry-server.tsx) arrive with their first screen and its data:
// hydrate them; the SPA shell (every other route) renders from scratch.
const root = document.getElementById('root')!;
const firstScreen = readFirstScreenData();
if (firstScreen) hydrate(queryClient, firstScreen.queries);
const app = (
  <StrictMode>
    <App hydrationData={firstScreen?.router} />
  </StrictMode>
);
// In a transition, hydration yields to the browser every few milliseconds instead of blocking the
// main thread for the whole page (the content is already on screen).
if (firstScreen && root.hasChildNodes()) startTransition(() => void hydrateRoot(root, app));
else createRoot(root).render(app);
