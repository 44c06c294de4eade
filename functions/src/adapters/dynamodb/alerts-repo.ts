import { DeleteCommand, type DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { AlertPreferences, SubscriptionTier } from '../../../../shared/schemas/alerts.js';
import type { AlertSchedule, AlertSent, AlertsStore, SubscriptionRecord, WhatsAppCodeRecord } from '../../domain/alerts/ports.js';
import type { OpenCheckout, OpenCheckoutStore } from '../../domain/payments/ports.js';
import { keys } from './keys.js';
import { queryAll } from './query-all.js';
import { TTL_ATTRIBUTE } from './table.js';

/** Alert markers outlive any listing's first week by far; after a year a re-listed truck may alert again. */
const ALERT_SENT_TTL_SECONDS = 365 * 24 * 3600;

const isConditionalFailure = (err: unknown) => err instanceof Error && err.name === 'ConditionalCheckFailedException';

const strip = <T>(item: Record<string, unknown> | undefined, drop: string[]): T | null => {
  if (!item) return null;
  const copy = { ...item };
  for (const k of ['pk', 'sk', 'gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk', 'type', TTL_ATTRIBUTE, ...drop]) delete copy[k];
  return copy as T;
};

type Get = (key: { pk: string; sk: string }, consistent?: boolean) => Promise<Record<string, unknown> | undefined>;

const getter =
  (ddb: DynamoDBDocumentClient, tableName: string): Get =>
  async (key, consistent = true) =>
    (await ddb.send(new GetCommand({ TableName: tableName, Key: key, ConsistentRead: consistent }))).Item;

const toSent = (item: Record<string, unknown>): AlertSent => ({
  userId: String(item.userId),
  listingId: String(item.listingId),
  sentAt: String(item.sentAt),
  price: Number(item.price ?? 0),
  pending: Boolean(item.pending),
});

/**
 * Preferences, subscriptions, billing customers, alert schedules, sent-alert markers and webhook
 * event ids (docs/data-model.md patterns 13–19, 28) in the one table.
 */
export function alertsStore(ddb: DynamoDBDocumentClient, tableName: string): AlertsStore {
  const get = getter(ddb, tableName);
  return {
    ...accountRecords(ddb, tableName, get),
    ...scheduleRecords(ddb, tableName, get),
    ...alertMarkers(ddb, tableName),
    ...whatsAppRecords(ddb, tableName, get),
  };
}

/** Preferences, subscriptions and the billing customer in both directions. */
function accountRecords(
  ddb: DynamoDBDocumentClient,
  tableName: string,
  get: Get,
): Pick<
  AlertsStore,
  'getPreferences' | 'putPreferences' | 'getSubscription' | 'putSubscription' | 'getCustomerId' | 'putCustomerId' | 'userIdForCustomer'
> {
  return {
    async getPreferences(userId) {
      return strip<AlertPreferences>(await get(keys.alertPreferences(userId)), []);
    },
    async putPreferences(prefs) {
      await ddb.send(
        new PutCommand({ TableName: tableName, Item: { ...keys.alertPreferences(prefs.userId), type: 'AlertPreferences', ...prefs } }),
      );
    },
    async getSubscription(userId) {
      return strip<SubscriptionRecord>(await get(keys.subscription(userId)), []);
    },
    async putSubscription(sub) {
      await ddb.send(new PutCommand({ TableName: tableName, Item: { ...keys.subscription(sub.userId), type: 'Subscription', ...sub } }));
    },
    async getCustomerId(userId) {
      const item = await get(keys.billingCustomer(userId));
      return item ? String(item.customerId) : null;
    },
    async putCustomerId(userId, customerId) {
      try {
        await ddb.send(
          new PutCommand({
            TableName: tableName,
            Item: {
              ...keys.billingCustomer(userId),
              ...keys.billingCustomerById(customerId, userId),
              type: 'BillingCustomer',
              userId,
              customerId,
              createdAt: new Date().toISOString(),
            },
            ConditionExpression: 'attribute_not_exists(pk)',
          }),
        );
        return customerId;
      } catch (err) {
        if (!isConditionalFailure(err)) throw err;
        return (await this.getCustomerId(userId)) as string;
      }
    },
    async userIdForCustomer(customerId) {
      const res = await ddb.send(
        new QueryCommand({
          TableName: tableName,
          IndexName: 'gsi1',
          KeyConditionExpression: 'gsi1pk = :pk',
          ExpressionAttributeValues: { ':pk': keys.billingCustomerById(customerId, '').gsi1pk },
          Limit: 1,
        }),
      );
      const item = res.Items?.[0];
      return item ? String(item.userId) : null;
    },
  };
}

/** Digest schedules: who is due, when each last got a digest, on or off. */
function scheduleRecords(
  ddb: DynamoDBDocumentClient,
  tableName: string,
  get: Get,
): Pick<AlertsStore, 'getSchedule' | 'putSchedule' | 'listDueSchedules' | 'listDueUserIds' | 'setLastDigestAt' | 'setScheduleActive'> {
  return {
    async getSchedule(userId) {
      return strip<AlertSchedule>(await get(keys.alertSchedule(userId)), []);
    },
    async putSchedule(schedule) {
      const listed = schedule.paid && schedule.isActive && (schedule.emailEnabled || schedule.whatsappEnabled);
      await ddb.send(
        new PutCommand({
          TableName: tableName,
          Item: {
            ...keys.alertSchedule(schedule.userId),
            ...(listed ? keys.alertScheduleDue(schedule.frequency, schedule.userId) : {}),
            type: 'AlertSchedule',
            ...schedule,
          },
        }),
      );
    },
    async listDueSchedules(frequency) {
      const items = await queryAll(ddb, {
        TableName: tableName,
        IndexName: 'gsi2',
        KeyConditionExpression: 'gsi2pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.alertScheduleDue(frequency, '').gsi2pk },
      });
      return items.map((i) => strip<AlertSchedule>(i, []) as AlertSchedule);
    },
    async listDueUserIds(frequency) {
      const items = await queryAll(ddb, {
        TableName: tableName,
        IndexName: 'gsi2',
        KeyConditionExpression: 'gsi2pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.alertScheduleDue(frequency, '').gsi2pk },
        ProjectionExpression: 'userId',
      });
      return items.map((i) => String(i.userId));
    },
    async setLastDigestAt(userId, at) {
      await ddb
        .send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.alertSchedule(userId),
            UpdateExpression: 'SET lastDigestAt = :at',
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeValues: { ':at': at },
          }),
        )
        .catch((err) => {
          if (!isConditionalFailure(err)) throw err;
        });
    },
    async setScheduleActive(userId, isActive) {
      const current = await this.getSchedule(userId);
      if (!current) return false;
      await this.putSchedule({ ...current, isActive, updatedAt: new Date().toISOString() });
      return true;
    },
  };
}

