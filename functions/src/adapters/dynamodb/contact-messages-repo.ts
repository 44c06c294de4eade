import { type DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { ContactMessageRecord, ContactMessageStore } from '../../domain/contact/send-contact-message.js';
import { keys } from './keys.js';

/**
 * Contact-form messages (pattern 25), listed newest first for staff on GSI2 `CONTACTS`. Priority
 * messages (platinum subscribers) sort as `P#<createdAt>`, above every date, so a newest-first
 * read shows them first. GSI1 finds them by the sender's address (pattern 61).
 */
export function contactMessageStore(ddb: DynamoDBDocumentClient, tableName: string): ContactMessageStore {
  return {
    async save(record: ContactMessageRecord) {
      await ddb.send(
        new PutCommand({
          TableName: tableName,
          Item: {
            ...keys.contactMessage(record.id),
            ...keys.contactMessagesByDate(record.priority ? `P#${record.createdAt}` : record.createdAt),
            ...keys.messageBySender(record.email, 'CONTACT', record.createdAt, record.id),
            type: 'ContactMessage',
            ...record,
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
    },
  };
}
