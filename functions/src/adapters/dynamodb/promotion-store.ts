import { type DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Promotion } from '../../../../shared/schemas/admin.js';
import type { PromotionStore } from '../../domain/admin/ports.js';
import { COUNTER, counterUpdateItems } from './counters.js';
import { keys } from './keys.js';
import { queryAll } from './query-all.js';
import { type Item, str } from './item-fields.js';
import { byGsi, page } from './paging.js';
import { writeAudited } from './audited-write.js';

// Pattern 33.
function promotionFromItem(i: Item): Promotion {
  return {
    id: String(i.id),
    title: String(i.title ?? ''),
    content: String(i.content ?? ''),
    imageUrl: str(i.imageUrl),
    linkUrl: str(i.linkUrl),
    position: i.position as Promotion['position'],
    isActive: i.isActive !== false,
    startDate: str(i.startDate),
    endDate: str(i.endDate),
    createdAt: String(i.createdAt),
  };
}

export function promotionStore(ddb: DynamoDBDocumentClient, tableName: string): PromotionStore {
  return {
    async list(cursor, limit) {
      const res = await page(ddb, byGsi(tableName, 'gsi2', 'PROMOS'), cursor, limit);
      return { items: res.items.map(promotionFromItem), nextCursor: res.nextCursor };
    },
    async byPosition(position) {
      return (await queryAll(ddb, byGsi(tableName, 'gsi1', `PROMOPOS#${position}`))).map(promotionFromItem);
    },
    async get(id) {
      const res = await ddb.send(new GetCommand({ TableName: tableName, Key: keys.promotion(id), ConsistentRead: true }));
      return res.Item ? promotionFromItem(res.Item) : null;
    },
    async put(p, isNew, audit) {
      const put = {
        TableName: tableName,
        Item: {
          ...keys.promotion(p.id),
          ...keys.promotionsByDate(p.createdAt, p.id),
          ...keys.promotionsByPosition(p.position, p.createdAt, p.id),
          type: 'Promotion',
          ...p,
        },
      };
      if (!isNew) return writeAudited(ddb, tableName, [{ Put: put }], audit);
      await writeAudited(
        ddb,
        tableName,
        [
          { Put: { ...put, ConditionExpression: 'attribute_not_exists(pk)' } },
          ...counterUpdateItems(tableName, { [COUNTER.promotions]: 1 }),
        ],
        audit,
      );
    },
    async delete(p, audit) {
      await writeAudited(
        ddb,
        tableName,
        [
          { Delete: { TableName: tableName, Key: keys.promotion(p.id), ConditionExpression: 'attribute_exists(pk)' } },
          ...counterUpdateItems(tableName, { [COUNTER.promotions]: -1 }),
        ],
        audit,
      );
    },
  };
}