/** Sent-alert claims and markers (each alert once), pending alerts, and the subscription tiers. */
function alertMarkers(
  ddb: DynamoDBDocumentClient,
  tableName: string,
): Pick<
  AlertsStore,
  | 'claimAlert'
  | 'releaseAlert'
  | 'markAlertsSent'
  | 'pendingAlerts'
  | 'usersWithPendingAlerts'
  | 'countAlertsSince'
  | 'alertsForListing'
  | 'claimMarker'
  | 'listTiers'
> {
  return {
    async claimAlert(entry) {
      try {
        await ddb.send(
          new PutCommand({
            TableName: tableName,
            Item: {
              ...keys.alertSent(entry.userId, entry.listingId),
              ...keys.alertSentByListing(entry.listingId, entry.userId),
              ...(entry.pending ? keys.alertPendingByUser(entry.userId, entry.listingId) : {}),
              type: 'AlertSent',
              ...entry,
              [TTL_ATTRIBUTE]: Math.floor(Date.parse(entry.sentAt) / 1000) + ALERT_SENT_TTL_SECONDS,
            },
            ConditionExpression: 'attribute_not_exists(pk)',
          }),
        );
        return true;
      } catch (err) {
        if (isConditionalFailure(err)) return false;
        throw err;
      }
    },
    async releaseAlert(userId, listingId) {
      await ddb.send(new DeleteCommand({ TableName: tableName, Key: keys.alertSent(userId, listingId) }));
    },
    async markAlertsSent(userId, listingIds, at) {
      await Promise.all(
        listingIds.map((listingId) =>
          ddb.send(
            new UpdateCommand({
              TableName: tableName,
              Key: keys.alertSent(userId, listingId),
              UpdateExpression: 'SET pending = :f, sentAt = :at REMOVE gsi2pk, gsi2sk',
              ExpressionAttributeValues: { ':f': false, ':at': at },
            }),
          ),
        ),
      );
    },
    async pendingAlerts(userId) {
      const items = await queryAll(ddb, {
        TableName: tableName,
        IndexName: 'gsi2',
        KeyConditionExpression: 'gsi2pk = :pk AND begins_with(gsi2sk, :u)',
        ExpressionAttributeValues: { ':pk': 'ALERTPENDING', ':u': `${userId}#` },
      });
      return items.map(toSent);
    },
    async usersWithPendingAlerts() {
      const items = await queryAll(ddb, {
        TableName: tableName,
        IndexName: 'gsi2',
        KeyConditionExpression: 'gsi2pk = :pk',
        ExpressionAttributeValues: { ':pk': 'ALERTPENDING' },
        ProjectionExpression: 'userId',
      });
      return [...new Set(items.map((i) => String(i.userId)))];
    },
    async countAlertsSince(userId, sinceIso) {
      const items = await queryAll(ddb, {
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :s)',
        FilterExpression: 'sentAt >= :since AND pending = :f',
        ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':s': 'ALERTSENT#', ':since': sinceIso, ':f': false },
        ProjectionExpression: 'sk',
        ConsistentRead: true,
      });
      return items.length;
    },
    async alertsForListing(listingId) {
      const items = await queryAll(ddb, {
        TableName: tableName,
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.alertSentByListing(listingId, '').gsi1pk },
      });
      return items.map(toSent);
    },
    async claimMarker(userId, marker) {
      try {
        await ddb.send(
          new PutCommand({
            TableName: tableName,
            Item: {
              ...keys.alertMarker(userId, marker),
              type: 'AlertMarker',
              [TTL_ATTRIBUTE]: Math.floor(Date.now() / 1000) + ALERT_SENT_TTL_SECONDS,
            },
            ConditionExpression: 'attribute_not_exists(pk)',
          }),
        );
        return true;
      } catch (err) {
        if (isConditionalFailure(err)) return false;
        throw err;
      }
    },
    async listTiers() {
      const res = await ddb.send(
        new QueryCommand({ TableName: tableName, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': 'TIER' } }),
      );
      return (res.Items ?? [])
        .map(
          (i): SubscriptionTier => ({
            id: i.id as SubscriptionTier['id'],
            name: String(i.name),
            priceAmount: Number(i.priceAmount),
            alertFrequency: i.alertFrequency as SubscriptionTier['alertFrequency'],
          }),
        )
        .sort((a, b) => a.priceAmount - b.priceAmount);
    },
  };
}

