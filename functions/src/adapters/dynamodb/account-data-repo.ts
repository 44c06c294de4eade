import { type DynamoDBDocumentClient, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { AccountDataStore, PersonalData } from '../../domain/accounts/account-data.js';
import { COUNTER, counterUpdateItems } from './counters.js';
import { keys } from './keys.js';
import { batchDelete } from './owner-listings-repo.js';
import { queryAll } from './query-all.js';

/** Key and index attributes: how we store an item, not data about the person. */
const STORAGE_ATTRIBUTES = new Set(['pk', 'sk', 'gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk', 'gsi3pk', 'gsi3sk', 'type']);
const plain = (item: Record<string, unknown>) => Object.fromEntries(Object.entries(item).filter(([k]) => !STORAGE_ATTRIBUTES.has(k)));

/**
 * Payment records the law makes us keep after an account is deleted (RETAINED_ON_DELETION): the
 * subscription's copy and the payment customer here; equipment orders live in partitions of their
 * own (pattern 27) and are never erased.
 */
const RETAINED_SK = (sk: string) => sk === 'SUBSCRIPTION' || sk === 'BILLING';

/**
 * Everything stored about one user (UK GDPR access and erasure, issue 10 §6): their own partition
 * (pk USER#<sub>: profile, saved trucks, saved searches, alert preferences/schedule/sends/markers, subscription,
 * payment customer, imports, pending uploads), the enquiries they sent (pattern 22b, GSI2
 * BUYERENQ#<sub>) and their equipment orders (pattern 27, GSI1 ORDERSOF#<sub>). Listings are the
 * listing store's (pattern 4).
 */
export function accountDataStore(ddb: DynamoDBDocumentClient, tableName: string): AccountDataStore {
  const partition = (userId: string) =>
    queryAll(ddb, {
      TableName: tableName,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.profile(userId).pk },
      ConsistentRead: true,
    });
  // Pattern 22b.
  const enquiriesSent = (userId: string) =>
    queryAll(ddb, {
      TableName: tableName,
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.enquiryByBuyer(userId, '').gsi2pk },
    });

  // Pattern 27 by buyer.
  const orders = (userId: string) =>
    queryAll(ddb, {
      TableName: tableName,
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.equipmentOrdersByUser(userId, '').gsi1pk },
    });

  return {
    async collect(userId) {
      const [items, sent, bought] = await Promise.all([partition(userId), enquiriesSent(userId), orders(userId)]);
      const data: PersonalData = {
        profile: null,
        savedTrucks: [],
        savedSearches: [],
        alertPreferences: null,
        alertSchedule: null,
        subscription: null,
        paymentCustomerId: null,
        alertSends: [],
        equipmentOrders: bought.map(plain),
        stockImports: [],
        pendingUploads: [],
        enquiriesSent: sent.map(plain),
        other: [],
      };
      for (const item of items) {
        const sk = String(item.sk);
        const value = plain(item);
        if (sk === 'PROFILE') data.profile = value;
        else if (sk === 'PREFS') data.alertPreferences = value;
        else if (sk === 'ALERTSCHEDULE') data.alertSchedule = value;
        else if (sk === 'SUBSCRIPTION') data.subscription = value;
        else if (sk === 'BILLING') data.paymentCustomerId = String(item.customerId ?? '') || null;
        else if (sk.startsWith('SAVED#')) data.savedTrucks.push(value);
        else if (sk.startsWith('SEARCH#')) data.savedSearches.push(value);
        else if (sk.startsWith('ALERTSENT#') || sk.startsWith('ALERTMARK#')) data.alertSends.push(value);
        else if (sk.startsWith('IMPORT#')) data.stockImports.push(value);
        else if (sk.startsWith('UPLOAD#')) data.pendingUploads.push(value);
        else data.other.push(value);
      }
      return data;
    },

    async erase(userId) {
      const [items, sent] = await Promise.all([partition(userId), enquiriesSent(userId)]);
      const gone = items.filter((i) => !RETAINED_SK(String(i.sk)));
      const profile = gone.find((i) => i.sk === 'PROFILE');
      await batchDelete(ddb, tableName, [
        ...[...gone.filter((i) => i !== profile), ...sent].map((i) => ({ pk: String(i.pk), sk: String(i.sk) })),
        // A staff member's entry in the admins list (pattern 12b); deleting a missing item is a no-op.
        keys.staffMember(userId),
      ]);
      if (profile) {
        // The profile goes with the analytics counters its creation added (pattern 35), once.
        try {
          await ddb.send(
            new TransactWriteCommand({
              TransactItems: [
                { Delete: { TableName: tableName, Key: keys.profile(userId), ConditionExpression: 'attribute_exists(pk)' } },
                ...counterUpdateItems(tableName, {
                  [COUNTER.users]: -1,
                  [COUNTER.dealers]: profile.accountType === 'dealer' ? -1 : 0,
                }),
              ],
            }),
          );
        } catch (err) {
          if ((err as { name?: string }).name !== 'TransactionCanceledException') throw err;
        }
      }
      return {
        savedTrucks: gone.filter((i) => String(i.sk).startsWith('SAVED#')).length,
        enquiriesSent: sent.length,
        otherItems: gone.filter((i) => !String(i.sk).startsWith('SAVED#')).length,
      };
    },
  };
}
