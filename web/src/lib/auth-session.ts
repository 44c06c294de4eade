/**
 * Amplify v6 and Cognito, loaded on demand (by lib/auth.tsx when a stored session exists, and by
 * the sign-in pages). Reads the pool from GET /api/config once, so no pool id is baked into the
 * build. Writes who is signed in to the auth store that `useAuth()` reads.
 */
import { decodeJWT } from '@aws-amplify/core';
import { Amplify } from 'aws-amplify';
import {
  type SignInOutput,
  confirmSignIn,
  fetchAuthSession,
  fetchUserAttributes,
  setUpTOTP,
  signIn,
  signOut,
  updateMFAPreference,
  updatePassword,
  verifyTOTPSetup,
} from 'aws-amplify/auth';
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
import { Hub } from 'aws-amplify/utils';
import { normaliseEmail } from '@shared/schemas/account';
import { queryClient } from './query-client';
import { type AuthUser, getAuthSnapshot, setAuthSnapshot } from './auth-store';

export interface PublicAuthConfig {
  region: string;
  userPoolId: string;
  clientId: string;
  /** Only locally: cognito-local's URL. */
  userPoolEndpoint?: string;
}

let configured: Promise<PublicAuthConfig> | null = null;

async function loadConfig(): Promise<PublicAuthConfig> {
  const res = await fetch('/api/config', { headers: { Accept: 'application/json' } });
  if (!res.ok) throw new Error(`Could not load sign-in settings (${res.status})`);
  return (await res.json()) as PublicAuthConfig;
}

/** Configures Amplify once (retrying on the next call if /api/config failed). */
export function ensureConfigured(): Promise<PublicAuthConfig> {
  configured ??= loadConfig().then(
    (cfg) => {
      Amplify.configure({
        Auth: {
          Cognito: {
            userPoolId: cfg.userPoolId,
            userPoolClientId: cfg.clientId,
            ...(cfg.userPoolEndpoint ? { userPoolEndpoint: cfg.userPoolEndpoint } : {}),
            loginWith: { email: true },
          },
        },
      });
      if (cfg.userPoolEndpoint) installInitiateAuthRefresher(cfg.userPoolEndpoint, cfg.clientId);
      Hub.listen('auth', ({ payload }) => {
        if (payload.event === 'signedIn' || payload.event === 'tokenRefresh') void syncUser();
        if (payload.event === 'signedOut' || payload.event === 'tokenRefresh_failure') void syncUser();
      });
      return cfg;
    },
    (err) => {
      configured = null;
      throw err;
    },
  );
  return configured;
}

/**
 * cognito-local lacks GetTokensFromRefreshToken, which Amplify's default refresher calls; it does
 * support InitiateAuth REFRESH_TOKEN_AUTH (docs/local-cloud.md, "Cognito stand-in: what we added").
 */
function installInitiateAuthRefresher(endpoint: string, clientId: string) {
  cognitoUserPoolsTokenProvider.tokenOrchestrator.setTokenRefresher(async ({ tokens, username }) => {
    const res = await fetch(endpoint, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-amz-json-1.1',
        'X-Amz-Target': 'AWSCognitoIdentityProviderService.InitiateAuth',
      },
      body: JSON.stringify({
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        ClientId: clientId,
        AuthParameters: { REFRESH_TOKEN: tokens.refreshToken ?? '' },
      }),
    });
    const body = (await res.json().catch(() => ({}))) as {
      __type?: string;
      message?: string;
      AuthenticationResult?: { AccessToken: string; IdToken?: string; RefreshToken?: string };
    };
    if (!res.ok || !body.AuthenticationResult) {
      // Amplify decides by the error's name whether the session is over (NotAuthorizedException).
      const err = new Error(body.message ?? `Token refresh failed (${res.status})`);
      err.name = body.__type?.split('#').pop() || 'TokenRefreshException';
      throw err;
    }
    const result = body.AuthenticationResult;
    return {
      accessToken: decodeJWT(result.AccessToken),
      idToken: result.IdToken ? decodeJWT(result.IdToken) : undefined,
      refreshToken: result.RefreshToken ?? tokens.refreshToken,
      clockDrift: tokens.clockDrift,
      username,
    };
  });
}

const claimText = (v: unknown) => (typeof v === 'string' && v.trim() ? v : null);

const attributeNames = new Map<string, string | null>();
/** cognito-local's ID tokens carry no `name` claim (real Cognito's do): ask GetUser once per user. */
async function nameFromAttributes(userId: string): Promise<string | null> {
  if (attributeNames.has(userId)) return attributeNames.get(userId) ?? null;
  const name = await fetchUserAttributes().then(
    (a) => claimText(a.name),
    () => null,
  );
  attributeNames.set(userId, name);
  return name;
}

/** Reads the current session (refreshing it when near expiry) and publishes the user. */
export async function syncUser(): Promise<AuthUser | null> {
  let user: AuthUser | null = null;
  try {
    await ensureConfigured();
    const { tokens } = await fetchAuthSession();
    const claims = tokens?.idToken?.payload ?? tokens?.accessToken?.payload;
    if (claims && typeof claims.sub === 'string') {
      const groups = tokens?.accessToken?.payload['cognito:groups'] ?? claims['cognito:groups'];
      user = {
        userId: claims.sub,
        email: claimText(claims.email),
        name: claimText(claims.name) ?? (await nameFromAttributes(claims.sub)),
        groups: Array.isArray(groups) ? groups.map(String) : [],
      };
    }
  } catch (err) {
    console.error('Could not read the session', err);
  }
  const before = getAuthSnapshot().user?.userId ?? null;
  setAuthSnapshot({ ready: true, user });
  if ((user?.userId ?? null) !== before) {
    // Answers depend on who asks (contact details, own listings): forget the other person's.
    if (user) void queryClient.invalidateQueries();
    else {
      queryClient.removeQueries({ queryKey: ['me'] });
      queryClient.removeQueries({ queryKey: ['my-listings'] });
      void queryClient.invalidateQueries();
    }
  }
  return user;
}

