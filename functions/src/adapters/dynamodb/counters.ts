import { BatchGetCommand, type DynamoDBDocumentClient, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { LISTING_STATUSES } from '../../../../shared/listing-options.js';
import { keys } from './keys.js';
import { queryAll } from './query-all.js';

/**
 * Analytics counters (pattern 35): kept up to date by the writes that change them, so the admin
 * Analytics tab reads a few dozen small items instead of scanning the table. Daily counters
 * (UTC day of the write) feed the 30-day figures and the 12-week charts.
 */
export const COUNTER = {
  users: 'users',
  dealers: 'dealers',
  listings: 'listings',
  listingsWithStatus: (status: string) => `listings#${status}`,
  media: 'media',
  promotions: 'promotions',
  signupsOn: (day: string) => `signups#${day}`,
  newListingsOn: (day: string) => `newlistings#${day}`,
} as const;

export const dayOf = (iso: string) => iso.slice(0, 10);

/** TransactWriteItems entries that add `deltas` to their counters (for writes that must move together with them). */
export function counterUpdateItems(tableName: string, deltas: Record<string, number>) {
  return Object.entries(deltas)
    .filter(([, n]) => n !== 0)
    .map(([name, n]) => ({
      Update: {
        TableName: tableName,
        Key: keys.counter(name),
        UpdateExpression: 'ADD #n :n',
        ExpressionAttributeNames: { '#n': 'n' },
        ExpressionAttributeValues: { ':n': n },
      },
    }));
}

async function bumpCounters(ddb: DynamoDBDocumentClient, tableName: string, deltas: Record<string, number>): Promise<void> {
  await Promise.all(counterUpdateItems(tableName, deltas).map((u) => ddb.send(new UpdateCommand(u.Update))));
}

/** Named counters (0 when never written). */
export async function readCounters(ddb: DynamoDBDocumentClient, tableName: string, names: string[]): Promise<Record<string, number>> {
  const out: Record<string, number> = Object.fromEntries(names.map((n) => [n, 0]));
  for (let i = 0; i < names.length; i += 100) {
    const res = await ddb.send(
      new BatchGetCommand({ RequestItems: { [tableName]: { Keys: names.slice(i, i + 100).map((n) => keys.counter(n)) } } }),
    );
    for (const item of res.Responses?.[tableName] ?? []) out[String(item.sk)] = Number(item.n ?? 0);
  }
  return out;
}

/** Daily counters with `prefix` from `fromDay` to `toDay` inclusive, by day. */
export async function readDailyCounters(
  ddb: DynamoDBDocumentClient,
  tableName: string,
  prefix: 'signups' | 'newlistings',
  fromDay: string,
  toDay: string,
): Promise<Map<string, number>> {
  const res = await ddb.send(
    new QueryCommand({
      TableName: tableName,
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':pk': 'COUNTER', ':from': `${prefix}#${fromDay}`, ':to': `${prefix}#${toDay}` },
    }),
  );
  return new Map((res.Items ?? []).map((i) => [String(i.sk).slice(prefix.length + 1), Number(i.n ?? 0)]));
}

/**
 * Rebuilds every counter from the items (a repair, and the seed's and benchmark's way of
 * starting right after bulk loads that bypass the counted writes). Reads by key, never Scan.
 */
export async function recountAnalytics(ddb: DynamoDBDocumentClient, tableName: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = { [COUNTER.users]: 0, [COUNTER.dealers]: 0, [COUNTER.listings]: 0 };
  const profiles = await queryAll(ddb, {
    TableName: tableName,
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :pk',
    ExpressionAttributeValues: { ':pk': 'PROFILES' },
    ProjectionExpression: 'accountType, createdAt',
  });
  for (const p of profiles) {
    counts[COUNTER.users]++;
    if (p.accountType === 'dealer') counts[COUNTER.dealers]++;
    const day = COUNTER.signupsOn(dayOf(String(p.createdAt)));
    counts[day] = (counts[day] ?? 0) + 1;
  }
  for (const status of LISTING_STATUSES) {
    const listings = await queryAll(ddb, {
      TableName: tableName,
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :pk',
      ExpressionAttributeValues: { ':pk': `LSTATUS#${status}` },
      ProjectionExpression: 'createdAt',
    });
    counts[COUNTER.listingsWithStatus(status)] = listings.length;
    counts[COUNTER.listings] += listings.length;
    for (const l of listings) {
      const day = COUNTER.newListingsOn(dayOf(String(l.createdAt)));
      counts[day] = (counts[day] ?? 0) + 1;
    }
  }
  for (const [name, pk] of [
    [COUNTER.media, 'MEDIA'],
    [COUNTER.promotions, 'PROMOS'],
  ] as const) {
    const items = await queryAll(ddb, {
      TableName: tableName,
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :pk',
      ExpressionAttributeValues: { ':pk': pk },
      ProjectionExpression: 'gsi2sk',
    });
    counts[name] = items.length;
  }
  // Counters that no longer count anything (days whose items are gone or re-dated) go back to 0.
  const existing = await queryAll(ddb, {
    TableName: tableName,
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': 'COUNTER' },
    ProjectionExpression: 'sk',
  });
  for (const item of existing) counts[String(item.sk)] ??= 0;
  const entries = Object.entries(counts);
  for (let i = 0; i < entries.length; i += 25) {
    await Promise.all(
      entries.slice(i, i + 25).map(([name, n]) => ddb.send(new PutCommand({ TableName: tableName, Item: { ...keys.counter(name), n } }))),
    );
  }
  return counts;
}

/** The import's counter batches (domain/stock-import/apply-import.ts ImportCounters): one write per counter per batch. */
export function importCounters(ddb: DynamoDBDocumentClient, tableName: string) {
  return {
    async recordBatch(batch: {
      created: Array<{ status: string; createdAt: string }>;
      statusChanges: Array<{ from: string; to: string }>;
    }): Promise<void> {
      const deltas: Record<string, number> = {};
      const add = (name: string, n: number) => {
        deltas[name] = (deltas[name] ?? 0) + n;
      };
      for (const c of batch.created) {
        add(COUNTER.listings, 1);
        add(COUNTER.listingsWithStatus(c.status), 1);
        add(COUNTER.newListingsOn(dayOf(c.createdAt)), 1);
      }
      for (const c of batch.statusChanges) {
        add(COUNTER.listingsWithStatus(c.from), -1);
        add(COUNTER.listingsWithStatus(c.to), 1);
      }
      await bumpCounters(ddb, tableName, deltas);
    },
  };
}