/** WhatsApp delivery state and verification codes. */
function whatsAppRecords(
  ddb: DynamoDBDocumentClient,
  tableName: string,
  get: Get,
): Pick<
  AlertsStore,
  'markWhatsAppUndelivered' | 'setWhatsAppProblem' | 'getWhatsAppCode' | 'putWhatsAppCode' | 'spendWhatsAppCodeTry' | 'deleteWhatsAppCode'
> {
  return {
    async markWhatsAppUndelivered(userId, listingIds, at) {
      await Promise.all(
        listingIds.map((listingId) =>
          ddb
            .send(
              new UpdateCommand({
                TableName: tableName,
                Key: keys.alertSent(userId, listingId),
                UpdateExpression: 'SET whatsappUndeliveredAt = :at',
                ConditionExpression: 'attribute_exists(pk)',
                ExpressionAttributeValues: { ':at': at },
              }),
            )
            .catch((err) => {
              if (!isConditionalFailure(err)) throw err;
            }),
        ),
      );
    },
    async setWhatsAppProblem(userId, problem) {
      await ddb
        .send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.alertSchedule(userId),
            UpdateExpression: 'SET whatsappProblem = :p',
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeValues: { ':p': problem },
          }),
        )
        .catch((err) => {
          if (!isConditionalFailure(err)) throw err;
        });
    },
    async getWhatsAppCode(userId) {
      return strip<WhatsAppCodeRecord>(await get(keys.whatsappCode(userId)), []);
    },
    async putWhatsAppCode(record) {
      await ddb.send(
        new PutCommand({
          TableName: tableName,
          Item: {
            ...keys.whatsappCode(record.userId),
            type: 'WhatsAppCode',
            ...record,
            // Gone a day after it stops working (TTL deletes lazily; validUntil is what counts).
            [TTL_ATTRIBUTE]: Math.floor(Date.parse(record.validUntil) / 1000) + 24 * 3600,
          },
        }),
      );
    },
    async spendWhatsAppCodeTry(userId, maxTries, nowIso) {
      try {
        const res = await ddb.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.whatsappCode(userId),
            UpdateExpression: 'SET tries = tries + :one',
            ConditionExpression: 'attribute_exists(pk) AND tries < :max AND validUntil > :now',
            ExpressionAttributeValues: { ':one': 1, ':max': maxTries, ':now': nowIso },
            ReturnValues: 'ALL_OLD',
          }),
        );
        return strip<WhatsAppCodeRecord>(res.Attributes, []);
      } catch (err) {
        if (isConditionalFailure(err)) return null;
        throw err;
      }
    },
    async deleteWhatsAppCode(userId) {
      await ddb.send(new DeleteCommand({ TableName: tableName, Key: keys.whatsappCode(userId) }));
    },
  };
}

