import { randomBytes } from 'node:crypto';
import {
  AdminGetUserCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { DeleteCommand, DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_TEXTS } from '../../../../shared/schemas/account.js';
import { CHALLENGE_TEXTS } from '../../../../shared/schemas/challenge.js';
import { listMail } from '../../../../dev/mail/store.js';
import { solvedChallenge } from '../../../../dev/testing/challenge.js';
import { type TestApi, createTestUser, startTestApi, testMailDir } from '../../../../dev/testing/harness.js';
import { LOCAL_SECRET_VALUES } from '../../../../dev/config.js';
import { keys } from '../../adapters/dynamodb/keys.js';
import { windowStartOf } from '../../domain/rate-limit.js';
import { ORIGIN_VERIFY_HEADER, VIEWER_ADDRESS_HEADER } from '../viewer-ip.js';
import { waitForMail } from '../../../../dev/mail/store.test-support.js';
/** The texts, stated here rather than imported, so a change to them fails this test. */
const PASSWORD_TEXTS = {
  tooShort: 'Password must be at least 12 characters long.',
  tooLong: 'Password must be 256 characters or fewer',
  tooWeak: 'This password is too easy to guess. Avoid common passwords, names and patterns: try a few unrelated words.',
} as const;
/** The rule's value, stated here rather than imported, so a change to it fails this test. */
const SIGN_UP_TEXTS = {
  addressLimited: 'Too many accounts created from your network. Please try again later.',
  overallLimited: 'We are receiving an unusual number of sign-ups. Please try again in a little while.',
} as const;
/** The rule's value, stated here rather than imported, so a change to it fails this test. */
const SIGN_UP_OVERALL_LIMIT = { scope: 'signup-all', key: 'all', limit: 500, windowSeconds: 3600 } as const;

// Each sign-up solves a proof-of-work challenge first (about 0.3 s, more on a busy machine).
vi.setConfig({ testTimeout: 90_000 });

let api: TestApi;
let cognito: CognitoIdentityProviderClient;
let ddb: DynamoDBDocumentClient;

beforeAll(async () => {
  api = await startTestApi({ tablePrefix: 'signup' });
  const clientConfig = {
    region: process.env.AWS_REGION ?? 'eu-west-2',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  };
  cognito = new CognitoIdentityProviderClient({ ...clientConfig, endpoint: process.env.AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER });
  ddb = DynamoDBDocumentClient.from(new DynamoDBClient({ ...clientConfig, endpoint: process.env.AWS_ENDPOINT_URL_DYNAMODB }));
});
afterAll(async () => {
  cognito?.destroy();
  ddb?.destroy();
  await api?.close();
});

const unique = () => `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
let viewerSeq = 0;
/** A viewer address of its own for each test, passed as CloudFront does, so the per-address limits do not mix. */
const newViewer = () => `198.51.100.${++viewerSeq}`;

async function post(path: string, body: Record<string, unknown>, viewer = newViewer()) {
  const res = await fetch(`${api.baseUrl}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      [ORIGIN_VERIFY_HEADER]: LOCAL_SECRET_VALUES.originVerifySecret,
      [VIEWER_ADDRESS_HEADER]: `${viewer}:40000`,
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> & { error?: { message: string } } };
}
const signUp = async (body: Record<string, unknown>, viewer?: string) =>
  post('/api/accounts/sign-up', { altcha: await solvedChallenge(api.baseUrl), ...body }, viewer);
const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)?.[1] ?? '';
const strong = 'Gearbox-Gravel-Orbit-41';

async function userOf(email: string) {
  try {
    const user = await cognito.send(new AdminGetUserCommand({ UserPoolId: process.env.COGNITO_USER_POOL_ID, Username: email }));
    return { status: user.UserStatus, attributes: Object.fromEntries((user.UserAttributes ?? []).map((a) => [a.Name, a.Value])) };
  } catch {
    return null;
  }
}
const passwordWorks = async (email: string, password: string) =>
  cognito
    .send(
      new InitiateAuthCommand({
        ClientId: process.env.COGNITO_CLIENT_ID,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: email, PASSWORD: password },
      }),
    )
    .then(
      (r) => Boolean(r.AuthenticationResult?.AccessToken),
      () => false,
    );

