import { type ReactNode, useRef } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { PageFallback } from '@/components/layout/page-shell';
import { useAuth } from '@/lib/auth';
import { signInPath } from '@/lib/auth-links';

/**
 * Sends visitors who are not signed in to /auth (coming back here afterwards). It decides once,
 * on arrival: if the session ends while the page is open, the page shows its own message instead.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { ready, isSignedIn } = useAuth();
  const location = useLocation();
  const admitted = useRef(false);
  if (!ready) return <PageFallback />;
  if (isSignedIn) admitted.current = true;
  if (!admitted.current) return <Navigate to={signInPath(`${location.pathname}${location.search}`)} replace />;
  return <>{children}</>;
}
