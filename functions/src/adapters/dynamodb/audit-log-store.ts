import { type DynamoDBDocumentClient, PutCommand, type PutCommandInput, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import type { AuditEntry } from '../../../../shared/schemas/admin.js';
import type { AuditLog } from '../../domain/admin/ports.js';
import { queryAll } from './query-all.js';
import { type Item, str } from './item-fields.js';
import { byGsi, page } from './paging.js';
import { auditPut } from './audited-write.js';

// Pattern 34.
export function auditLog(ddb: DynamoDBDocumentClient, tableName: string, now: () => Date = () => new Date()): AuditLog {
  return {
    async record(entry) {
      await ddb.send(new PutCommand(auditPut(tableName, entry, now().toISOString()).Put as PutCommandInput));
    },
    async between(from, to) {
      return (
        await queryAll(ddb, {
          TableName: tableName,
          IndexName: 'gsi2',
          KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk BETWEEN :from AND :to',
          // Sort keys are `${createdAt}#${id}`: an entry made at `to` itself sorts after `to`.
          ExpressionAttributeValues: { ':pk': 'AUDIT', ':from': from, ':to': to },
        })
      ).map(auditFromItem);
    },
    async list(filter, cursor, limit) {
      let input: QueryCommandInput;
      if (filter.action && filter.resource) input = byGsi(tableName, 'gsi3', `AUDIT#${filter.action}#${filter.resource}`);
      else if (filter.action) input = byGsi(tableName, 'gsi1', `AUDITACT#${filter.action}`);
      else if (filter.resource)
        input = {
          TableName: tableName,
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': `AUDITRES#${filter.resource}` },
          ScanIndexForward: false,
        };
      else input = byGsi(tableName, 'gsi2', 'AUDIT');
      const res = await page(ddb, input, cursor, limit);
      return {
        nextCursor: res.nextCursor,
        items: res.items.map(auditFromItem),
      };
    },
  };
}

function auditFromItem(i: Item): AuditEntry {
  return {
    id: String(i.id),
    adminUserId: String(i.adminUserId),
    action: i.action as AuditEntry['action'],
    resourceType: i.resourceType as AuditEntry['resourceType'],
    resourceId: String(i.resourceId),
    details: (i.details as Record<string, unknown>) ?? {},
    ipAddress: str(i.ipAddress),
    userAgent: str(i.userAgent),
    createdAt: String(i.createdAt),
  };
}
