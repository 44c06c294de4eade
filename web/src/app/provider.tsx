import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef } from 'react';
import { AuthProvider, useAuth } from '@/lib/auth';
import { queryClient } from '@/lib/query-client';

/** `client` is the server renderer's per-request cache; the browser uses the app's one cache. */
export function AppProvider({ children, client = queryClient }: { children: ReactNode; client?: QueryClient }) {
  return (
    <QueryClientProvider client={client}>
      <AuthProvider>
        <ForgetListingsOnAuthChange />
        {children}
      </AuthProvider>
    </QueryClientProvider>
  );
}

/**
 * What the API returns for a listing depends on who asks (contact details are masked for
 * anonymous visitors), so cached listings are dropped whenever the signed-in user changes.
 */
function ForgetListingsOnAuthChange() {
  const { userId } = useAuth();
  const previous = useRef(userId);
  useEffect(() => {
    if (previous.current === userId) return;
    previous.current = userId;
    void queryClient.invalidateQueries({ queryKey: ['listings'] });
  }, [userId]);
  return null;
}
