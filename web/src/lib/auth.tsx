import { createContext, type ReactNode, useContext } from 'react';

/**
 * Who is signed in, as far as the UI needs to know. A stub until the auth issue plugs in
 * Cognito: it will provide the real values (and call `setTokenProvider` in lib/api-client).
 */
export interface AuthState {
  isSignedIn: boolean;
  userId: string | null;
}

const signedOut: AuthState = { isSignedIn: false, userId: null };
const AuthContext = createContext<AuthState>(signedOut);

export function AuthProvider({ value = signedOut, children }: { value?: AuthState; children: ReactNode }) {
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  return useContext(AuthContext);
}
