/**
 * Software-token (TOTP) MFA and sign-out for the cognito-local stand-in, as Cognito does them.
 *
 * cognito-local 5.3 answers some of these calls, but not as AWS: challenge sessions are random
 * strings it never checks (any Session plus a valid code signs in, without the password),
 * AssociateSoftwareToken and VerifySoftwareToken refuse a Session, VerifySoftwareToken turns MFA
 * on by itself, access tokens are decoded without checking their signature or expiry, and
 * AdminSetUserMFAPreference, GlobalSignOut and AdminUserGlobalSignOut do not exist. This module
 * wraps its router and answers those targets itself:
 *
 * - InitiateAuth (USER_PASSWORD_AUTH): a user with TOTP enabled gets the SOFTWARE_TOKEN_MFA
 *   challenge; in a pool whose MFA is `ON`, a user without MFA gets MFA_SETUP. Each challenge's
 *   Session is recorded: bound to the user, the app client and the challenge, valid 3 minutes
 *   (Cognito's default AuthSessionValidity), used once.
 * - RespondToAuthChallenge: SOFTWARE_TOKEN_MFA checks the code (RFC 6238, SHA-1, 6 digits, 30 s,
 *   ±1 step, each step accepted once per user); MFA_SETUP completes the set-up and enables TOTP.
 *   Both issue cognito-local's normal tokens (and keep the refresh token, which cognito-local's own
 *   RespondToAuthChallenge forgets).
 * - AssociateSoftwareToken / VerifySoftwareToken by access token or by Session (the MFA_SETUP
 *   flow). The new secret is pending until verified; a verified token does not enable MFA by
 *   itself (SetUserMFAPreference does), except in the MFA_SETUP flow.
 * - SetUserMFAPreference / AdminSetUserMFAPreference, and AdminGetUser / GetUser reporting
 *   UserMFASettingList and PreferredMfaSetting as Cognito does (absent when none).
 * - GlobalSignOut / AdminUserGlobalSignOut: every refresh token of the user is revoked, and access
 *   tokens issued before are refused by this stand-in's own access-token calls ("Access Token has
 *   been revoked"). Tokens checked offline against the JWKS (our functions, aws-jwt-verify) stay
 *   valid until they expire, as in AWS.
 * - Any call carrying an AccessToken has it verified first: signature (cognito-local's key),
 *   `token_use` access, expiry, user still there, not revoked.
 * - LocalAdminSetSoftwareToken (not an AWS call; the seed's fixed demo secrets): stores a given
 *   secret as a verified software token. Enabling it is still AdminSetUserMFAPreference.
 */
import { randomBytes, verify as verifySignature, createPublicKey } from 'node:crypto';
import { createRequire } from 'node:module';
import type { Router as RouterFn } from 'cognito-local/lib/server/Router.js';
import type { Services } from 'cognito-local/lib/services/index.js';
import type { Context } from 'cognito-local/lib/services/context.js';
import type { User, UserPoolService } from 'cognito-local/lib/services/userPoolService.js';
import { Secret, TOTP } from 'otpauth';

const require = createRequire(import.meta.url);

/** cognito-local's error types: the server answers a CognitoError as `{ __type: code, message }` (400). */
const errors = require('cognito-local/lib/errors.js') as {
  CognitoError: new (code: string, message: string) => Error;
};
const publicJwk = (require('cognito-local/lib/keys/cognitoLocal.public.json') as { jwk: Record<string, string> }).jwk;
const publicKey = createPublicKey({ key: publicJwk as never, format: 'jwk' });

const cognitoError = (code: string, message: string) => new errors.CognitoError(code, message);
const notAuthorized = (message: string) => cognitoError('NotAuthorizedException', message);
const invalidParameter = (message: string) => cognitoError('InvalidParameterException', message);

/** Cognito's default AuthSessionValidity. */
const AUTH_SESSION_MS = 3 * 60_000;
/** Wrong codes a challenge session takes before it is dropped (the stand-in's own limit). */
const MAX_CODE_FAILURES = 5;
const TOTP_PERIOD_S = 30;
const TOTP_ENABLED = 'SOFTWARE_TOKEN_MFA';

/** What the stand-in keeps on a cognito-local user record (persisted with it in the pool's JSON file). */
interface MfaUser extends User {
  SoftwareTokenMfaConfiguration?: {
    Secret: string;
    Verified: boolean;
    FriendlyDeviceName?: string;
    /** A secret from AssociateSoftwareToken not yet verified; the verified one keeps working until then. */
    PendingSecret?: string;
    /** The last time step whose code signed the user in: each code signs in once. */
    LastUsedStep?: number;
  };
  /** Epoch seconds of the last global sign-out: access tokens issued in an earlier second are revoked. */
  TokensRevokedAt?: number;
}

