import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  AdminGetUserCommand,
  AdminSetUserMFAPreferenceCommand,
  AdminUserGlobalSignOutCommand,
  AssociateSoftwareTokenCommand,
  type CognitoIdentityProviderClient,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  GetUserCommand,
  GlobalSignOutCommand,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  SetUserMFAPreferenceCommand,
  VerifySoftwareTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CognitoIds } from '../config.js';
import { createConfirmedUser, ensureUserPool, makeCognitoClient } from '../bootstrap.js';
import { TOTP_PERIOD_MS, freshTotpCode, newTotpSecret, totpCode } from '../testing/totp.js';
import { type CognitoStandIn, startCognito } from './cognito.js';

/**
 * The Cognito stand-in's TOTP MFA and global sign-out (cognito-mfa.ts), driven through the real
 * AWS SDK client as the web (Amplify), the seed and the functions call them.
 */
let dir: string;
let cognito: CognitoStandIn;
let client: CognitoIdentityProviderClient;
let ids: CognitoIds;
const PASSWORD = 'Password-for-mfa-1';
let n = 0;

/** A confirmed user as the seed makes one; with `totpSecret`, with that authenticator app and TOTP on (as the staff). */
async function newUser(pool: CognitoIds = ids, totpSecret?: string) {
  const email = `mfa-${Date.now().toString(36)}-${n++}@example.test`;
  const sub = await createConfirmedUser(client, pool, { email, password: PASSWORD, name: 'Mo Factor', totpSecret });
  return { email, sub };
}
const passwordSignIn = (email: string, clientId = ids.clientId, password = PASSWORD) =>
  client.send(
    new InitiateAuthCommand({
      ClientId: clientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
const answerTotp = (email: string, session: string | undefined, code: string) =>
  client.send(
    new RespondToAuthChallengeCommand({
      ClientId: ids.clientId,
      ChallengeName: 'SOFTWARE_TOKEN_MFA',
      Session: session,
      ChallengeResponses: { USERNAME: email, SOFTWARE_TOKEN_MFA_CODE: code },
    }),
  );
const mfaOf = async (username: string, pool: CognitoIds = ids) => {
  const u = await client.send(new AdminGetUserCommand({ UserPoolId: pool.userPoolId, Username: username }));
  return { list: u.UserMFASettingList, preferred: u.PreferredMfaSetting };
};
/** A code from a step other than those accepted (the current one ± 1). */
const staleCode = (secret: string) => totpCode(secret, Date.now() - 5 * TOTP_PERIOD_MS);
/** Waits into the next whole second, so tokens issued before and after a sign-out differ in `iat`. */
const nextSecond = () => new Promise((r) => setTimeout(r, 1050 - (Date.now() % 1000)));

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'cognito-mfa-'));
  cognito = await startCognito({ port: 0, directory: dir, logLevel: 'silent' });
  client = makeCognitoClient(cognito.endpoint);
  ids = await ensureUserPool(client);
});
afterAll(async () => {
  client?.destroy();
  await cognito?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('Cognito stand-in: TOTP set-up with an access token', () => {
  it('associates a secret, refuses a wrong code, verifies without enabling, and SetUserMFAPreference enables it', async () => {
    const { email, sub } = await newUser();
    const tokens = (await passwordSignIn(email)).AuthenticationResult;
    const AccessToken = tokens?.AccessToken as string;
    expect(await mfaOf(email)).toEqual({ list: undefined, preferred: undefined });

    const { SecretCode } = await client.send(new AssociateSoftwareTokenCommand({ AccessToken }));
    expect(SecretCode).toMatch(/^[A-Z2-7]{32}$/);
    const secret = SecretCode as string;
    await expect(client.send(new VerifySoftwareTokenCommand({ AccessToken, UserCode: staleCode(secret) }))).rejects.toMatchObject({
      name: 'EnableSoftwareTokenMFAException',
    });
    // Enabling before the token is verified is refused.
    await expect(
      client.send(new SetUserMFAPreferenceCommand({ AccessToken, SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true } })),
    ).rejects.toMatchObject({ name: 'InvalidParameterException' });

    const verified = await client.send(
      new VerifySoftwareTokenCommand({ AccessToken, UserCode: totpCode(secret), FriendlyDeviceName: 'phone' }),
    );
    expect(verified.Status).toBe('SUCCESS');
    // Verified is not enabled: the next sign-in still has no challenge.
    expect(await mfaOf(sub)).toEqual({ list: undefined, preferred: undefined });
    expect((await passwordSignIn(email)).ChallengeName).toBeUndefined();

    await client.send(new SetUserMFAPreferenceCommand({ AccessToken, SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true } }));
    expect(await mfaOf(sub)).toEqual({ list: ['SOFTWARE_TOKEN_MFA'], preferred: 'SOFTWARE_TOKEN_MFA' });
    const me = await client.send(new GetUserCommand({ AccessToken }));
    expect(me.UserMFASettingList).toEqual(['SOFTWARE_TOKEN_MFA']);
    expect(me.PreferredMfaSetting).toBe('SOFTWARE_TOKEN_MFA');
  });
});

