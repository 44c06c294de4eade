import { queryAll } from './query-all.js';
import { type DynamoDBDocumentClient, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { EnquiryRecord, EnquiryStore } from '../../domain/enquiries/send-enquiry.js';
import { keys } from './keys.js';

const FIELDS = [
  'id',
  'listingId',
  'listingTitle',
  'sellerId',
  'buyerId',
  'buyerName',
  'buyerEmail',
  'phone',
  'message',
  'createdAt',
] as const;

function recordFromItem(item: Record<string, unknown>): EnquiryRecord {
  const out: Record<string, unknown> = {};
  for (const f of FIELDS) out[f] = item[f] ?? null;
  return out as unknown as EnquiryRecord;
}

/** Enquiries (patterns 22–23, 22b by buyer), counted on the listing's stats item (pattern 24) in the same transaction. */
export function enquiryStore(ddb: DynamoDBDocumentClient, tableName: string): EnquiryStore {
  return {
    async save(record) {
      await ddb.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: tableName,
                Item: {
                  ...keys.enquiry(record.listingId, record.createdAt, record.id),
                  ...keys.enquiryBySeller(record.sellerId, record.createdAt),
                  ...keys.enquiryByBuyer(record.buyerId, record.createdAt),
                  type: 'Enquiry',
                  ...record,
                },
                ConditionExpression: 'attribute_not_exists(pk)',
              },
            },
            {
              Update: {
                TableName: tableName,
                Key: keys.listingStats(record.listingId),
                UpdateExpression: 'ADD #enquiries :one SET #type = :type',
                ExpressionAttributeNames: { '#enquiries': 'enquiries', '#type': 'type' },
                ExpressionAttributeValues: { ':one': 1, ':type': 'ListingStats' },
              },
            },
          ],
        }),
      );
    },

    // Pattern 23: newest first.
    async listBySeller(sellerId) {
      const items = await queryAll(ddb, {
        TableName: tableName,
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': `SELLERENQ#${sellerId}` },
        ScanIndexForward: false,
      });
      return items.map(recordFromItem);
    },
  };
}
