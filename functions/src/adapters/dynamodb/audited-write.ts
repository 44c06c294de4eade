import {
  DeleteCommand,
  type DynamoDBDocumentClient,
  PutCommand,
  TransactWriteCommand,
  type TransactWriteCommandInput,
  UpdateCommand,
  type UpdateCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import type { NewAuditEntry } from '../../domain/admin/ports.js';
import { keys } from './keys.js';

/** One element of a TransactWriteItems request. */
export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** The audit entry as an item of the transaction that makes the change it records. */
export function auditPut(tableName: string, entry: NewAuditEntry, createdAt: string = new Date().toISOString()): TransactItem {
  const id = ulid();
  return {
    Put: {
      TableName: tableName,
      Item: { ...keys.auditEntry(entry.resourceType, entry.action, createdAt, id), type: 'AuditEntry', id, createdAt, ...entry },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

const isConditionFailure = (err: unknown) => {
  const e = err as { name?: string; CancellationReasons?: Array<{ Code?: string }> };
  return (
    e?.name === 'ConditionalCheckFailedException' ||
    (e?.name === 'TransactionCanceledException' && (e.CancellationReasons ?? []).some((r) => r.Code === 'ConditionalCheckFailed'))
  );
};

/**
 * Writes a change's items and, for a staff action, its audit entry in one TransactWriteItems
 * (issue 23): both are stored or neither is. A failed condition surfaces as
 * ConditionalCheckFailedException whether or not the write was a transaction.
 */
export async function writeAudited(ddb: DynamoDBDocumentClient, tableName: string, items: TransactItem[], audit?: NewAuditEntry) {
  const all = audit ? [...items, auditPut(tableName, audit)] : items;
  try {
    if (all.length > 1) return void (await ddb.send(new TransactWriteCommand({ TransactItems: all })));
    const [only] = all;
    if (only.Put) await ddb.send(new PutCommand(only.Put));
    else if (only.Update) await ddb.send(new UpdateCommand(only.Update as UpdateCommandInput));
    else if (only.Delete) await ddb.send(new DeleteCommand(only.Delete));
    else throw new Error('writeAudited: nothing to write');
  } catch (err) {
    if (err instanceof Error && err.name !== 'ConditionalCheckFailedException' && isConditionFailure(err)) {
      err.name = 'ConditionalCheckFailedException';
    }
    throw err;
  }
}
