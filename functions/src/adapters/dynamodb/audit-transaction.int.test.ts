import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestTable } from '../../../../dev/testing/harness.js';
import type { Promotion } from '../../../../shared/schemas/admin.js';
import type { NewAuditEntry } from '../../domain/admin/ports.js';
import { adminUserStore } from './admin-user-store.js';
import { auditLog } from './audit-log-store.js';
import { promotionStore } from './promotion-store.js';
import { ddb } from './client.js';
import { keys } from './keys.js';

/**
 * Issue 23: a staff action's audit entry is written in the same DynamoDB transaction
 * (TransactWriteItems) as the change it records, against DynamoDB Local: a change whose condition
 * fails leaves no entry, an entry that cannot be stored leaves no change, and a change that
 * succeeds leaves exactly one entry.
 */
let tableName: string;
let drop: () => Promise<void>;

const entry = (over: Partial<NewAuditEntry> = {}): NewAuditEntry => ({
  adminUserId: 'staff-1',
  action: 'update',
  resourceType: 'user',
  resourceId: 'u-1',
  details: { change: 'account_status', from: 'active', to: 'suspended' },
  ipAddress: '203.0.113.7',
  userAgent: 'audit-int-test',
  ...over,
});
const allEntries = async () => (await auditLog(ddb, tableName).list({}, undefined, 100)).items;
const profile = async (userId: string) =>
  (await ddb.send(new GetCommand({ TableName: tableName, Key: keys.profile(userId), ConsistentRead: true }))).Item;

beforeAll(async () => {
  ({ tableName, drop } = await createTestTable('audittx'));
  await ddb.send(
    new PutCommand({
      TableName: tableName,
      Item: { ...keys.profile('u-1'), userId: 'u-1', accountStatus: 'active', createdAt: '2026-01-01T00:00:00.000Z' },
    }),
  );
});
afterAll(() => drop?.());

describe('audit entries commit with their change', () => {
  it('a change whose condition fails writes no audit entry', async () => {
    // Prepare: a user with no profile and a promotion that does not exist (both writes are conditional).
    const ghost: Promotion = {
      id: 'no-such-promo',
      title: 'Ghost',
      content: '',
      imageUrl: null,
      linkUrl: null,
      position: 'hero',
      isActive: true,
      startDate: null,
      endDate: null,
      createdAt: '2026-01-01T00:00:00.000Z',
    };

    // Act
    // Both settle before either is inspected: a rejection with no handler yet would be "unhandled".
    const [suspend, remove] = await Promise.allSettled([
      adminUserStore(ddb, tableName).setStatus('no-such-user', 'suspended', 'job-1', new Date().toISOString(), entry()),
      promotionStore(ddb, tableName).delete(ghost, entry({ action: 'delete', resourceType: 'promotion' })),
    ]);

    // Assess
    expect(suspend).toMatchObject({ status: 'rejected', reason: { name: 'ConditionalCheckFailedException' } });
    expect(remove).toMatchObject({ status: 'rejected', reason: { name: 'ConditionalCheckFailedException' } });
    expect(await allEntries()).toEqual([]);
  });

  it('an audit entry that cannot be stored leaves the change unmade', async () => {
    // Prepare: details past DynamoDB's 400 KB item limit, so the entry's Put is refused.
    const tooBig = entry({ details: { note: 'x'.repeat(410 * 1024) } });

    // Act
    const suspend = adminUserStore(ddb, tableName).setStatus('u-1', 'suspended', 'job-1', new Date().toISOString(), tooBig);

    // Assess: the whole transaction is refused; the profile is as it was.
    await expect(suspend).rejects.toThrow();
    expect(await profile('u-1')).toMatchObject({ accountStatus: 'active' });
    expect(await allEntries()).toEqual([]);
  });

  it('a change that succeeds is stored with exactly one entry', async () => {
    // Act
    await adminUserStore(ddb, tableName).setStatus('u-1', 'suspended', 'job-1', '2026-11-27T09:00:00.000Z', entry());

    // Assess
    expect(await profile('u-1')).toMatchObject({ accountStatus: 'suspended', updatedAt: '2026-11-27T09:00:00.000Z' });
    expect(await allEntries()).toEqual([
      expect.objectContaining({
        adminUserId: 'staff-1',
        action: 'update',
        resourceType: 'user',
        resourceId: 'u-1',
        userAgent: 'audit-int-test',
      }),
    ]);
  });
});
