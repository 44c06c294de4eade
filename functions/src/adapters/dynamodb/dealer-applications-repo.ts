import { type DynamoDBDocumentClient, GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { DealerApplication } from '../../../../shared/schemas/dealer.js';
import type { DealerApplicationStore } from '../../domain/dealers/ports.js';
import { auditPut, writeAudited } from './audited-write.js';
import { byGsi, page } from './paging.js';
import { COUNTER, counterUpdateItems } from './counters.js';
import { keys } from './keys.js';

const isConditionFailure = (err: unknown) => {
  const e = err as { name?: string; CancellationReasons?: Array<{ Code?: string }> };
  return (
    e?.name === 'ConditionalCheckFailedException' ||
    (e?.name === 'TransactionCanceledException' && (e.CancellationReasons ?? []).some((r) => r.Code === 'ConditionalCheckFailed'))
  );
};

const KEY_ATTRIBUTES = ['pk', 'sk', 'gsi2pk', 'gsi2sk', 'type'];

function applicationFromItem(item: Record<string, unknown>): DealerApplication {
  const out: Record<string, unknown> = { ...item };
  for (const k of KEY_ATTRIBUTES) delete out[k];
  return { decidedAt: null, ...out } as DealerApplication;
}

/**
 * Dealer applications (pattern 56: pk USER#<sub>, sk DEALERAPP; pending ones on GSI2
 * `DEALERAPPS#pending`) and the profile's mirror of their state (`dealerStatus`), written together.
 */
export function dealerApplicationStore(ddb: DynamoDBDocumentClient, tableName: string): DealerApplicationStore {
  return {
    async submit(app) {
      try {
        await ddb.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Put: {
                  TableName: tableName,
                  Item: {
                    ...keys.dealerApplication(app.userId),
                    ...keys.dealerApplicationsPending(app.submittedAt, app.userId),
                    type: 'DealerApplication',
                    ...app,
                  },
                  // A refused applicant may apply again; a pending or approved one may not.
                  ConditionExpression: 'attribute_not_exists(pk) OR #status = :refused',
                  ExpressionAttributeNames: { '#status': 'status' },
                  ExpressionAttributeValues: { ':refused': 'refused' },
                },
              },
              {
                Update: {
                  TableName: tableName,
                  Key: keys.profile(app.userId),
                  UpdateExpression: 'SET dealerStatus = :pending, updatedAt = :at',
                  ConditionExpression: 'attribute_exists(pk)',
                  ExpressionAttributeValues: { ':pending': 'pending', ':at': app.submittedAt },
                },
              },
            ],
          }),
        );
        return true;
      } catch (err) {
        if (isConditionFailure(err)) return false;
        throw err;
      }
    },

    async get(userId) {
      const res = await ddb.send(new GetCommand({ TableName: tableName, Key: keys.dealerApplication(userId), ConsistentRead: true }));
      return res.Item ? applicationFromItem(res.Item) : null;
    },

    // Pattern 56 on GSI2: pending applications, oldest first (first come, first reviewed).
    async listPending(cursor, limit) {
      const res = await page(ddb, { ...byGsi(tableName, 'gsi2', 'DEALERAPPS#pending'), ScanIndexForward: true }, cursor, limit);
      return { items: res.items.map(applicationFromItem), nextCursor: res.nextCursor };
    },

    async decide(userId, decision, at, by, audit) {
      const status = decision === 'approve' ? 'approved' : 'refused';
      const profile = await ddb.send(new GetCommand({ TableName: tableName, Key: keys.profile(userId), ConsistentRead: true }));
      // An approved individual account becomes a dealer account (the Users filters and the dealer count follow).
      const becomesDealer = status === 'approved' && profile.Item?.accountType !== 'dealer';
      try {
        await ddb.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Update: {
                  TableName: tableName,
                  Key: keys.dealerApplication(userId),
                  UpdateExpression: 'SET #status = :status, decidedAt = :at, decidedBy = :by REMOVE gsi2pk, gsi2sk',
                  ConditionExpression: '#status = :pending',
                  ExpressionAttributeNames: { '#status': 'status' },
                  ExpressionAttributeValues: { ':status': status, ':at': at, ':by': by, ':pending': 'pending' },
                },
              },
              {
                Update: {
                  TableName: tableName,
                  Key: keys.profile(userId),
                  UpdateExpression: becomesDealer
                    ? 'SET dealerStatus = :status, updatedAt = :at, accountType = :dealer, gsi1pk = :g1'
                    : 'SET dealerStatus = :status, updatedAt = :at',
                  ConditionExpression: 'attribute_exists(pk)',
                  ExpressionAttributeValues: {
                    ':status': status,
                    ':at': at,
                    ...(becomesDealer ? { ':dealer': 'dealer', ':g1': 'PROFILES#dealer' } : {}),
                  },
                },
              },
              ...(becomesDealer ? counterUpdateItems(tableName, { [COUNTER.dealers]: 1 }) : []),
              ...(audit ? [auditPut(tableName, audit)] : []),
            ],
          }),
        );
      } catch (err) {
        if (isConditionFailure(err)) return null;
        throw err;
      }
      return this.get(userId);
    },

    async setListingCap(userId, cap, at, audit) {
      try {
        await writeAudited(
          ddb,
          tableName,
          [
            {
              Update: {
                TableName: tableName,
                Key: keys.profile(userId),
                UpdateExpression: cap === null ? 'SET updatedAt = :at REMOVE listingCap' : 'SET updatedAt = :at, listingCap = :cap',
                ConditionExpression: 'dealerStatus = :approved',
                ExpressionAttributeValues: { ':at': at, ':approved': 'approved', ...(cap === null ? {} : { ':cap': cap }) },
              },
            },
          ],
          audit,
        );
        return true;
      } catch (err) {
        if (isConditionFailure(err)) return false;
        throw err;
      }
    },
  };
}