/** The access token for the API (refreshed when near expiry), or null when signed out. */
export async function getAccessToken(): Promise<string | null> {
  await ensureConfigured();
  try {
    const { tokens } = await fetchAuthSession();
    return tokens?.accessToken?.toString() ?? null;
  } catch {
    return null;
  }
}

/** What an authenticator app needs to be set up: the secret (typed in) and the otpauth:// URI. */
export interface TotpSetup {
  secret: string;
  uri: string;
}

export type SignInResult =
  | { kind: 'signed-in'; user: AuthUser | null }
  | { kind: 'confirm-sign-up' }
  /** Cognito asks for an authenticator app to be set up before the sign-in completes (MFA required). */
  | { kind: 'totp-setup'; setup: TotpSetup }
  /** Cognito asks for the 6-digit code from the authenticator app. */
  | { kind: 'totp-code' }
  | { kind: 'other'; step: string };

const APP_NAME = 'TruckYard';

async function toResult(output: SignInOutput, email: string): Promise<SignInResult> {
  const next = output.nextStep;
  if (output.isSignedIn || next.signInStep === 'DONE') return { kind: 'signed-in', user: await syncUser() };
  if (next.signInStep === 'CONFIRM_SIGN_UP') return { kind: 'confirm-sign-up' };
  if (next.signInStep === 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP') {
    const d = next.totpSetupDetails;
    return { kind: 'totp-setup', setup: { secret: d.sharedSecret, uri: d.getSetupUri(APP_NAME, email).toString() } };
  }
  if (next.signInStep === 'CONFIRM_SIGN_IN_WITH_TOTP_CODE') return { kind: 'totp-code' };
  // The pool offers TOTP only, but Cognito may still ask which factor: always the authenticator app.
  if (next.signInStep === 'CONTINUE_SIGN_IN_WITH_MFA_SELECTION' || next.signInStep === 'CONTINUE_SIGN_IN_WITH_MFA_SETUP_SELECTION')
    return toResult(await confirmSignIn({ challengeResponse: 'TOTP' }), email);
  return { kind: 'other', step: next.signInStep };
}

/**
 * E-mail + password. cognito-local has no SRP, so the password flow is used (TLS protects it in AWS).
 * E-mails are lower-cased everywhere (sign-up too), so capitals typed differently still sign in.
 */
export async function signInWithPassword(email: string, password: string): Promise<SignInResult> {
  await ensureConfigured();
  // A stale session for someone else would make Amplify refuse ("already signed in").
  if (getAuthSnapshot().user) await signOut().catch(() => undefined);
  const username = normaliseEmail(email);
  const output = await signIn({ username, password, options: { authFlowType: 'USER_PASSWORD_AUTH' } });
  return toResult(output, username);
}

/** Answers the pending sign-in challenge (the authenticator app's code, after setting it up or not). */
export async function answerSignInChallenge(email: string, code: string): Promise<SignInResult> {
  await ensureConfigured();
  return toResult(await confirmSignIn({ challengeResponse: code.trim() }), normaliseEmail(email));
}

/** For a signed-in user without an authenticator app: starts setting one up (Cognito AssociateSoftwareToken). */
export async function startTotpSetup(email: string): Promise<TotpSetup> {
  await ensureConfigured();
  const d = await setUpTOTP();
  return { secret: d.sharedSecret, uri: d.getSetupUri(APP_NAME, normaliseEmail(email)).toString() };
}

/** Checks the first code and makes the authenticator app the user's MFA, asked at every sign-in from now on. */
export async function finishTotpSetup(code: string): Promise<void> {
  await ensureConfigured();
  await verifyTOTPSetup({ code: code.trim() });
  await updateMFAPreference({ totp: 'PREFERRED' });
}

const errName = (err: unknown) => (err instanceof Error ? err.name : '');

/**
 * Wrong password and unknown e-mail get one answer. (cognito-local says "Invalid password" for
 * one and "User not authorized" for the other; AWS says NotAuthorizedException for both.)
 */
export function isBadCredentials(err: unknown): boolean {
  return ['NotAuthorizedException', 'UserNotFoundException', 'InvalidPasswordException'].includes(errName(err));
}

/** The account page's Change Password (Cognito ChangePassword with the signed-in user's access token). */
export async function changePassword(oldPassword: string, newPassword: string): Promise<void> {
  await ensureConfigured();
  await updatePassword({ oldPassword, newPassword });
}

export async function signOutEverywhere(): Promise<void> {
  await ensureConfigured();
  try {
    await signOut();
  } finally {
    await syncUser();
  }
}

/** Amplify's and Cognito's error text, for the spec's toasts ("the backend message"). */
export function authErrorMessage(err: unknown): string | null {
  return err instanceof Error && err.message.trim() ? err.message : null;
}
