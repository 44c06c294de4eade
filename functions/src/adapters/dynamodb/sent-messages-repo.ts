import { type DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { SentMessages } from '../../domain/accounts/account-data.js';
import { keys } from './keys.js';
import { queryAll } from './query-all.js';

/** Key and index attributes: how we store an item, not data about the person. */
const STORAGE_ATTRIBUTES = new Set(['pk', 'sk', 'gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk', 'gsi3pk', 'gsi3sk']);
const plain = (item: Record<string, unknown>) => Object.fromEntries(Object.entries(item).filter(([k]) => !STORAGE_ATTRIBUTES.has(k)));

/** What a redacted message shows staff where the sender's name was. */
const REDACTED_SENDER = 'Deleted account';

/**
 * The attributes that identify the sender, per message type: names are replaced, the rest removed.
 * Contact messages (pattern 25): firstName, lastName, email, phone. Valuation requests (pattern 26):
 * contactName, contactEmail, contactPhone, company.
 */
const REDACTION = {
  ContactMessage: { set: { firstName: REDACTED_SENDER, lastName: '' }, remove: ['email', 'phone'] },
  ValuationRequest: { set: { contactName: REDACTED_SENDER }, remove: ['contactEmail', 'contactPhone', 'company'] },
} as const;

/**
 * Contact messages and valuation requests by sender address (pattern 61, GSI1 `SENDER#<address>`).
 * Redaction keeps the text (subject, message, vehicle details, photos) for staff, and takes the
 * message off the sender index, so nothing points from the address to it any more.
 */
export function sentMessagesStore(ddb: DynamoDBDocumentClient, tableName: string): SentMessages {
  const bySender = (email: string) =>
    queryAll(ddb, {
      TableName: tableName,
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.messageBySender(email, 'CONTACT', '', '').gsi1pk },
    });
  return {
    async listBySender(email) {
      return (await bySender(email)).map(plain);
    },
    async redactBySender(email) {
      const items = await bySender(email);
      let redacted = 0;
      for (const item of items) {
        const rule = REDACTION[item.type as keyof typeof REDACTION];
        if (!rule) continue;
        const names: Record<string, string> = {};
        const values: Record<string, unknown> = { ':at': new Date().toISOString() };
        const sets = ['#redactedAt = :at'];
        names['#redactedAt'] = 'redactedAt';
        for (const [i, [attr, value]] of Object.entries(rule.set).entries()) {
          names[`#s${i}`] = attr;
          values[`:s${i}`] = value;
          sets.push(`#s${i} = :s${i}`);
        }
        const removes = [...rule.remove, 'gsi1pk', 'gsi1sk'].map((attr, i) => {
          names[`#r${i}`] = attr;
          return `#r${i}`;
        });
        await ddb
          .send(
            new UpdateCommand({
              TableName: tableName,
              Key: { pk: item.pk, sk: item.sk },
              UpdateExpression: `SET ${sets.join(', ')} REMOVE ${removes.join(', ')}`,
              ExpressionAttributeNames: names,
              ExpressionAttributeValues: values,
              // A message deleted meanwhile stays deleted (no half item is made).
              ConditionExpression: 'attribute_exists(pk)',
            }),
          )
          .catch((err) => {
            if ((err as { name?: string }).name !== 'ConditionalCheckFailedException') throw err;
          });
        redacted += 1;
      }
      return redacted;
    },
  };
}