type SessionStage = 'challenge' | 'setup' | 'setup-associated' | 'setup-verified';
interface AuthSession {
  challenge: string;
  stage: SessionStage;
  userPoolId: string;
  clientId: string;
  username: string;
  expiresAt: number;
  failures: number;
}

/** A code checked against a base32 secret at `now`: the matching time step, or null. */
function totpStep(secret: string, code: string, now: number): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: TOTP_PERIOD_S });
  const delta = totp.validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? null : Math.floor(now / 1000 / TOTP_PERIOD_S) + delta;
}

/** A new secret as Cognito gives one: 160 bits, base32 (32 characters). */
const newSecret = () => new Secret({ size: 20 }).base32;

const hasTotp = (user: MfaUser) => (user.UserMFASettingList ?? []).includes(TOTP_ENABLED);

export function withMfa(route: RouterFn, services: Services): RouterFn {
  const { cognito, clock, tokenGenerator, triggers } = services;
  const sessions = new Map<string, AuthSession>();
  const now = () => clock.get().getTime();

  const openSession = (s: Omit<AuthSession, 'expiresAt' | 'failures'>): string => {
    for (const [id, old] of sessions) if (old.expiresAt <= now()) sessions.delete(id);
    // Cognito's sessions are long opaque strings; so is this one.
    const id = randomBytes(96).toString('base64url');
    sessions.set(id, { ...s, expiresAt: now() + AUTH_SESSION_MS, failures: 0 });
    return id;
  };

  /** The recorded session, if it is live and for this client; never returned twice once `take`n. */
  const sessionFor = (id: unknown, clientId?: string): AuthSession => {
    const s = typeof id === 'string' ? sessions.get(id) : undefined;
    if (!s || (clientId !== undefined && s.clientId !== clientId)) throw notAuthorized('Invalid session for the user.');
    if (s.expiresAt <= now()) {
      sessions.delete(id as string);
      throw notAuthorized('Invalid session for the user, session is expired.');
    }
    return s;
  };

  const save = (ctx: Context, pool: UserPoolService, user: MfaUser) =>
    pool.saveUser(ctx, { ...user, UserLastModifiedDate: clock.get() } as User);

  /** The user an access token names, after checking it as Cognito would. */
  const userForAccessToken = async (ctx: Context, token: unknown): Promise<{ pool: UserPoolService; user: MfaUser }> => {
    if (typeof token !== 'string') throw invalidParameter('Missing required parameter AccessToken');
    const parts = token.split('.');
    if (parts.length !== 3) throw notAuthorized('Invalid Access Token');
    const ok = verifySignature('RSA-SHA256', Buffer.from(`${parts[0]}.${parts[1]}`), publicKey, Buffer.from(parts[2], 'base64url'));
    if (!ok) throw notAuthorized('Invalid Access Token');
    let claims: { token_use?: string; exp?: number; iat?: number; sub?: string; client_id?: string };
    try {
      claims = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'));
    } catch {
      throw notAuthorized('Invalid Access Token');
    }
    if (claims.token_use !== 'access' || !claims.sub || !claims.client_id) throw notAuthorized('Invalid Access Token');
    if (!claims.exp || claims.exp * 1000 <= now()) throw notAuthorized('Access Token has expired');
    const pool = await cognito.getUserPoolForClientId(ctx, claims.client_id);
    const user = (await pool.getUserByUsername(ctx, claims.sub)) as MfaUser | null;
    if (!user) throw notAuthorized('Invalid Access Token');
    if (user.TokensRevokedAt !== undefined && (claims.iat ?? 0) < user.TokensRevokedAt)
      throw notAuthorized('Access Token has been revoked');
    if (user.Enabled === false) throw notAuthorized('User is disabled.');
    return { pool, user };
  };

  const adminUser = async (ctx: Context, req: { UserPoolId?: string; Username?: string }) => {
    if (!req.UserPoolId || !req.Username) throw invalidParameter('UserPoolId and Username are required');
    const pool = await cognito.getUserPool(ctx, req.UserPoolId);
    const user = (await pool.getUserByUsername(ctx, req.Username)) as MfaUser | null;
    if (!user) throw cognitoError('UserNotFoundException', 'User does not exist.');
    return { pool, user };
  };

  /** Cognito's tokens for a completed sign-in (PostAuthentication trigger first, as cognito-local does). */
  const issueTokens = async (ctx: Context, pool: UserPoolService, user: MfaUser, clientId: string, clientMetadata: unknown) => {
    const client = await cognito.getAppClient(ctx, clientId);
    if (!client) throw notAuthorized('Invalid session for the user.');
    if (triggers.enabled('PostAuthentication')) {
      await triggers.postAuthentication(ctx, {
        clientId,
        clientMetadata: clientMetadata as Record<string, string> | undefined,
        source: 'PostAuthentication_Authentication',
        userAttributes: user.Attributes,
        username: user.Username,
        userPoolId: pool.options.Id,
      });
    }
    const groups = await pool.listUserGroupMembership(ctx, user);
    const tokens = await tokenGenerator.generate(
      ctx,
      user,
      groups,
      client,
      clientMetadata as Record<string, string> | undefined,
      'Authentication',
    );
    await pool.storeRefreshToken(ctx, tokens.RefreshToken, user);
    return { ChallengeParameters: {}, AuthenticationResult: tokens };
  };

  /** SetUserMFAPreference and AdminSetUserMFAPreference: which factors are on, and which is preferred. */
  const applyPreference = async (ctx: Context, pool: UserPoolService, user: MfaUser, req: Record<string, unknown>) => {
    const methods = new Set(user.UserMFASettingList ?? []);
    let preferred = user.PreferredMfaSetting;
    const settings: Array<[string, unknown]> = [
      ['SMS_MFA', req.SMSMfaSettings],
      [TOTP_ENABLED, req.SoftwareTokenMfaSettings],
      ['EMAIL_OTP', req.EmailMfaSettings],
    ];
    for (const [name, raw] of settings) {
      if (!raw) continue;
      const s = raw as { Enabled?: boolean; PreferredMfa?: boolean };
      if (name === TOTP_ENABLED && s.Enabled && !user.SoftwareTokenMfaConfiguration?.Verified)
        throw invalidParameter('User has not verified software token mfa');
      if (s.Enabled === true) methods.add(name);
      if (s.Enabled === false) methods.delete(name);
      if (s.PreferredMfa === true) {
        if (!methods.has(name)) throw invalidParameter(`${name} cannot be the preferred MFA: it is not enabled`);
        preferred = name;
      }
      if ((s.PreferredMfa === false || s.Enabled === false) && preferred === name) preferred = undefined;
    }
    await save(ctx, pool, { ...user, UserMFASettingList: [...methods], PreferredMfaSetting: preferred });
    return {};
  };

  /** What Cognito reports about a user's MFA: absent rather than empty. */
  const mfaView = <T extends Record<string, unknown>>(res: T): T => {
    const out: Record<string, unknown> = { ...res };
    if (!Array.isArray(out.UserMFASettingList) || out.UserMFASettingList.length === 0) delete out.UserMFASettingList;
    if (!out.PreferredMfaSetting) delete out.PreferredMfaSetting;
    return out as T;
  };

  const signOutEverywhere = async (ctx: Context, pool: UserPoolService, user: MfaUser) => {
    await save(ctx, pool, { ...user, RefreshTokens: [], TokensRevokedAt: Math.floor(now() / 1000) });
    return {};
  };

  type Handler = (ctx: Context, req: Record<string, unknown>) => Promise<unknown>;
  const handlers: Record<string, Handler> = {
    async InitiateAuth(ctx, req) {
      const original = route('InitiateAuth');
      if (req.AuthFlow !== 'USER_PASSWORD_AUTH') return original(ctx, req);
      const clientId = String(req.ClientId);
      const pool = await cognito.getUserPoolForClientId(ctx, clientId);
      const params = (req.AuthParameters ?? {}) as Record<string, string>;
      const user = params.USERNAME ? ((await pool.getUserByUsername(ctx, params.USERNAME)) as MfaUser | null) : null;
      // Pool MFA `ON` and nothing set up yet: the password is right, now an authenticator app must be added.
      if (
        pool.options.MfaConfiguration === 'ON' &&
        user &&
        user.UserStatus === 'CONFIRMED' &&
        user.Enabled !== false &&
        user.Password === params.PASSWORD &&
        (user.UserMFASettingList ?? []).length === 0 &&
        (user.MFAOptions ?? []).length === 0
      ) {
        return {
          ChallengeName: 'MFA_SETUP',
          ChallengeParameters: { MFAS_CAN_SETUP: JSON.stringify([TOTP_ENABLED]), USER_ID_FOR_SRP: user.Username },
          Session: openSession({ challenge: 'MFA_SETUP', stage: 'setup', userPoolId: pool.options.Id, clientId, username: user.Username }),
        };
      }
      const res = (await original(ctx, req)) as { ChallengeName?: string; Session?: string };
      // cognito-local made the challenge (SOFTWARE_TOKEN_MFA, SMS_MFA, SELECT_MFA_TYPE, NEW_PASSWORD_REQUIRED): record its session.
      if (res.ChallengeName && user) {
        res.Session = openSession({
          challenge: res.ChallengeName,
          stage: 'challenge',
          userPoolId: pool.options.Id,
          clientId,
          username: user.Username,
        });
      }
      return res;
    },

    async RespondToAuthChallenge(ctx, req) {
      const clientId = String(req.ClientId);
      const responses = (req.ChallengeResponses ?? {}) as Record<string, string>;
      if (!responses.USERNAME) throw invalidParameter('Missing required parameter USERNAME');
      const session = sessionFor(req.Session, clientId);
      const pool = await cognito.getUserPool(ctx, session.userPoolId);
      const user = (await pool.getUserByUsername(ctx, responses.USERNAME)) as MfaUser | null;
      if (!user || user.Username !== session.username || req.ChallengeName !== session.challenge)
        throw notAuthorized('Invalid session for the user.');
      if (user.Enabled === false) throw notAuthorized('User is disabled.');

      if (req.ChallengeName === TOTP_ENABLED) {
        const config = user.SoftwareTokenMfaConfiguration;
        const step =
          config?.Verified && hasTotp(user) ? totpStep(config.Secret, String(responses.SOFTWARE_TOKEN_MFA_CODE ?? ''), now()) : null;
        if (step === null) {
          session.failures += 1;
          if (session.failures >= MAX_CODE_FAILURES) sessions.delete(String(req.Session));
          throw cognitoError('CodeMismatchException', 'Invalid code received for user');
        }
        if (config && config.LastUsedStep !== undefined && step <= config.LastUsedStep)
          throw cognitoError('ExpiredCodeException', 'Your software token has already been used once.');
        sessions.delete(String(req.Session));
        const updated: MfaUser = {
          ...user,
          SoftwareTokenMfaConfiguration: { ...(config as NonNullable<typeof config>), LastUsedStep: step },
        };
        await save(ctx, pool, updated);
        return issueTokens(ctx, pool, updated, clientId, req.ClientMetadata);
      }

      if (req.ChallengeName === 'MFA_SETUP') {
        if (session.stage !== 'setup-verified') throw notAuthorized('Invalid session for the user.');
        sessions.delete(String(req.Session));
        const methods = new Set([...(user.UserMFASettingList ?? []), TOTP_ENABLED]);
        const updated: MfaUser = { ...user, UserMFASettingList: [...methods], PreferredMfaSetting: TOTP_ENABLED };
        await save(ctx, pool, updated);
        return issueTokens(ctx, pool, updated, clientId, req.ClientMetadata);
      }

      // Other challenges: the session was checked; cognito-local answers, and a further challenge gets a recorded session.
      sessions.delete(String(req.Session));
      const res = (await route('RespondToAuthChallenge')(ctx, req)) as { ChallengeName?: string; Session?: string };
      if (res.ChallengeName)
        res.Session = openSession({
          challenge: res.ChallengeName,
          stage: 'challenge',
          userPoolId: session.userPoolId,
          clientId,
          username: user.Username,
        });
      return res;
    },

    async AssociateSoftwareToken(ctx, req) {
      const secret = newSecret();
      if (req.AccessToken) {
        const { pool, user } = await userForAccessToken(ctx, req.AccessToken);
        const current = user.SoftwareTokenMfaConfiguration;
        await save(ctx, pool, {
          ...user,
          SoftwareTokenMfaConfiguration: { ...(current ?? { Secret: '', Verified: false }), PendingSecret: secret },
        });
        return { SecretCode: secret };
      }
      if (!req.Session) throw invalidParameter('Either AccessToken or Session is required');
      const session = sessionFor(req.Session);
      if (session.challenge !== 'MFA_SETUP' || (session.stage !== 'setup' && session.stage !== 'setup-associated'))
        throw notAuthorized('Invalid session for the user.');
      const pool = await cognito.getUserPool(ctx, session.userPoolId);
      const user = (await pool.getUserByUsername(ctx, session.username)) as MfaUser | null;
      if (!user) throw notAuthorized('Invalid session for the user.');
      await save(ctx, pool, { ...user, SoftwareTokenMfaConfiguration: { Secret: '', Verified: false, PendingSecret: secret } });
      sessions.delete(String(req.Session));
      return { SecretCode: secret, Session: openSession({ ...session, stage: 'setup-associated' }) };
    },

    async VerifySoftwareToken(ctx, req) {
      const code = typeof req.UserCode === 'string' ? req.UserCode : '';
      if (!/^\d{6}$/.test(code)) throw invalidParameter("1 validation error detected: Value at 'userCode' failed to satisfy constraint");
      let pool: UserPoolService;
      let user: MfaUser | null;
      let session: AuthSession | null = null;
      if (req.AccessToken) ({ pool, user } = await userForAccessToken(ctx, req.AccessToken));
      else if (req.Session) {
        session = sessionFor(req.Session);
        if (session.challenge !== 'MFA_SETUP' || session.stage !== 'setup-associated') throw notAuthorized('Invalid session for the user.');
        pool = await cognito.getUserPool(ctx, session.userPoolId);
        user = (await pool.getUserByUsername(ctx, session.username)) as MfaUser | null;
        if (!user) throw notAuthorized('Invalid session for the user.');
      } else throw invalidParameter('Either AccessToken or Session is required');
      const pending = user.SoftwareTokenMfaConfiguration?.PendingSecret;
      if (!pending) throw invalidParameter('User has not associated a software token');
      if (totpStep(pending, code, now()) === null)
        throw cognitoError('EnableSoftwareTokenMFAException', 'Code mismatch and fail enable Software Token MFA');
      const friendly = typeof req.FriendlyDeviceName === 'string' ? req.FriendlyDeviceName : undefined;
      // Verified, not enabled: SetUserMFAPreference turns it on (the MFA_SETUP flow does so on completion).
      await save(ctx, pool, {
        ...user,
        SoftwareTokenMfaConfiguration: { Secret: pending, Verified: true, ...(friendly ? { FriendlyDeviceName: friendly } : {}) },
      });
      if (!session) return { Status: 'SUCCESS' };
      sessions.delete(String(req.Session));
      return { Status: 'SUCCESS', Session: openSession({ ...session, stage: 'setup-verified' }) };
    },

    async SetUserMFAPreference(ctx, req) {
      const { pool, user } = await userForAccessToken(ctx, req.AccessToken);
      return applyPreference(ctx, pool, user, req);
    },

    async AdminSetUserMFAPreference(ctx, req) {
      const { pool, user } = await adminUser(ctx, req as { UserPoolId?: string; Username?: string });
      return applyPreference(ctx, pool, user, req);
    },

    async AdminGetUser(ctx, req) {
      return mfaView((await route('AdminGetUser')(ctx, req)) as Record<string, unknown>);
    },

    async GetUser(ctx, req) {
      await userForAccessToken(ctx, req.AccessToken);
      return mfaView((await route('GetUser')(ctx, req)) as Record<string, unknown>);
    },

    async GlobalSignOut(ctx, req) {
      const { pool, user } = await userForAccessToken(ctx, req.AccessToken);
      return signOutEverywhere(ctx, pool, user);
    },

    async AdminUserGlobalSignOut(ctx, req) {
      const { pool, user } = await adminUser(ctx, req as { UserPoolId?: string; Username?: string });
      return signOutEverywhere(ctx, pool, user);
    },

    async LocalAdminSetSoftwareToken(ctx, req) {
      const { pool, user } = await adminUser(ctx, req as { UserPoolId?: string; Username?: string });
      const secret = typeof req.SecretCode === 'string' ? req.SecretCode : '';
      if (!/^[A-Z2-7]{16,}$/.test(secret)) throw invalidParameter('SecretCode must be base32 (A-Z, 2-7), 16 characters or more');
      const current = user.SoftwareTokenMfaConfiguration;
      await save(ctx, pool, {
        ...user,
        SoftwareTokenMfaConfiguration: { ...current, Secret: secret, Verified: true, PendingSecret: undefined },
      });
      return {};
    },
  };

  return (target) => {
    const own = handlers[target];
    const handler = own ? (own as ReturnType<RouterFn>) : route(target);
    // Every other call that carries an access token has it checked first (GetUser and the MFA calls check their own).
    return async (ctx, req) => {
      if (!own && req && typeof req === 'object' && 'AccessToken' in req)
        await userForAccessToken(ctx, (req as { AccessToken?: unknown }).AccessToken);
      return handler(ctx, req);
    };
  };
}
