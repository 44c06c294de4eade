import { type ReactNode, useEffect } from 'react';
import { setTokenProvider } from './api-client';
import { getAuthSnapshot, hasStoredSession, setAuthSnapshot, useAuthSnapshot } from './auth-store';

/** Who is signed in, as far as the UI needs to know. */
export interface AuthState {
  /** False until a stored session has been read; guards wait for it before redirecting. */
  ready: boolean;
  isSignedIn: boolean;
  /** Cognito `sub`; listings carry it as `userId`. */
  userId: string | null;
  email: string | null;
  name: string | null;
  groups: string[];
  signOut: () => Promise<void>;
}

type AuthSessionModule = typeof import('./auth-session');
let sessionModule: Promise<AuthSessionModule> | null = null;

/** The Amplify-backed session code, downloaded the first time something needs it. */
export function loadAuthSession(): Promise<AuthSessionModule> {
  sessionModule ??= import('./auth-session').catch((err) => {
    sessionModule = null;
    throw err;
  });
  return sessionModule;
}

let started = false;
/**
 * Restores a stored session in the background; visitors without one are signed out at once and
 * never download Amplify. Bearer tokens go on API calls only while someone is (or may be) signed in.
 */
function startAuth() {
  if (started) return;
  started = true;
  setTokenProvider(async () => {
    if (!getAuthSnapshot().user && !hasStoredSession()) return null;
    return (await loadAuthSession()).getAccessToken();
  });
  // Signing in or out in another tab changes Amplify's keys here too: follow it.
  window.addEventListener('storage', (e) => {
    if (e.key !== null && !e.key.startsWith('CognitoIdentityServiceProvider.')) return;
    if (!hasStoredSession() && !getAuthSnapshot().user) return;
    void loadAuthSession()
      .then((m) => m.syncUser())
      .catch(() => undefined);
  });
  if (!hasStoredSession()) {
    setAuthSnapshot({ ready: true, user: null });
    return;
  }
  loadAuthSession()
    .then((m) => m.syncUser())
    .catch((err) => {
      console.error('Could not restore the session', err);
      setAuthSnapshot({ ready: true, user: null });
    });
}

const signOut = async () => {
  await (await loadAuthSession()).signOutEverywhere();
};

export function AuthProvider({ children }: { children: ReactNode }) {
  useEffect(startAuth, []);
  return <>{children}</>;
}

export function useAuth(): AuthState {
  const { ready, user } = useAuthSnapshot();
  return {
    ready,
    isSignedIn: Boolean(user),
    userId: user?.userId ?? null,
    email: user?.email ?? null,
    name: user?.name ?? null,
    groups: user?.groups ?? [],
    signOut,
  };
}