describe('Cognito stand-in: the SOFTWARE_TOKEN_MFA sign-in challenge', () => {
  let email: string;
  let secret: string;
  beforeAll(async () => {
    secret = newTotpSecret();
    ({ email } = await newUser(ids, secret));
  });

  it('asks for the code after the password, with a Session, and issues working tokens for the right code', async () => {
    const first = await passwordSignIn(email);
    expect(first.AuthenticationResult).toBeUndefined();
    expect(first.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
    expect(first.Session?.length).toBeGreaterThan(100);
    expect(first.ChallengeParameters?.USER_ID_FOR_SRP).toBeTruthy();

    // A wrong code: CodeMismatchException, and the session may be tried again.
    await expect(answerTotp(email, first.Session, staleCode(secret))).rejects.toMatchObject({ name: 'CodeMismatchException' });
    const { code } = await freshTotpCode(secret);
    const done = await answerTotp(email, first.Session, code);
    const tokens = done.AuthenticationResult;
    expect(tokens?.AccessToken && tokens.IdToken && tokens.RefreshToken).toBeTruthy();
    expect((await client.send(new GetUserCommand({ AccessToken: tokens?.AccessToken }))).Username).toBeTruthy();
    // The refresh token was kept: it signs in again without a code, as in Cognito.
    const refreshed = await client.send(
      new InitiateAuthCommand({
        ClientId: ids.clientId,
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        AuthParameters: { REFRESH_TOKEN: tokens?.RefreshToken as string },
      }),
    );
    expect(refreshed.AuthenticationResult?.AccessToken).toBeTruthy();

    // The session is spent, and the same code does not sign in twice.
    await expect(answerTotp(email, first.Session, code)).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    const again = await passwordSignIn(email);
    await expect(answerTotp(email, again.Session, code)).rejects.toMatchObject({
      name: 'ExpiredCodeException',
      message: 'Your software token has already been used once.',
    });
  });

  it('refuses a made-up session, and a session of another user (no sign-in with a code but no password)', async () => {
    const { code } = await freshTotpCode(secret);
    await expect(answerTotp(email, 'made-up-session', code)).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Invalid session for the user.',
    });
    const other = await newUser(ids, newTotpSecret());
    const othersSession = (await passwordSignIn(other.email)).Session;
    await expect(answerTotp(email, othersSession, code)).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    // A wrong password still gets no challenge.
    await expect(passwordSignIn(email, ids.clientId, 'not-the-password')).rejects.toBeTruthy();
  });

  it('AdminSetUserMFAPreference turns TOTP off and on again, and refuses an unverified token', async () => {
    await client.send(
      new AdminSetUserMFAPreferenceCommand({ UserPoolId: ids.userPoolId, Username: email, SoftwareTokenMfaSettings: { Enabled: false } }),
    );
    expect(await mfaOf(email)).toEqual({ list: undefined, preferred: undefined });
    expect((await passwordSignIn(email)).AuthenticationResult?.AccessToken).toBeTruthy();

    await client.send(
      new AdminSetUserMFAPreferenceCommand({
        UserPoolId: ids.userPoolId,
        Username: email,
        SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
      }),
    );
    expect(await mfaOf(email)).toEqual({ list: ['SOFTWARE_TOKEN_MFA'], preferred: 'SOFTWARE_TOKEN_MFA' });
    expect((await passwordSignIn(email)).ChallengeName).toBe('SOFTWARE_TOKEN_MFA');

    const fresh = await newUser();
    await expect(
      client.send(
        new AdminSetUserMFAPreferenceCommand({
          UserPoolId: ids.userPoolId,
          Username: fresh.email,
          SoftwareTokenMfaSettings: { Enabled: true },
        }),
      ),
    ).rejects.toMatchObject({ name: 'InvalidParameterException' });
    await expect(
      client.send(
        new AdminSetUserMFAPreferenceCommand({
          UserPoolId: ids.userPoolId,
          Username: 'nobody@example.test',
          SoftwareTokenMfaSettings: { Enabled: false },
        }),
      ),
    ).rejects.toMatchObject({ name: 'UserNotFoundException' });
  });
});

