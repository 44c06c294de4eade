import { BrowserRouter } from 'react-router-dom';
import { AppProvider } from './provider';
import { AppRoutes } from './router';

/** The app in the browser. `serverRendered`: it hydrates a page the server rendered (main.tsx). */
export function App({ serverRendered = false }: { serverRendered?: boolean }) {
  return (
    <AppProvider>
      <BrowserRouter>
        <AppRoutes serverRendered={serverRendered} />
      </BrowserRouter>
    </AppProvider>
  );
}
