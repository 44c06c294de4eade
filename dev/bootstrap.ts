/**
 * Idempotent provisioning of the local cloud: the table (from table.ts), the buckets, the user
 * pool, its app client and groups. Ids are kept in `<dataDir>/cloud.json` so restarts reuse them.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserMFAPreferenceCommand,
  AdminSetUserPasswordCommand,
  AdminUpdateUserAttributesCommand,
  CognitoIdentityProviderClient,
  CreateGroupCommand,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  DescribeUserPoolClientCommand,
  DescribeUserPoolCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { CreateTableCommand, DescribeTableCommand, type DynamoDBClient, UpdateTimeToLiveCommand } from '@aws-sdk/client-dynamodb';
import { GSIS, TABLE_KEYS, TTL_ATTRIBUTE } from '../functions/src/adapters/dynamodb/table.js';
import { LIMITS } from '../shared/constants.js';
import { ADMIN_GROUPS, type CognitoIds, LOCAL_CREDENTIALS, REGION } from './config.js';

export interface DemoLogin {
  role: string;
  email: string;
  password: string;
  /** Staff: the authenticator (TOTP) secret, base32, to add to an app or compute codes from. */
  totpSecret?: string;
}

/** What `.local/cloud.json` holds between runs. */
export interface CloudState {
  userPoolId?: string;
  clientId?: string;
  seededAt?: string;
  /** Hash of dev/seed/ when it ran, to tell the developer when the seed has changed since. */
  seedHash?: string;
  logins?: DemoLogin[];
}

export function readCloudState(dataDir: string): CloudState {
  const file = path.join(dataDir, 'cloud.json');
  if (!existsSync(file)) return {};
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as CloudState;
  } catch {
    return {};
  }
}

export function writeCloudState(dataDir: string, state: CloudState): void {
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(path.join(dataDir, 'cloud.json'), `${JSON.stringify(state, null, 2)}\n`);
}

const isNamed = (err: unknown, ...names: string[]) => err instanceof Error && names.includes(err.name);

