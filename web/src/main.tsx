import { hydrate } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes } from 'react-router-dom';
import { App } from './app/app';
import { readFirstScreenData } from './app/first-screen';
import { routes } from './app/router';
import { cn } from './lib/cn';
import { queryClient } from './lib/query-client';

/** Lets the browser run (paint, input) before the next step: each step is its own short task. */
const yieldToBrowser = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

// Server-rendered pages (web/src/entry-server.tsx) arrive with their first screen and its data:
// hydrate them; the SPA shell (every other route) renders from scratch.
async function start() {
  const root = document.getElementById('root')!;
  const firstScreen = readFirstScreenData();
  if (!firstScreen || !root.hasChildNodes()) {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
    return;
  }
  // On a phone each of these takes tens of milliseconds; done one after another in one task (or in
  // the task that evaluated the app's code) they would block the main thread for hundreds
  // (Lighthouse's Total Blocking Time).
  await yieldToBrowser();
  hydrate(queryClient, firstScreen.queries);
  await yieldToBrowser();
  // The router's matcher runs once before rendering, so its first run (code compiled on first use)
  // is not part of the render step that matches the routes; and tailwind-merge builds its tables.
  matchRoutes(routes, window.location.pathname);
  await yieldToBrowser();
  cn('p-0', 'p-1');
  await yieldToBrowser();
  // In a transition, hydration yields to the browser every few milliseconds instead of blocking the
  // main thread for the whole page (the content is already on screen).
  startTransition(
    () =>
      void hydrateRoot(
        root,
        <StrictMode>
          <App serverRendered />
        </StrictMode>,
      ),
  );
}

void start();