describe('Cognito stand-in: MFA_SETUP in a pool whose MFA is ON', () => {
  it('asks for an authenticator set-up after the password, associates and verifies by Session, then signs in with TOTP enabled', async () => {
    const pool = await client.send(
      new CreateUserPoolCommand({ PoolName: 'mfa-on', UsernameAttributes: ['email'], MfaConfiguration: 'ON' }),
    );
    const userPoolId = pool.UserPool?.Id as string;
    const app = await client.send(
      new CreateUserPoolClientCommand({ UserPoolId: userPoolId, ClientName: 'web', ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH'] }),
    );
    const onPool = { userPoolId, clientId: app.UserPoolClient?.ClientId as string };
    const { email, sub } = await newUser(onPool);

    const first = await passwordSignIn(email, onPool.clientId);
    expect(first.ChallengeName).toBe('MFA_SETUP');
    expect(JSON.parse(first.ChallengeParameters?.MFAS_CAN_SETUP ?? '[]')).toEqual(['SOFTWARE_TOKEN_MFA']);

    const assoc = await client.send(new AssociateSoftwareTokenCommand({ Session: first.Session }));
    expect(assoc.SecretCode).toMatch(/^[A-Z2-7]{32}$/);
    expect(assoc.Session).toBeTruthy();
    // The first session was used up by the association.
    await expect(client.send(new AssociateSoftwareTokenCommand({ Session: first.Session }))).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    });
    await expect(
      client.send(new VerifySoftwareTokenCommand({ Session: assoc.Session, UserCode: staleCode(assoc.SecretCode as string) })),
    ).rejects.toMatchObject({ name: 'EnableSoftwareTokenMFAException' });
    const verified = await client.send(
      new VerifySoftwareTokenCommand({ Session: assoc.Session, UserCode: totpCode(assoc.SecretCode as string) }),
    );
    expect(verified.Status).toBe('SUCCESS');
    expect(verified.Session).toBeTruthy();

    const done = await client.send(
      new RespondToAuthChallengeCommand({
        ClientId: onPool.clientId,
        ChallengeName: 'MFA_SETUP',
        Session: verified.Session,
        ChallengeResponses: { USERNAME: email },
      }),
    );
    expect(done.AuthenticationResult?.AccessToken).toBeTruthy();
    expect(await mfaOf(sub, onPool)).toEqual({ list: ['SOFTWARE_TOKEN_MFA'], preferred: 'SOFTWARE_TOKEN_MFA' });
    expect((await passwordSignIn(email, onPool.clientId)).ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
  });
});

describe('Cognito stand-in: global sign-out', () => {
  it('GlobalSignOut revokes the refresh tokens and the access tokens Cognito itself checks', async () => {
    const { email } = await newUser();
    const tokens = (await passwordSignIn(email)).AuthenticationResult;
    await nextSecond();
    await client.send(new GlobalSignOutCommand({ AccessToken: tokens?.AccessToken }));

    await expect(
      client.send(
        new InitiateAuthCommand({
          ClientId: ids.clientId,
          AuthFlow: 'REFRESH_TOKEN_AUTH',
          AuthParameters: { REFRESH_TOKEN: tokens?.RefreshToken as string },
        }),
      ),
    ).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    await expect(client.send(new GetUserCommand({ AccessToken: tokens?.AccessToken }))).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Access Token has been revoked',
    });
    // Signing in again works.
    await nextSecond();
    const again = (await passwordSignIn(email)).AuthenticationResult;
    expect((await client.send(new GetUserCommand({ AccessToken: again?.AccessToken }))).Username).toBeTruthy();
  });

  it('AdminUserGlobalSignOut (by sub, as the functions call it) does the same; an unknown user is UserNotFoundException', async () => {
    const { email, sub } = await newUser();
    const tokens = (await passwordSignIn(email)).AuthenticationResult;
    await nextSecond();
    expect(await client.send(new AdminUserGlobalSignOutCommand({ UserPoolId: ids.userPoolId, Username: sub }))).toBeTruthy();
    await expect(
      client.send(
        new InitiateAuthCommand({
          ClientId: ids.clientId,
          AuthFlow: 'REFRESH_TOKEN_AUTH',
          AuthParameters: { REFRESH_TOKEN: tokens?.RefreshToken as string },
        }),
      ),
    ).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    await expect(client.send(new GetUserCommand({ AccessToken: tokens?.AccessToken }))).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    });
    await expect(
      client.send(new AdminUserGlobalSignOutCommand({ UserPoolId: ids.userPoolId, Username: 'nobody@example.test' })),
    ).rejects.toMatchObject({ name: 'UserNotFoundException' });
  });

  it('refuses an access token with a forged signature', async () => {
    const { email } = await newUser();
    const token = (await passwordSignIn(email)).AuthenticationResult?.AccessToken as string;
    const [h, p] = token.split('.');
    await expect(
      client.send(new GetUserCommand({ AccessToken: `${h}.${p}.${Buffer.from('forged').toString('base64url')}` })),
    ).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Invalid Access Token',
    });
  });
});