describe('POST /api/accounts/sign-up', () => {
  it('with a solved challenge creates the account unverified and e-mails our own code; the code verifies it and makes the profile', async () => {
    // Prepare
    const typed = `New.Dealer-${unique()}@Example.TEST`;
    const email = typed.toLowerCase();
    // Act
    const res = await signUp({
      email: ` ${typed} `,
      password: strong,
      name: 'New Dealer',
      phone: '07700 900456',
      accountType: 'dealer',
      companyName: 'Dealer Ltd',
    });
    // Assess
    expect(res).toEqual({ status: 200, body: { status: 'check-inbox', message: ACCOUNT_TEXTS.checkInbox } });
    const user = await userOf(email);
    expect(user?.status).toBe('CONFIRMED');
    expect(user?.attributes).toMatchObject({ email, name: 'New Dealer', phone_number: '+447700900456', email_verified: 'false' });
    const [mail] = await waitForMail(testMailDir(), { to: email, count: 1, timeoutMs: 5000 });
    expect(mail.subject).toBe(ACCOUNT_TEXTS.verificationSubject);
    const code = codeIn(mail.text);
    expect(code).toMatch(/^\d{6}$/);
    // The code is stored hashed only.
    const stored = await ddb.send(new GetCommand({ TableName: api.tableName, Key: keys.accountCode('verify', email) }));
    expect(JSON.stringify(stored.Item)).not.toContain(code);

    const wrong = await post('/api/accounts/verify-email', { email, code: code === '000000' ? '111111' : '000000' });
    expect(wrong).toEqual({ status: 400, body: { error: expect.objectContaining({ message: ACCOUNT_TEXTS.codeInvalid }) } });
    const right = await post('/api/accounts/verify-email', { email: typed, code });
    expect(right).toEqual({ status: 200, body: { message: ACCOUNT_TEXTS.verified } });
    expect((await userOf(email))?.attributes.email_verified).toBe('true');
    expect(await passwordWorks(email, strong)).toBe(true);
    const sub = user?.attributes.sub;
    const profile = await ddb.send(new GetCommand({ TableName: api.tableName, Key: keys.profile(String(sub)) }));
    expect(profile.Item).toMatchObject({ accountType: 'dealer', companyName: 'Dealer Ltd', fullName: 'New Dealer' });
    // A dealer's storefront is made with the profile (issue 26 §1), named after the company.
    const slug = profile.Item?.storefrontSlug as string;
    expect(slug).toMatch(/^dealer-ltd(-\d+)?$/);
    const storefront = await ddb.send(new GetCommand({ TableName: api.tableName, Key: keys.storefront(slug) }));
    expect(storefront.Item).toMatchObject({ userId: String(sub), companyName: 'Dealer Ltd' });
    // Used once: the same code again is refused.
    expect((await post('/api/accounts/verify-email', { email, code })).status).toBe(400);
  });

  it('gives a code 5 tries, then refuses even the right one', async () => {
    const email = `tries-${unique()}@example.test`;
    expect((await signUp({ email, password: strong, name: 'Tries' })).status).toBe(200);
    const [mail] = await waitForMail(testMailDir(), { to: email, count: 1, timeoutMs: 5000 });
    const code = codeIn(mail.text);
    const wrong = code === '123456' ? '654321' : '123456';
    for (let i = 0; i < 5; i++) expect((await post('/api/accounts/verify-email', { email, code: wrong })).status).toBe(400);
    expect((await post('/api/accounts/verify-email', { email, code })).status).toBe(400);
    expect((await userOf(email))?.attributes.email_verified).toBe('false');
  });

  it('refuses a sign-up without a challenge (400), with a forged one (403) and with one already used (403), creating nothing', async () => {
    const missing = await post('/api/accounts/sign-up', { email: `none-${unique()}@example.test`, password: strong, name: 'No Challenge' });
    expect(missing.status).toBe(400);
    expect(missing.body.error?.message).toContain(CHALLENGE_TEXTS.required);

    const solved = await solvedChallenge(api.baseUrl);
    const forged = JSON.parse(Buffer.from(solved, 'base64').toString('utf8'));
    forged.challenge.parameters.expiresAt += 60; // the signature no longer matches
    const forgedEmail = `forged-${unique()}@example.test`;
    const refused = await post('/api/accounts/sign-up', {
      email: forgedEmail,
      password: strong,
      name: 'Forged',
      altcha: Buffer.from(JSON.stringify(forged)).toString('base64'),
    });
    expect(refused).toEqual({ status: 403, body: { error: expect.objectContaining({ message: CHALLENGE_TEXTS.failed }) } });
    expect(await userOf(forgedEmail)).toBeNull();

    const first = `replay-a-${unique()}@example.test`;
    const second = `replay-b-${unique()}@example.test`;
    expect((await post('/api/accounts/sign-up', { email: first, password: strong, name: 'First', altcha: solved })).status).toBe(200);
    const replayed = await post('/api/accounts/sign-up', { email: second, password: strong, name: 'Replay', altcha: solved });
    expect(replayed).toEqual({ status: 403, body: { error: expect.objectContaining({ message: CHALLENGE_TEXTS.failed }) } });
    expect(await userOf(second)).toBeNull();
  });

  it('refuses short and guessable passwords with the shared messages', async () => {
    const short = await signUp({ email: `short-${unique()}@example.test`, password: 'Xq7#vB!2pL9', name: 'Short' });
    expect(short.status).toBe(400);
    expect(short.body.error?.message).toContain(PASSWORD_TEXTS.tooShort);
    const weakEmail = `weak-${unique()}@example.test`;
    const weak = await signUp({ email: weakEmail, password: 'password1234', name: 'Weak' });
    expect(weak.status).toBe(400);
    expect(weak.body.error?.message).toContain(PASSWORD_TEXTS.tooWeak);
    expect(await userOf(weakEmail)).toBeNull();
  });

  it('answers an existing address exactly as a new one and e-mails its owner instead', async () => {
    const existing = await createTestUser({ email: `owner-${unique()}@example.test` });
    const fresh = await signUp({ email: `fresh-${unique()}@example.test`, password: strong, name: 'Someone' });
    const again = await signUp({ email: existing.email.toUpperCase(), password: 'Other-Password-12', name: 'Someone Else' });
    expect(again).toEqual(fresh);
    const [notice] = await waitForMail(testMailDir(), { to: existing.email, count: 1, timeoutMs: 5000 });
    expect(notice.subject).toBe(ACCOUNT_TEXTS.existingAccountSubject);
    expect(notice.text).not.toContain('Someone Else');
    expect(await passwordWorks(existing.email, existing.password)).toBe(true);
  });

  it('allows 5 sign-ups an hour from one address, then answers 429', async () => {
    const viewer = newViewer();
    for (let i = 0; i < 5; i++)
      expect((await signUp({ email: `ip-${i}-${unique()}@example.test`, password: strong, name: 'Ip' }, viewer)).status).toBe(200);
    const sixthEmail = `ip-6-${unique()}@example.test`;
    const sixth = await signUp({ email: sixthEmail, password: strong, name: 'Ip' }, viewer);
    expect(sixth).toEqual({ status: 429, body: { error: expect.objectContaining({ message: SIGN_UP_TEXTS.addressLimited }) } });
    expect(await userOf(sixthEmail)).toBeNull();
    // Another address is not affected.
    expect((await signUp({ email: `ip-other-${unique()}@example.test`, password: strong, name: 'Ip' })).status).toBe(200);
  });

  it('refuses every sign-up once 500 were made in the hour', async () => {
    const now = Math.floor(Date.now() / 1000);
    const windows = [now, now + 60].map((t) => new Date(windowStartOf(t, SIGN_UP_OVERALL_LIMIT.windowSeconds) * 1000).toISOString());
    const counters = windows.map((w) => keys.rateCounter(SIGN_UP_OVERALL_LIMIT.scope, SIGN_UP_OVERALL_LIMIT.key, w));
    for (const key of counters)
      await ddb.send(new PutCommand({ TableName: api.tableName, Item: { ...key, count: SIGN_UP_OVERALL_LIMIT.limit } }));
    try {
      const email = `overall-${unique()}@example.test`;
      const res = await signUp({ email, password: strong, name: 'Overall' });
      expect(res).toEqual({ status: 429, body: { error: expect.objectContaining({ message: SIGN_UP_TEXTS.overallLimited }) } });
      expect(await userOf(email)).toBeNull();
    } finally {
      for (const key of counters) await ddb.send(new DeleteCommand({ TableName: api.tableName, Key: key }));
    }
  });

  it("closes Cognito's own SignUp, as the pool allows admin-created users only", async () => {
    const attempt = cognito.send(
      new SignUpCommand({ ClientId: process.env.COGNITO_CLIENT_ID, Username: `direct-${unique()}@example.test`, Password: strong }),
    );
    await expect(attempt).rejects.toMatchObject({ name: 'NotAuthorizedException' });
  });
});

