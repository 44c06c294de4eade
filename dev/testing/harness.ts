/**
 * Helpers for integration tests (`*.int.test.ts`), on top of the stand-ins started by
 * dev/testing/global-setup.ts. Each test file gets a table of its own, so files run in parallel.
 *
 *   let api: TestApi;
 *   beforeAll(async () => { api = await startTestApi(); });
 *   afterAll(() => api.close());
 *
 * Work sent to a queue (functions/src/queues.ts) goes through SQS, as from a function: to the
 * test API's SQS endpoint, at the URL the synthesized template gives the queue; the row's worker
 * runs in this process. `await api.queues.idle()` waits until the queues are drained.
 * Events go through EventBridge the same way: PutEvents to the test API's EventBridge endpoint, to
 * the bus name the template gives the functions (EVENT_BUS_NAME); the consumers (events.ts) run in
 * this process. `await api.server.bus.idle()` waits until they have finished.
 */
import '../lib/quiet-sdk.js';
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  AssociateSoftwareTokenCommand,
  type CognitoIdentityProviderClient,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  SetUserMFAPreferenceCommand,
  VerifySoftwareTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { DeleteTableCommand } from '@aws-sdk/client-dynamodb';
import { inject } from 'vitest';
import { type ApiServer, startApiServer } from '../api-server.js';
import { createConfirmedUser, ensureTable, makeCognitoClient } from '../bootstrap.js';
import { makeDynamoClient } from '../stand-ins/dynamodb-local.js';
import { createLocalBus, type LocalBus } from '../local-bus.js';
import type { EventSubscription } from '../../functions/src/events.js';
import type { LocalQueueOptions } from '../local-queue.js';
import { windowStartOf } from '../../functions/src/domain/rate-limit.js';
import { freshTotpCode, totpCode } from './totp.js';

let applied = false;

/**
 * The handler environment from the global setup, applied to process.env once per test file
 * (worker); later calls return it without touching what the file has set since (TABLE_NAME,
 * SMTP_PORT of a catcher of its own, …).
 */
export function applyLocalCloudEnv(): Record<string, string> {
  const env = inject('localCloudEnv');
  if (!env) throw new Error('No local cloud: run integration tests with `vitest --project int` (dev/testing/global-setup.ts)');
  if (!applied) {
    Object.assign(process.env, env);
    applied = true;
  }
  return env;
}

/** The handler environment as this file currently has it (global values plus the file's own changes). */
function currentEnv(): Record<string, string> {
  const env = applyLocalCloudEnv();
  return Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k] ?? env[k]]));
}

/** Where the shared mail catcher keeps messages (dev/mail/store.ts listMail/waitForMail read it). */
export function testMailDir(): string {
  return inject('localMailDir');
}

const rand = () => randomBytes(4).toString('hex');

/**
 * Creates a fresh table (same definition as production, from table.ts) with a unique name and
 * makes it the handlers' TABLE_NAME. Returns the name and a function that deletes it.
 */
export async function createTestTable(prefix = 'int'): Promise<{ tableName: string; drop: () => Promise<void> }> {
  const env = applyLocalCloudEnv();
  const tableName = `${prefix.replace(/[^A-Za-z0-9_.-]/g, '-')}-${Date.now().toString(36)}-${rand()}`;
  const ddb = makeDynamoClient(env.AWS_ENDPOINT_URL_DYNAMODB);
  await ensureTable(ddb, tableName);
  process.env.TABLE_NAME = tableName;
  return {
    tableName,
    drop: async () => {
      await ddb.send(new DeleteTableCommand({ TableName: tableName })).catch(() => undefined);
      ddb.destroy();
    },
  };
}

export interface TestApi {
  /** e.g. http://localhost:40123 — fetch(`${baseUrl}/api/listings`). */
  baseUrl: string;
  tableName: string;
  server: ApiServer;
  /**
   * The work queues behind this server's SQS endpoint (/_aws/sqs): `idle()` resolves once every
   * message sent so far has been delivered (or dead-lettered) and the workers have finished;
   * `refuseSends()` makes SQS refuse sends until its returned function is called. Queue work
   * belongs to a file's one test API: the SQS client keeps the endpoint it first sent to (so does
   * the publisher's EventBridge client: a file's events go to the first test API it published to).
   */
  queues: ApiServer['queues'];
  /** Where this server's local WhatsApp endpoint records messages (dev/whatsapp). */
  whatsappDir: string;
  close(): Promise<void>;
}

