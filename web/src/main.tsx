import { hydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
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
if (firstScreen && root.hasChildNodes()) hydrateRoot(root, app);
else createRoot(root).render(app);