describe('POST /api/accounts/password-reset', () => {
  it('answers the same whether or not the address has an account, and e-mails a code only to an owner; the code sets the password', async () => {
    const owner = await createTestUser({ email: `reset-${unique()}@example.test` });
    const stranger = `nobody-${unique()}@example.test`;
    const forOwner = await post('/api/accounts/password-reset', { email: owner.email, altcha: await solvedChallenge(api.baseUrl) });
    const forStranger = await post('/api/accounts/password-reset', { email: stranger, altcha: await solvedChallenge(api.baseUrl) });
    expect(forOwner.status).toBe(200);
    expect(forStranger.status).toBe(200);
    expect(forOwner.body.message).toBe(ACCOUNT_TEXTS.resetSent(owner.email));
    expect(forStranger.body).toEqual({ message: ACCOUNT_TEXTS.resetSent(stranger) });
    const [mail] = await waitForMail(testMailDir(), { to: owner.email, count: 1, timeoutMs: 5000 });
    expect(mail.subject).toBe(ACCOUNT_TEXTS.resetSubject);
    await new Promise((r) => setTimeout(r, 300));
    expect(await listMail(testMailDir(), { to: stranger })).toEqual([]);

    const weak = await post('/api/accounts/password-reset/confirm', {
      email: owner.email,
      code: codeIn(mail.text),
      newPassword: 'password1234',
    });
    expect(weak.status).toBe(400);
    expect(weak.body.error?.message).toContain(PASSWORD_TEXTS.tooWeak);
    const done = await post('/api/accounts/password-reset/confirm', { email: owner.email, code: codeIn(mail.text), newPassword: strong });
    expect(done).toEqual({ status: 200, body: { message: ACCOUNT_TEXTS.passwordChanged } });
    expect(await passwordWorks(owner.email, strong)).toBe(true);
    expect(await passwordWorks(owner.email, owner.password)).toBe(false);
  });

  it('refuses a reset request without a solved challenge', async () => {
    const res = await post('/api/accounts/password-reset', { email: 'someone@example.test', altcha: 'bm90IGEgcGF5bG9hZA==' });
    expect(res).toEqual({ status: 403, body: { error: expect.objectContaining({ message: CHALLENGE_TEXTS.failed }) } });
  });
});
