import { randomBytes } from 'node:crypto';
import { AdminGetUserCommand, CognitoIdentityProviderClient, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listMail, waitForMail } from '../../../../dev/mail/store.js';
import { type TestApi, createTestUser, startTestApi, testMailDir } from '../../../../dev/testing/harness.js';

let api: TestApi;
let cognito: CognitoIdentityProviderClient;

beforeAll(async () => {
  api = await startTestApi({ tablePrefix: 'signup' });
  cognito = new CognitoIdentityProviderClient({
    endpoint: process.env.AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER,
    region: process.env.AWS_REGION ?? 'eu-west-2',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
});
afterAll(async () => {
  cognito?.destroy();
  await api?.close();
});

const signUp = async (body: Record<string, unknown>) => {
  const res = await fetch(`${api.baseUrl}/api/accounts/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};
const unique = () => `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;

describe('POST /api/accounts/sign-up', () => {
  it('creates an unconfirmed account under the lower-cased e-mail, with the phone in E.164', async () => {
    // Prepare
    const typed = `New.Seller-${unique()}@Example.TEST`;
    // Act
    const res = await signUp({ email: ` ${typed} `, password: 'Haulage-2026', name: 'New Seller', phone: '07700 900456' });
    // Assess
    expect(res).toEqual({
      status: 200,
      body: { status: 'check-inbox', message: 'Please check your email to verify your account before signing in.' },
    });
    const user = await cognito.send(
      new AdminGetUserCommand({ UserPoolId: process.env.COGNITO_USER_POOL_ID, Username: typed.toLowerCase() }),
    );
    expect(user.UserStatus).toBe('UNCONFIRMED');
    const attrs = Object.fromEntries((user.UserAttributes ?? []).map((a) => [a.Name, a.Value]));
    expect(attrs).toMatchObject({ email: typed.toLowerCase(), name: 'New Seller', phone_number: '+447700900456' });
  });

  it('answers an existing address exactly as a new one and e-mails its owner instead', async () => {
    // Prepare
    const existing = await createTestUser({ email: `owner-${unique()}@example.test` });
    const fresh = await signUp({ email: `fresh-${unique()}@example.test`, password: 'Haulage-2026', name: 'Someone' });
    // Act: the same address typed with capitals, as an attacker probing for accounts might
    const again = await signUp({ email: existing.email.toUpperCase(), password: 'Other-Password-1', name: 'Someone Else' });
    // Assess
    expect(again).toEqual(fresh);
    const [notice] = await waitForMail(testMailDir(), { to: existing.email, count: 1, timeoutMs: 5000 });
    expect(notice.subject).toBe('You already have a TruckYard account');
    expect(notice.text).toContain('/reset-password');
    expect(notice.text).not.toContain('Someone Else');
    // The account itself is untouched: its own password still signs in.
    const auth = await cognito.send(
      new InitiateAuthCommand({
        ClientId: process.env.COGNITO_CLIENT_ID,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: existing.email, PASSWORD: existing.password },
      }),
    );
    expect(auth.AuthenticationResult?.AccessToken).toBeTruthy();
  });

  it('sends at most three existing-account notices an hour to one address', async () => {
    const existing = await createTestUser({ email: `flood-${unique()}@example.test` });
    for (let i = 0; i < 5; i++) {
      expect((await signUp({ email: existing.email, password: 'Haulage-2026', name: 'Flood' })).status).toBe(200);
    }
    await waitForMail(testMailDir(), { to: existing.email, count: 3, timeoutMs: 5000 });
    await new Promise((r) => setTimeout(r, 300));
    expect(await listMail(testMailDir(), { to: existing.email })).toHaveLength(3);
  });

  it('refuses bad input per field with a 400', async () => {
    const res = await signUp({ email: 'not-an-email', password: 'short', name: '', phone: '123' });
    expect(res.status).toBe(400);
    const message = String((res.body.error as { message: string }).message);
    for (const m of [
      'Please enter a valid email address',
      'Password must be at least 8 characters long.',
      'Name is required',
      'Please enter a valid phone number',
    ]) {
      expect(message).toContain(m);
    }
  });
});
