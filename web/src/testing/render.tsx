import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, renderHook } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { setTokenProvider } from '@/lib/api-client';
import { setAuthSnapshot } from '@/lib/auth-store';
import { useCurrentToast } from '@/lib/toast';

/**
 * Renders a screen as the app does (a query client, a router at `route`) with a user-event
 * session. `location()` is where the router is now (for screens that navigate when done).
 */
export function renderScreen(ui: ReactElement, { route = '/' }: { route?: string } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } } });
  const where = { path: route };
  // No pause between keystrokes: the forms react to each one the same without it.
  const user = userEvent.setup({ delay: null });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[route]}>
        <Where into={where} />
        <Routes>
          <Route path="*" element={ui} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { user, queryClient, location: () => where.path, ...result };
}

/** Writes where the router is into `into.path` on every render. */
function Where({ into }: { into: { path: string } }) {
  into.path = useLocation().pathname;
  return null;
}

/** Signs a user in as the app's auth store sees it; API calls carry `Bearer test-token`. */
export function signInAs(user: { userId?: string; email?: string; name?: string; groups?: string[] } = {}) {
  setAuthSnapshot({
    ready: true,
    user: {
      userId: user.userId ?? 'user-1',
      email: user.email ?? 'buyer@example.co.uk',
      name: user.name ?? 'Sam Buyer',
      groups: user.groups ?? [],
    },
  });
  setTokenProvider(() => 'test-token');
}

/** The error text tied to a control (its aria-describedby), or null when it has none. */
export function errorOf(control: HTMLElement): string | null {
  const id = control.getAttribute('aria-describedby');
  if (!id) return null;
  return id
    .split(/\s+/)
    .map((part) => control.ownerDocument.getElementById(part)?.textContent ?? '')
    .join(' ')
    .trim();
}

/** The toast showing now (title and description), or null: read as the Toaster reads it, through its hook. */
export const toastNow = () => {
  const { result, unmount } = renderHook(() => useCurrentToast());
  const t = result.current;
  unmount();
  return t ? { title: t.title, description: t.description, variant: t.variant } : null;
};
