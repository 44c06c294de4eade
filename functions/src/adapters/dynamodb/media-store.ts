import { type DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import type { MediaStore, StoredMediaAsset } from '../../domain/admin/ports.js';
import { COUNTER, counterUpdateItems } from './counters.js';
import { keys } from './keys.js';
import { type Item, str } from './item-fields.js';
import { byGsi, page } from './paging.js';
import { writeAudited } from './audited-write.js';

// Pattern 31.
function mediaFromItem(i: Item): StoredMediaAsset {
  return {
    id: String(i.id),
    filename: String(i.filename),
    originalFilename: String(i.originalFilename),
    filePath: String(i.filePath),
    fileSize: Number(i.fileSize ?? 0),
    mimeType: String(i.mimeType),
    category: i.category as StoredMediaAsset['category'],
    uploadedBy: String(i.uploadedBy),
    altText: str(i.altText),
    tags: Array.isArray(i.tags) ? i.tags.map(String) : [],
    createdAt: String(i.createdAt),
    bucket: String(i.bucket),
  };
}

export function mediaStore(ddb: DynamoDBDocumentClient, tableName: string): MediaStore {
  return {
    async list(category, cursor, limit) {
      const input = category ? byGsi(tableName, 'gsi1', `MEDIACAT#${category}`) : byGsi(tableName, 'gsi2', 'MEDIA');
      const res = await page(ddb, input, cursor, limit);
      return { items: res.items.map(mediaFromItem), nextCursor: res.nextCursor };
    },
    async get(id) {
      const res = await ddb.send(new GetCommand({ TableName: tableName, Key: keys.mediaAsset(id), ConsistentRead: true }));
      return res.Item ? mediaFromItem(res.Item) : null;
    },
    async put(asset, isNew, audit) {
      const put = {
        TableName: tableName,
        Item: {
          ...keys.mediaAsset(asset.id),
          ...keys.mediaByDate(asset.createdAt, asset.id),
          ...keys.mediaByCategory(asset.category, asset.createdAt, asset.id),
          type: 'MediaAsset',
          ...asset,
        },
      };
      if (!isNew) return writeAudited(ddb, tableName, [{ Put: put }], audit);
      await writeAudited(ddb, tableName, [{ Put: put }, ...counterUpdateItems(tableName, { [COUNTER.media]: 1 })], audit);
    },
    async delete(asset, audit) {
      await writeAudited(
        ddb,
        tableName,
        [
          { Delete: { TableName: tableName, Key: keys.mediaAsset(asset.id), ConditionExpression: 'attribute_exists(pk)' } },
          ...counterUpdateItems(tableName, { [COUNTER.media]: -1 }),
        ],
        audit,
      );
    },
  };
}
