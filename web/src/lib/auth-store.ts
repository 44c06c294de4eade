import { useSyncExternalStore } from 'react';

/** The signed-in user, as the UI needs them (read from the Cognito ID token). */
export interface AuthUser {
  /** Cognito `sub`: the id listings carry as `userId`. */
  userId: string;
  email: string | null;
  name: string | null;
  groups: string[];
}

export interface AuthSnapshot {
  /** False until the stored session (if any) has been read, so guards don't bounce a signed-in user. */
  ready: boolean;
  user: AuthUser | null;
}

/**
 * A tiny store the whole app reads through `useAuth()`. Amplify lives in a lazily loaded module
 * (lib/auth-session) that writes here, so the first page load carries none of it.
 */
const NOT_READ: AuthSnapshot = { ready: false, user: null };
/**
 * How the server renders every page (an anonymous visitor), and where a browser without a stored
 * session starts: the same object, so hydrating a server-rendered page leaves nothing to redo (a
 * different snapshot re-renders every reader of it in one blocking task right after hydration).
 */
const SIGNED_OUT: AuthSnapshot = { ready: true, user: null };
let snapshot: AuthSnapshot = typeof window !== 'undefined' && !hasStoredSession() ? SIGNED_OUT : NOT_READ;
const listeners = new Set<() => void>();

export function getAuthSnapshot(): AuthSnapshot {
  return snapshot;
}

export function setAuthSnapshot(next: AuthSnapshot) {
  const same =
    next.ready === snapshot.ready &&
    next.user?.userId === snapshot.user?.userId &&
    next.user?.name === snapshot.user?.name &&
    next.user?.email === snapshot.user?.email &&
    next.user?.groups.join() === snapshot.user?.groups.join();
  if (same) return;
  snapshot = next.ready && !next.user ? SIGNED_OUT : next;
  for (const l of listeners) l();
}

function subscribeAuth(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getServerSnapshot = () => SIGNED_OUT;

export function useAuthSnapshot(): AuthSnapshot {
  return useSyncExternalStore(subscribeAuth, getAuthSnapshot, getServerSnapshot);
}

/**
 * Whether Amplify has tokens in localStorage (its keys are
 * `CognitoIdentityServiceProvider.<clientId>.LastAuthUser` and so on). Anonymous visitors have
 * none, so they never download the auth code.
 */
export function hasStoredSession(storage: Pick<Storage, 'length' | 'key'> | undefined = globalThis.localStorage): boolean {
  if (!storage) return false;
  try {
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      if (key?.startsWith('CognitoIdentityServiceProvider.') && key.endsWith('.LastAuthUser')) return true;
    }
  } catch {
    // Storage can throw when blocked by privacy settings: then there is no session to restore.
  }
  return false;
}