/** The user's open subscription checkout; DynamoDB's TTL removes it when the session expires. */
export function openCheckoutStore(ddb: DynamoDBDocumentClient, tableName: string): OpenCheckoutStore {
  return {
    async get(userId) {
      const item = (await ddb.send(new GetCommand({ TableName: tableName, Key: keys.openCheckout(userId), ConsistentRead: true }))).Item;
      if (!item) return null;
      const { sessionId, url, tier } = item as Pick<OpenCheckout, 'sessionId' | 'url' | 'tier'>;
      // The TTL attribute is the session's expiry, so the item goes when the session does.
      return { userId, sessionId, url, tier, expiresAt: new Date(Number(item[TTL_ATTRIBUTE]) * 1000).toISOString() };
    },
    async put(checkout, replacing, now) {
      try {
        await ddb.send(
          new PutCommand({
            TableName: tableName,
            Item: {
              ...keys.openCheckout(checkout.userId),
              type: 'OpenCheckout',
              userId: checkout.userId,
              sessionId: checkout.sessionId,
              url: checkout.url,
              tier: checkout.tier,
              [TTL_ATTRIBUTE]: Math.floor(Date.parse(checkout.expiresAt) / 1000),
            },
            ConditionExpression: `attribute_not_exists(pk) OR #ttl <= :now${replacing ? ' OR sessionId = :replacing' : ''}`,
            ExpressionAttributeNames: { '#ttl': TTL_ATTRIBUTE },
            ExpressionAttributeValues: { ':now': Math.floor(now.getTime() / 1000), ...(replacing ? { ':replacing': replacing } : {}) },
          }),
        );
        return true;
      } catch (err) {
        if (isConditionalFailure(err)) return false;
        throw err;
      }
    },
  };
}
