import { DeleteCommand, type DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { ValuationRequestRecord, ValuationStore } from '../../domain/valuations/submit-valuation.js';
import { keys } from './keys.js';

/** Valuation requests (pattern 26), listed newest first for staff on GSI2 `VALUATIONS`; by sender's address on GSI1 (pattern 61). */
export function valuationRequestStore(ddb: DynamoDBDocumentClient, tableName: string): ValuationStore {
  return {
    async save(record: ValuationRequestRecord) {
      await ddb.send(
        new PutCommand({
          TableName: tableName,
          Item: {
            ...keys.valuationRequest(record.id),
            ...keys.valuationRequestsByDate(record.createdAt),
            ...keys.messageBySender(record.contactEmail, 'VALUATION', record.createdAt, record.id),
            type: 'ValuationRequest',
            ...record,
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
    },
    async remove(id) {
      await ddb.send(new DeleteCommand({ TableName: tableName, Key: keys.valuationRequest(id) }));
    },
  };
}
