import { GetObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestTable } from '../../../dev/testing/harness.js';
import type { AuditEntry } from '../../../shared/schemas/admin.js';
import { auditLog } from '../adapters/dynamodb/audit-log-store.js';
import { ddb } from '../adapters/dynamodb/client.js';
import { s3 } from '../adapters/s3/client.js';
import { config } from '../config.js';
import type { NewAuditEntry } from '../domain/admin/ports.js';

/**
 * The nightly audit archive (jobs.ts ArchiveAuditLog, issue 23) against the local stand-ins:
 * DynamoDB Local's audit entries of one UK day, copied by the job's handler to the audit archive
 * bucket (s3rver, which does not enforce Object Lock: docs/local-cloud.md).
 */
let drop: () => Promise<void>;

const entry = (resourceId: string): NewAuditEntry => ({
  adminUserId: 'staff-1',
  action: 'read',
  resourceType: 'inbox',
  resourceId,
  details: { count: 1 },
  ipAddress: null,
  userAgent: null,
});

beforeAll(async () => {
  let tableName: string;
  ({ tableName, drop } = await createTestTable('auditarchive'));
  // Around UK day 2026-07-14 (BST): it runs from 2026-07-13T23:00Z to 2026-07-14T23:00Z.
  const at = (iso: string, id: string) => auditLog(ddb, tableName, () => new Date(iso)).record(entry(id));
  await at('2026-07-13T22:59:59.999Z', 'day-before');
  await at('2026-07-13T23:00:00.000Z', 'first');
  await at('2026-07-14T12:00:00.000Z', 'middle');
  await at('2026-07-14T22:59:59.999Z', 'last');
  await at('2026-07-14T23:00:00.000Z', 'day-after');
});
afterAll(() => drop?.());

describe('ArchiveAuditLog', () => {
  it("copies exactly one UK day's entries, oldest first, to the archive bucket", async () => {
    // Act: the job's own handler, as `npm run job -- ArchiveAuditLog` runs it, for that day.
    const { handler } = await import('./archive-audit-log.js');
    const result = await handler({ day: '2026-07-14' });

    // Assess
    expect(result).toEqual({ day: '2026-07-14', key: 'audit/2026/07/2026-07-14.jsonl', entries: 3 });
    const object = await s3.send(new GetObjectCommand({ Bucket: config.bucketName('audit-archive'), Key: result.key }));
    const lines = ((await object.Body?.transformToString()) ?? '').trim().split('\n');
    const archived = lines.map((l) => JSON.parse(l) as AuditEntry);
    expect(archived.map((e) => e.resourceId)).toEqual(['first', 'middle', 'last']);
    expect(archived[0]).toMatchObject({
      adminUserId: 'staff-1',
      action: 'read',
      resourceType: 'inbox',
      createdAt: '2026-07-13T23:00:00.000Z',
    });
  });
});
