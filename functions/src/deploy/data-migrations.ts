import { type DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { siteRelativeUrl, siteRelativeUrlsIn } from '../../../shared/media-url.js';
import { keys } from '../adapters/dynamodb/keys.js';
import { queryAll } from '../adapters/dynamodb/query-all.js';

/**
 * One-off rewrites of stored data, run by the deploy step (deploy-data.ts) whenever this list
 * changes. Each is idempotent (a second run finds nothing to change) and conditional on the value
 * it read, so a staff edit between the read and the write wins.
 */
export const DATA_MIGRATIONS = ['site-relative-media-urls', 'messages-by-sender'] as const;

const byIndex2 = (ddb: DynamoDBDocumentClient, tableName: string, pk: string) =>
  queryAll(ddb, {
    TableName: tableName,
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :pk',
    ExpressionAttributeValues: { ':pk': pk },
  });

async function setIfUnchanged(
  ddb: DynamoDBDocumentClient,
  tableName: string,
  key: { pk: unknown; sk: unknown },
  changes: Record<string, { from: unknown; to: unknown }>,
): Promise<boolean> {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const sets: string[] = [];
  const conditions: string[] = [];
  Object.entries(changes).forEach(([attr, { from, to }], i) => {
    names[`#a${i}`] = attr;
    values[`:to${i}`] = to;
    sets.push(`#a${i} = :to${i}`);
    if (from === undefined) conditions.push(`attribute_not_exists(#a${i})`);
    else {
      values[`:from${i}`] = from;
      conditions.push(`#a${i} = :from${i}`);
    }
  });
  try {
    await ddb.send(
      new UpdateCommand({
        TableName: tableName,
        Key: key,
        UpdateExpression: `SET ${sets.join(', ')}`,
        ConditionExpression: conditions.join(' AND '),
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      }),
    );
    return true;
  } catch (err) {
    if ((err as { name?: string }).name === 'ConditionalCheckFailedException') return false;
    throw err;
  }
}

/**
 * Issue 24 §4: promotions' image and link URLs and content sections' text stored with our site's
 * origin ("Copy URL" copies absolute URLs) become site-relative, the form saves now store.
 */
export async function siteRelativeMediaUrls(ddb: DynamoDBDocumentClient, tableName: string, siteOrigin: string | null) {
  let promotions = 0;
  let sections = 0;
  for (const p of await byIndex2(ddb, tableName, 'PROMOS')) {
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    for (const attr of ['imageUrl', 'linkUrl'] as const) {
      const v = p[attr];
      if (typeof v === 'string' && siteRelativeUrl(v, siteOrigin) !== v) changes[attr] = { from: v, to: siteRelativeUrl(v, siteOrigin) };
    }
    if (Object.keys(changes).length && (await setIfUnchanged(ddb, tableName, { pk: p.pk, sk: p.sk }, changes))) promotions += 1;
  }
  for (const s of await byIndex2(ddb, tableName, 'CONTENTS')) {
    const v = s.content;
    if (typeof v !== 'string' || siteRelativeUrlsIn(v, siteOrigin) === v) continue;
    if (await setIfUnchanged(ddb, tableName, { pk: s.pk, sk: s.sk }, { content: { from: v, to: siteRelativeUrlsIn(v, siteOrigin) } }))
      sections += 1;
  }
  return { promotions, sections };
}

/**
 * Issue 23: contact messages and valuation requests stored before the sender index (pattern 61)
 * get its keys, so an account's data download and deletion find them. Redacted ones have no address.
 */
export async function indexMessagesBySender(ddb: DynamoDBDocumentClient, tableName: string) {
  let indexed = 0;
  const kinds = [
    { list: 'CONTACTS', kind: 'CONTACT', email: 'email' },
    { list: 'VALUATIONS', kind: 'VALUATION', email: 'contactEmail' },
  ] as const;
  for (const { list, kind, email } of kinds) {
    for (const m of await byIndex2(ddb, tableName, list)) {
      const address = m[email];
      if (m.gsi1pk !== undefined || typeof address !== 'string' || !address) continue;
      const k = keys.messageBySender(address, kind, String(m.createdAt), String(m.id));
      if (
        await setIfUnchanged(
          ddb,
          tableName,
          { pk: m.pk, sk: m.sk },
          { gsi1pk: { from: undefined, to: k.gsi1pk }, gsi1sk: { from: undefined, to: k.gsi1sk } },
        )
      )
        indexed += 1;
    }
  }
  return { indexed };
}

/** Every migration, in order. */
export async function runDataMigrations(ddb: DynamoDBDocumentClient, tableName: string, siteOrigin: string | null) {
  return {
    mediaUrls: await siteRelativeMediaUrls(ddb, tableName, siteOrigin),
    messagesBySender: await indexMessagesBySender(ddb, tableName),
  };
}
