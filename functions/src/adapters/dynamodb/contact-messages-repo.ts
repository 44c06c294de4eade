import { type DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { ContactMessageRecord, ContactMessageStore } from '../../domain/contact/send-contact-message.js';
import { keys } from './keys.js';

/** Contact-form messages (pattern 25), listed newest first for staff on GSI2 `CONTACTS`. */
export function contactMessageStore(ddb: DynamoDBDocumentClient, tableName: string): ContactMessageStore {
  return {
    async save(record: ContactMessageRecord) {
      await ddb.send(
        new PutCommand({
          TableName: tableName,
          Item: { ...keys.contactMessage(record.id), ...keys.contactMessagesByDate(record.createdAt), type: 'ContactMessage', ...record },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
    },
  };
}