/** A fresh table plus the local API server (all routes.ts rows, the JWT authorizer) on a free port. */
export async function startTestApi(
  opts: {
    webDir?: string;
    tablePrefix?: string;
    /** Only these event consumers run on the server's bus (default: every events.ts row). */
    subscriptions?: EventSubscription[];
    /** The bus behind the server's EventBridge endpoint, given whole (to see what reaches which consumer). */
    bus?: LocalBus;
    /** false: start without running the deploy step (no tiers, no search snapshot), as before a first deploy. */
    deployData?: boolean;
    /** The work queues' worker loader (to make a run fail, say) and redelivery delay. */
    queues?: Pick<LocalQueueOptions, 'load' | 'retryDelayMs'>;
  } = {},
): Promise<TestApi> {
  const table = await createTestTable(opts.tablePrefix);
  const whatsappDir = path.join(os.tmpdir(), `truckyard-whatsapp-${table.tableName}`);
  const server = await startApiServer({
    port: 0,
    env: { ...currentEnv(), TABLE_NAME: table.tableName },
    webDir: opts.webDir,
    mailDir: testMailDir(),
    whatsappDir,
    // The synthesized app: its work queues on this server's SQS endpoint, at the template's URLs, and
    // its bus on this server's EventBridge endpoint, by the template's name.
    templates: inject('localCloudTemplates'),
    queues: opts.queues,
    bus: opts.bus ?? (opts.subscriptions ? createLocalBus({ subscriptions: opts.subscriptions, log: () => undefined }) : undefined),
  });
  process.env.SITE_URL = server.url;
  // As the local cloud's start and a first deploy: the plans and the first search snapshot.
  if (opts.deployData !== false) await runDeployData();
  return {
    baseUrl: server.url,
    tableName: table.tableName,
    server,
    queues: server.queues,
    whatsappDir,
    close: async () => {
      await server.close();
      await table.drop();
      await rm(whatsappDir, { recursive: true, force: true });
    },
  };
}

/**
 * Runs the deploy step (functions/src/deploy/deploy-data.ts) for this file's table, as a first
 * deploy does: Stripe prices (on the server's stand-in) and tier items from PLANS, and a search
 * snapshot with the first screens built from the table. startTestApi runs it once; a test that
 * writes listings straight to the table with past change times runs it again, as the local cloud
 * runs it after its seed, since search follows the change feed only from its snapshot on.
 */
export async function runDeployData() {
  const { runDeployDataLocally } = await import('../../functions/src/deploy/deploy-data.js');
  return runDeployDataLocally();
}

export interface TestUser {
  userId: string;
  email: string;
  password: string;
  name: string;
  accessToken: string;
  idToken: string;
  refreshToken: string;
  /** The authenticator (TOTP) secret, base32, when the user has TOTP set up. */
  totpSecret?: string;
}

const STAFF_GROUPS = new Set(['admins', 'super_admins']);

/**
 * A confirmed user (in `groups`, if any) signed in with USER_PASSWORD_AUTH.
 *
 * `totp` (default: on for staff, i.e. the admins or super_admins group, as the admin API requires)
 * sets up an authenticator app the way the web does, through Cognito's own calls
 * (AssociateSoftwareToken, VerifySoftwareToken, SetUserMFAPreference), then signs in again through
 * the SOFTWARE_TOKEN_MFA challenge; the returned tokens are from that sign-in, and `totpSecret` is
 * the secret to compute further codes from (dev/testing/totp.ts).
 */
export async function createTestUser(
  opts: { groups?: string[]; email?: string; password?: string; name?: string; phone?: string; totp?: boolean } = {},
): Promise<TestUser> {
  const env = applyLocalCloudEnv();
  const cognito = makeCognitoClient(env.AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER);
  const ids = { userPoolId: env.COGNITO_USER_POOL_ID, clientId: env.COGNITO_CLIENT_ID };
  const email = opts.email ?? `user-${Date.now().toString(36)}-${rand()}@example.test`;
  const password = opts.password ?? `Pw-${rand()}-${rand()}`;
  const name = opts.name ?? 'Test User';
  const totp = opts.totp ?? (opts.groups ?? []).some((g) => STAFF_GROUPS.has(g));
  try {
    const userId = await createConfirmedUser(cognito, ids, { email, password, name, phone: opts.phone, groups: opts.groups });
    const auth = await cognito.send(
      new InitiateAuthCommand({
        ClientId: ids.clientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: email, PASSWORD: password },
      }),
    );
    let tokens = auth.AuthenticationResult;
    if (!tokens?.AccessToken || !tokens.IdToken || !tokens.RefreshToken) throw new Error(`cognito-local did not sign ${email} in`);
    let totpSecret: string | undefined;
    if (totp) {
      totpSecret = await setUpTotp(cognito, tokens.AccessToken);
      tokens = await signInWithTotp(cognito, ids.clientId, email, password, totpSecret);
    }
    return {
      userId,
      email,
      password,
      name,
      accessToken: tokens.AccessToken as string,
      idToken: tokens.IdToken as string,
      refreshToken: tokens.RefreshToken as string,
      ...(totpSecret ? { totpSecret } : {}),
    };
  } finally {
    cognito.destroy();
  }
}