/** Creates the single table with its keys, GSIs (all attributes projected) and TTL, unless it exists. */
export async function ensureTable(ddb: DynamoDBClient, tableName: string): Promise<'created' | 'exists'> {
  try {
    await ddb.send(new DescribeTableCommand({ TableName: tableName }));
    return 'exists';
  } catch (err) {
    if (!isNamed(err, 'ResourceNotFoundException')) throw err;
  }
  const keyAttrs = [TABLE_KEYS.partitionKey, TABLE_KEYS.sortKey, ...GSIS.flatMap((g) => [g.partitionKey, g.sortKey])];
  try {
    await ddb.send(
      new CreateTableCommand({
        TableName: tableName,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: [...new Set(keyAttrs)].map((name) => ({ AttributeName: name, AttributeType: 'S' })),
        KeySchema: [
          { AttributeName: TABLE_KEYS.partitionKey, KeyType: 'HASH' },
          { AttributeName: TABLE_KEYS.sortKey, KeyType: 'RANGE' },
        ],
        GlobalSecondaryIndexes: GSIS.map((g) => ({
          IndexName: g.indexName,
          KeySchema: [
            { AttributeName: g.partitionKey, KeyType: 'HASH' },
            { AttributeName: g.sortKey, KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        })),
      }),
    );
  } catch (err) {
    if (isNamed(err, 'ResourceInUseException')) return 'exists';
    throw err;
  }
  await ddb.send(
    new UpdateTimeToLiveCommand({ TableName: tableName, TimeToLiveSpecification: { AttributeName: TTL_ATTRIBUTE, Enabled: true } }),
  );
  return 'created';
}

export function makeCognitoClient(endpoint: string): CognitoIdentityProviderClient {
  return new CognitoIdentityProviderClient({ endpoint, region: REGION, credentials: LOCAL_CREDENTIALS });
}

async function poolAndClientExist(cognito: CognitoIdentityProviderClient, ids: Partial<CognitoIds>): Promise<boolean> {
  if (!ids.userPoolId || !ids.clientId) return false;
  try {
    await cognito.send(new DescribeUserPoolCommand({ UserPoolId: ids.userPoolId }));
    await cognito.send(new DescribeUserPoolClientCommand({ UserPoolId: ids.userPoolId, ClientId: ids.clientId }));
    return true;
  } catch (err) {
    if (isNamed(err, 'ResourceNotFoundException')) return false;
    throw err;
  }
}

/**
 * Reuses the pool and client named in `known` when cognito-local still has them, else creates a
 * pool (email as username, passwords of 8+), a public app client (USER_PASSWORD_AUTH, refresh)
 * and the admin groups. `created` tells the caller that earlier users (and seed data) are gone.
 */
export async function ensureUserPool(
  cognito: CognitoIdentityProviderClient,
  known: Partial<CognitoIds> = {},
): Promise<CognitoIds & { created: boolean }> {
  if (await poolAndClientExist(cognito, known)) {
    return { userPoolId: known.userPoolId!, clientId: known.clientId!, created: false };
  }
  const pool = await cognito.send(
    new CreateUserPoolCommand({
      PoolName: 'truckyard-local',
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      // As the CDK pool (infra/lib/auth-stack.ts): MFA optional, TOTP only; users with TOTP enabled get the code step.
      MfaConfiguration: 'OPTIONAL',
      // As in AWS (infra/lib/auth-stack.ts): Cognito's own SignUp is closed (the stand-in refuses
      // it too, dev/stand-ins/cognito.ts); our API creates accounts with AdminCreateUser.
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: true },
      Policies: {
        PasswordPolicy: {
          MinimumLength: LIMITS.minPasswordLength,
          RequireLowercase: false,
          RequireUppercase: false,
          RequireNumbers: false,
          RequireSymbols: false,
        },
      },
      Schema: [
        { Name: 'email', AttributeDataType: 'String', Required: true, Mutable: true },
        { Name: 'name', AttributeDataType: 'String', Mutable: true },
        { Name: 'phone_number', AttributeDataType: 'String', Mutable: true },
      ],
    }),
  );
  const userPoolId = pool.UserPool?.Id;
  if (!userPoolId) throw new Error('cognito-local returned no user pool id');
  const client = await cognito.send(
    new CreateUserPoolClientCommand({
      UserPoolId: userPoolId,
      ClientName: 'truckyard-web',
      GenerateSecret: false,
      ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
    }),
  );
  const clientId = client.UserPoolClient?.ClientId;
  if (!clientId) throw new Error('cognito-local returned no app client id');
  for (const group of ADMIN_GROUPS) {
    try {
      await cognito.send(new CreateGroupCommand({ UserPoolId: userPoolId, GroupName: group }));
    } catch (err) {
      if (!isNamed(err, 'GroupExistsException')) throw err;
    }
  }
  return { userPoolId, clientId, created: true };
}

export interface NewUser {
  email: string;
  password: string;
  name: string;
  phone?: string;
  groups?: string[];
  /**
   * A fixed base32 authenticator (TOTP) secret to set up and enable for the user (the seeded staff).
   * Only the local stand-in can take a chosen secret (its LocalAdminSetSoftwareToken call).
   */
  totpSecret?: string;
}

/**
 * Creates a user as our sign-up does (AdminCreateUser, then a permanent password), marks the
 * e-mail verified and adds them to `groups`. Returns the user's `sub`. Safe to call again for an
 * existing e-mail (returns its sub).
 */
export async function createConfirmedUser(cognito: CognitoIdentityProviderClient, ids: CognitoIds, user: NewUser): Promise<string> {
  const attributes = [
    { Name: 'email', Value: user.email },
    { Name: 'name', Value: user.name },
    ...(user.phone ? [{ Name: 'phone_number', Value: user.phone }] : []),
  ];
  let sub: string | undefined;
  try {
    const res = await cognito.send(
      new AdminCreateUserCommand({
        UserPoolId: ids.userPoolId,
        Username: user.email,
        MessageAction: 'SUPPRESS',
        UserAttributes: attributes,
      }),
    );
    sub = res.User?.Attributes?.find((a) => a.Name === 'sub')?.Value;
    await cognito.send(
      new AdminSetUserPasswordCommand({ UserPoolId: ids.userPoolId, Username: user.email, Password: user.password, Permanent: true }),
    );
  } catch (err) {
    if (!isNamed(err, 'UsernameExistsException')) throw err;
  }
  // Verified, as our verification route leaves an account (sign-in refuses unverified ones).
  await cognito.send(
    new AdminUpdateUserAttributesCommand({
      UserPoolId: ids.userPoolId,
      Username: user.email,
      UserAttributes: [
        { Name: 'email', Value: user.email },
        { Name: 'email_verified', Value: 'true' },
      ],
    }),
  );
  if (!sub) {
    const existing = await cognito.send(new AdminGetUserCommand({ UserPoolId: ids.userPoolId, Username: user.email }));
    sub = existing.UserAttributes?.find((a) => a.Name === 'sub')?.Value;
  }
  if (!sub) throw new Error(`cognito-local returned no sub for ${user.email}`);
  for (const group of user.groups ?? []) {
    await cognito.send(new AdminAddUserToGroupCommand({ UserPoolId: ids.userPoolId, Username: user.email, GroupName: group }));
  }
  if (user.totpSecret) await setUpFixedTotp(cognito, ids, user.email, user.totpSecret);
  return sub;
}

/**
 * Gives a user of the local stand-in an authenticator app with a chosen secret, and turns TOTP on
 * as their preferred MFA (then every sign-in asks for a code, as in AWS). In AWS the secret always
 * comes from AssociateSoftwareToken; the stand-in's LocalAdminSetSoftwareToken stores a given one.
 */
async function setUpFixedTotp(cognito: CognitoIdentityProviderClient, ids: CognitoIds, username: string, secret: string): Promise<void> {
  const endpoint = await cognito.config.endpoint?.();
  if (!endpoint) throw new Error('setUpFixedTotp: the Cognito client has no endpoint (only the local stand-in takes a fixed secret)');
  const url = `${endpoint.protocol}//${endpoint.hostname}${endpoint.port ? `:${endpoint.port}` : ''}${endpoint.path}`;
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'AWSCognitoIdentityProviderService.LocalAdminSetSoftwareToken',
    },
    body: JSON.stringify({ UserPoolId: ids.userPoolId, Username: username, SecretCode: secret }),
  });
  if (!res.ok) throw new Error(`LocalAdminSetSoftwareToken for ${username} failed: ${res.status} ${await res.text()}`);
  await cognito.send(
    new AdminSetUserMFAPreferenceCommand({
      UserPoolId: ids.userPoolId,
      Username: username,
      SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
    }),
  );
}

