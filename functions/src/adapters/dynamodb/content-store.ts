import { type DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { PageContent } from '../../../../shared/schemas/admin.js';
import type { ContentStore } from '../../domain/admin/ports.js';
import { keys } from './keys.js';
import { queryAll } from './query-all.js';
import { type Item, str } from './item-fields.js';
import { byGsi, page } from './paging.js';
import { writeAudited } from './audited-write.js';

// Pattern 32.
function contentFromItem(i: Item): PageContent {
  return {
    id: String(i.id),
    pageSlug: String(i.pageSlug),
    sectionKey: String(i.sectionKey),
    title: str(i.title),
    content: String(i.content ?? ''),
    isActive: i.isActive !== false,
    updatedAt: String(i.updatedAt ?? ''),
  };
}

export function contentStore(ddb: DynamoDBDocumentClient, tableName: string): ContentStore {
  const item = (s: PageContent) => ({
    ...keys.pageContent(s.id),
    ...keys.pageContentBySlug(s.pageSlug, s.sectionKey, s.id),
    type: 'PageContent',
    ...s,
  });
  return {
    async list(cursor, limit) {
      const res = await page(ddb, { ...byGsi(tableName, 'gsi2', 'CONTENTS'), ScanIndexForward: true }, cursor, limit);
      return { items: res.items.map(contentFromItem), nextCursor: res.nextCursor };
    },
    async forPage(pageSlug) {
      const items = await queryAll(ddb, {
        TableName: tableName,
        IndexName: 'gsi2',
        KeyConditionExpression: 'gsi2pk = :pk AND begins_with(gsi2sk, :slug)',
        ExpressionAttributeValues: { ':pk': 'CONTENTS', ':slug': `${pageSlug}#` },
      });
      return items.map(contentFromItem).filter((s) => s.pageSlug === pageSlug);
    },
    async get(id) {
      const res = await ddb.send(new GetCommand({ TableName: tableName, Key: keys.pageContent(id), ConsistentRead: true }));
      return res.Item ? contentFromItem(res.Item) : null;
    },
    async findBySlot(pageSlug, sectionKey) {
      const res = await ddb.send(
        new QueryCommand({
          TableName: tableName,
          IndexName: 'gsi2',
          KeyConditionExpression: 'gsi2pk = :pk AND begins_with(gsi2sk, :slot)',
          ExpressionAttributeValues: { ':pk': 'CONTENTS', ':slot': `${pageSlug}#${sectionKey}#` },
        }),
      );
      const found = (res.Items ?? []).map(contentFromItem).find((s) => s.pageSlug === pageSlug && s.sectionKey === sectionKey);
      return found ?? null;
    },
    async put(section, _previous, audit) {
      await writeAudited(ddb, tableName, [{ Put: { TableName: tableName, Item: item(section) } }], audit);
    },
    async delete(section, audit) {
      await writeAudited(ddb, tableName, [{ Delete: { TableName: tableName, Key: keys.pageContent(section.id) } }], audit);
    },
  };
}
