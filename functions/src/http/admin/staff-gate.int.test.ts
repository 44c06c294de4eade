import { ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApi, type TestUser, createTestUser, startTestApi } from '../../../../dev/testing/harness.js';
import { ddb } from '../../adapters/dynamodb/client.js';
import { keys } from '../../adapters/dynamodb/keys.js';
import { routes } from '../../routes.js';

/**
 * Issue 23: EVERY row of functions/src/routes.ts under /api/admin/ (HEAD twins included, whatever
 * file adds it) goes through the staff gate (http/admin/deps.ts adminHandler): no token → 401, a
 * buyer → 403, a suspended admin → 403 SUSPENDED, staff without an authenticator app → 403
 * MFA_REQUIRED, with nothing written. The probes are built from the rows themselves, so a row added
 * without the gate fails here with no change to this file.
 */
const ADMIN_PREFIX = '/api/admin/';
const adminRows = routes.filter((r) => r.path.startsWith(ADMIN_PREFIX));
const UNKNOWN = '01JUNKNOWN0000000000000000';

let api: TestApi;
let buyer: TestUser;
let suspendedAdmin: TestUser;
let suspendedSuperAdmin: TestUser;
let superAdminWithoutTotp: TestUser;

type Res = { status: number; code?: string };

async function call(method: string, path: string, who: TestUser | null): Promise<Res> {
  const headers: Record<string, string> = {};
  if (who) headers.authorization = `Bearer ${who.accessToken}`;
  const hasBody = method !== 'GET' && method !== 'HEAD';
  if (hasBody) headers['content-type'] = 'application/json';
  const res = await fetch(`${api.baseUrl}${path}`, { method, headers, body: hasBody ? '{}' : undefined });
  const text = method === 'HEAD' ? '' : await res.text();
  let code: string | undefined;
  try {
    code = text ? (JSON.parse(text) as { error?: { code?: string } }).error?.code : undefined;
  } catch {
    code = undefined;
  }
  return { status: res.status, code };
}

async function suspend(who: TestUser) {
  expect((await call('GET', '/api/me', who)).status).toBe(200);
  await ddb.send(
    new UpdateCommand({
      TableName: api.tableName,
      Key: keys.profile(who.userId),
      UpdateExpression: 'SET accountStatus = :s',
      ExpressionAttributeValues: { ':s': 'suspended' },
    }),
  );
}

async function snapshot(): Promise<string> {
  const items: Record<string, unknown>[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const res = await ddb.send(new ScanCommand({ TableName: api.tableName, ExclusiveStartKey, ConsistentRead: true }));
    items.push(...(res.Items ?? []));
    ExclusiveStartKey = res.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return JSON.stringify(items.sort((a, b) => `${a.pk}${a.sk}`.localeCompare(`${b.pk}${b.sk}`)));
}

/** The row's path with every parameter filled by an id nobody has. */
const probePath = (path: string) => path.replace(/\{[^}]+\}/g, UNKNOWN);

beforeAll(async () => {
  api = await startTestApi({ tablePrefix: 'staffgate' });
  [buyer, suspendedAdmin, suspendedSuperAdmin, superAdminWithoutTotp] = await Promise.all([
    createTestUser({ name: 'Bea Buyer' }),
    createTestUser({ name: 'Sue Suspended', groups: ['admins'] }),
    createTestUser({ name: 'Stu Suspended', groups: ['super_admins'] }),
    createTestUser({ name: 'Nat No-TOTP', groups: ['super_admins'], totp: false }),
  ]);
  await Promise.all([suspend(suspendedAdmin), suspend(suspendedSuperAdmin)]);
  expect((await call('GET', '/api/me', buyer)).status).toBe(200);
}, 60_000);
afterAll(() => api?.close());

describe('the staff gate on every /api/admin/* row', () => {
  it('covers the whole route table, and every such row needs a staff group', () => {
    expect(adminRows.length).toBeGreaterThan(30);
    expect(adminRows.filter((r) => r.auth !== 'admin' && r.auth !== 'superAdmin').map((r) => r.id)).toEqual([]);
  });

  it('refuses no token (401), a buyer (403), a suspended admin (403 SUSPENDED) and staff without TOTP (403 MFA_REQUIRED), writing nothing', async () => {
    const before = await snapshot();
    const wrong: string[] = [];
    for (const row of adminRows) {
      const path = probePath(row.path);
      const expectations: Array<[TestUser | null, string, number, string | undefined]> = [
        [null, 'no token', 401, undefined],
        [buyer, 'a buyer', 403, undefined],
        // The super admin passes every row's group check, so only the gate itself can refuse them.
        [suspendedSuperAdmin, 'a suspended super admin', 403, 'SUSPENDED'],
        [superAdminWithoutTotp, 'a super admin without TOTP', 403, 'MFA_REQUIRED'],
      ];
      if (row.auth === 'admin') expectations.push([suspendedAdmin, 'a suspended admin', 403, 'SUSPENDED']);
      for (const [who, label, status, code] of expectations) {
        const res = await call(row.method, path, who);
        // HEAD answers carry no body: the status must still be the refusal.
        const codeOk = code === undefined || row.method === 'HEAD' || res.code === code;
        if (res.status !== status || !codeOk)
          wrong.push(`${row.id} ${row.method} ${row.path} as ${label}: ${res.status} ${res.code ?? ''}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(await snapshot()).toBe(before);
  });
});