/** A content hash of every file under the seed folder ('' when there is none). */
function seedSourceHash(dir: string): string {
  if (!existsSync(dir)) return '';
  const hash = createHash('sha256');
  const walk = (d: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const p = path.join(d, entry.name);
      if (entry.isDirectory()) walk(p);
      else hash.update(entry.name).update(readFileSync(p));
    }
  };
  walk(dir);
  return hash.digest('hex').slice(0, 16);
}

interface SeedContext {
  env: Record<string, string>;
  createConfirmedUser: (u: NewUser) => Promise<string>;
  log: (msg: string) => void;
}
type SeedFn = (ctx: SeedContext) => Promise<{ logins: DemoLogin[] }>;

/**
 * Runs `dev/seed/index.ts`'s `seedDemoData` once per data directory (marker in cloud.json) and
 * returns the demo logins to print (stored, so every start can print them).
 */
export async function seedOnce(opts: {
  dataDir: string;
  env: Record<string, string>;
  cognito: CognitoIdentityProviderClient;
  ids: CognitoIds;
  log: (msg: string) => void;
  seedModulePath: string;
}): Promise<DemoLogin[]> {
  const state = readCloudState(opts.dataDir);
  const hash = seedSourceHash(path.dirname(opts.seedModulePath));
  if (state.seededAt) {
    if (state.seedHash && hash && state.seedHash !== hash) {
      opts.log('dev/seed has changed since the demo data was written: `npm run reset` then `npm start` to reseed.');
    }
    return state.logins ?? [];
  }
  if (!existsSync(opts.seedModulePath)) {
    opts.log(`⚠ No seed module at ${path.relative(process.cwd(), opts.seedModulePath)} yet: starting with no demo data.`);
    return [];
  }
  const mod = (await import(opts.seedModulePath)) as { seedDemoData?: SeedFn };
  if (typeof mod.seedDemoData !== 'function') {
    opts.log('⚠ dev/seed/index.ts does not export seedDemoData: starting with no demo data.');
    return [];
  }
  const result = await mod.seedDemoData({
    env: opts.env,
    createConfirmedUser: (u) => createConfirmedUser(opts.cognito, opts.ids, u),
    log: opts.log,
  });
  const logins = result?.logins ?? [];
  writeCloudState(opts.dataDir, { ...readCloudState(opts.dataDir), seededAt: new Date().toISOString(), seedHash: hash, logins });
  return logins;
}