/** Sets up and enables an authenticator app for the signed-in user, as the web's /admin set-up does; returns its secret. */
async function setUpTotp(cognito: CognitoIdentityProviderClient, accessToken: string): Promise<string> {
  const { SecretCode } = await cognito.send(new AssociateSoftwareTokenCommand({ AccessToken: accessToken }));
  if (!SecretCode) throw new Error('AssociateSoftwareToken returned no secret');
  await cognito.send(new VerifySoftwareTokenCommand({ AccessToken: accessToken, UserCode: totpCode(SecretCode) }));
  await cognito.send(
    new SetUserMFAPreferenceCommand({ AccessToken: accessToken, SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true } }),
  );
  return SecretCode;
}

/** Password, then the SOFTWARE_TOKEN_MFA challenge answered with a code not used before by this process. */
async function signInWithTotp(cognito: CognitoIdentityProviderClient, clientId: string, email: string, password: string, secret: string) {
  const first = await cognito.send(
    new InitiateAuthCommand({
      ClientId: clientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
  if (first.ChallengeName !== 'SOFTWARE_TOKEN_MFA')
    throw new Error(`expected the SOFTWARE_TOKEN_MFA challenge for ${email}, got ${first.ChallengeName}`);
  const { code } = await freshTotpCode(secret);
  const done = await cognito.send(
    new RespondToAuthChallengeCommand({
      ClientId: clientId,
      ChallengeName: 'SOFTWARE_TOKEN_MFA',
      Session: first.Session,
      ChallengeResponses: { USERNAME: email, SOFTWARE_TOKEN_MFA_CODE: code },
    }),
  );
  const tokens = done.AuthenticationResult;
  if (!tokens?.AccessToken || !tokens.IdToken || !tokens.RefreshToken) throw new Error(`no tokens after the TOTP challenge for ${email}`);
  return tokens;
}

/** A JSON answer as the tests read it: nested fields freely. */
export interface ApiAnswer {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: tests read nested JSON fields freely
  body: Record<string, any>;
}

/**
 * `call(method, path, who, body?)` against the test API that `server()` returns when called (the
 * file's `api`, started in beforeAll): `who`'s bearer token when given, the body as JSON, the
 * answer's JSON (or its text when it is not JSON) back.
 */
export function apiCaller(server: () => { baseUrl: string }, extraHeaders: Record<string, string> = {}) {
  return async (method: string, path: string, who: { accessToken: string } | null, body?: unknown): Promise<ApiAnswer> => {
    const headers: Record<string, string> = { ...extraHeaders };
    if (who) headers.authorization = `Bearer ${who.accessToken}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${server().baseUrl}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await res.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = text;
    }
    return { status: res.status, headers: res.headers, body: json as ApiAnswer['body'] };
  };
}

/** The WhatsApp messages the test API's local WhatsApp endpoint recorded (to one number, when given), oldest first. */
export async function whatsAppMessages(
  baseUrl: string,
  to?: string,
): Promise<Array<{ id: string; to: string; template: string; parameters: string[] }>> {
  const res = await fetch(`${baseUrl}/_dev/whatsapp/messages${to ? `?to=${encodeURIComponent(to)}` : ''}`);
  if (!res.ok) throw new Error(`GET /_dev/whatsapp/messages answered ${res.status}`);
  return ((await res.json()) as { messages: Array<{ id: string; to: string; template: string; parameters: string[] }> }).messages;
}

/**
 * Waits, when the current fixed rate-limit window (functions/src/domain/rate-limit.ts: counted per
 * clock-aligned window) has less than `needSeconds` left, until the next one starts: a test that
 * counts requests up to a limit and past it must not straddle two windows, where the count starts
 * again (seen at 18:00 on a loaded machine). Waits at most `needSeconds` + 1 s.
 */
export async function clearOfRateWindowEdge(windowSeconds: number, needSeconds = 90): Promise<void> {
  const nowSeconds = Date.now() / 1000;
  const left = windowStartOf(nowSeconds, windowSeconds) + windowSeconds - nowSeconds;
  if (left < needSeconds) await new Promise((resolve) => setTimeout(resolve, (left + 1) * 1000));
}
