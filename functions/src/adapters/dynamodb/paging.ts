import { type DynamoDBDocumentClient, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { validationError } from '../../domain/errors.js';
import type { Item } from './item-fields.js';

/** Opaque page cursors: the query's LastEvaluatedKey, base64url JSON. A cursor that is not one is a 400. */
export function encodeCursor(key: Item | undefined): string | null {
  return key ? Buffer.from(JSON.stringify(key)).toString('base64url') : null;
}
export function decodeCursor(cursor: string | undefined): Item | undefined {
  if (!cursor) return undefined;
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (parsed && typeof parsed === 'object' && Object.values(parsed).every((v) => typeof v === 'string')) return parsed as Item;
  } catch {
    /* reported below */
  }
  throw validationError('Invalid page cursor');
}

export async function page(ddb: DynamoDBDocumentClient, input: QueryCommandInput, cursor: string | undefined, limit: number) {
  try {
    const res = await ddb.send(new QueryCommand({ ...input, Limit: limit, ExclusiveStartKey: decodeCursor(cursor) }));
    return { items: res.Items ?? [], nextCursor: encodeCursor(res.LastEvaluatedKey) };
  } catch (err) {
    if ((err as { name?: string }).name === 'ValidationException') throw validationError('Invalid page cursor');
    throw err;
  }
}

export const byGsi = (tableName: string, index: 'gsi1' | 'gsi2' | 'gsi3', pk: string): QueryCommandInput => ({
  TableName: tableName,
  IndexName: index,
  KeyConditionExpression: `${index}pk = :pk`,
  ExpressionAttributeValues: { ':pk': pk },
  ScanIndexForward: false,
});
