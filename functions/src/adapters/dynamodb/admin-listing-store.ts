import { BatchGetCommand, DeleteCommand, type DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { AdminListing, AdminScraped } from '../../../../shared/schemas/admin.js';
import { LISTING_STATUSES, type ListingStatus } from '../../../../shared/listing-options.js';
import type { AdminListingStore, NewAuditEntry } from '../../domain/admin/ports.js';
import { validationError } from '../../domain/errors.js';
import type { ListingRecord, StoredImage } from '../../domain/listings/types.js';
import { toListingImage } from '../../domain/listings/to-listing.js';
import { COUNTER, counterUpdateItems } from './counters.js';
import { keys } from './keys.js';
import { listingItem, scrapedItem } from './listings-repo.js';
import { recordFromItem } from './owner-listings-repo.js';
import { byGsi, decodeCursor, encodeCursor, page } from './paging.js';
import { auditPut, type TransactItem, writeAudited } from './audited-write.js';

// Patterns 1, 3, 4, 7, 8.
const ADMIN_LISTING_STATUSES: readonly ListingStatus[] = LISTING_STATUSES;

export function adminListingStore(ddb: DynamoDBDocumentClient, tableName: string, imagesBaseUrl: string): AdminListingStore {
  const toAdmin = (r: ListingRecord): AdminListing => ({
    id: r.id,
    userId: r.userId,
    title: r.title,
    price: r.price,
    status: r.status,
    statusSetByStaff: Boolean(r.statusSetByStaff),
    ownerSuspended: Boolean(r.ownerSuspended),
    description: r.description,
    images: (r.images ?? []).map((img) => toListingImage(img, imagesBaseUrl)),
    companyName: r.companyName,
    contactName: r.contactName,
    createdAt: r.createdAt,
  });
  async function getRecord(id: string): Promise<ListingRecord | null> {
    const res = await ddb.send(new GetCommand({ TableName: tableName, Key: keys.listing(id), ConsistentRead: true }));
    return res.Item ? recordFromItem(res.Item) : null;
  }
  /** Writes a changed listing (new change-feed key, so search sees it), only if nobody changed it since. */
  async function write(next: ListingRecord, previous: ListingRecord, extra: TransactItem[] = [], audit?: NewAuditEntry) {
    const put = {
      TableName: tableName,
      Item: listingItem(next),
      ConditionExpression: 'updatedAt = :expected',
      ExpressionAttributeValues: { ':expected': previous.updatedAt },
    };
    await writeAudited(ddb, tableName, [{ Put: put }, ...extra], audit);
  }
  async function mustGet(id: string) {
    const r = await getRecord(id);
    if (!r) throw validationError('Listing not found');
    return r;
  }
  return {
    async list(filter, cursor, limit) {
      if (filter !== 'all') {
        const res = await page(ddb, byGsi(tableName, 'gsi2', `LSTATUS#${filter}`), cursor, limit);
        return { items: res.items.map((i) => toAdmin(recordFromItem(i))), nextCursor: res.nextCursor };
      }
      return listEveryStatus(ddb, tableName, toAdmin, cursor, limit);
    },
    async get(id) {
      const r = await getRecord(id);
      return r ? toAdmin(r) : null;
    },
    async setStatus(id, status, previous, at, audit) {
      const current = await mustGet(id);
      await write(
        { ...current, status, statusSetByStaff: status === 'sold' || status === 'expired', updatedAt: at },
        current,
        counterUpdateItems(tableName, { [COUNTER.listingsWithStatus(previous)]: -1, [COUNTER.listingsWithStatus(status)]: 1 }),
        audit,
      );
    },
    async setDescription(id, description, at, audit) {
      const current = await mustGet(id);
      await write({ ...current, description, updatedAt: at }, current, [], audit);
    },
    async setImages(id, imageKeys, adminId, at, audit) {
      const current = await mustGet(id);
      const existing = new Map((current.images ?? []).map((img) => [img.key, img]));
      const newKeys = imageKeys.filter((k) => !existing.has(k));
      // New images are the admin's verified uploads (the photo pipeline's pending items).
      const pending = new Map<string, StoredImage>();
      if (newKeys.length) {
        const res = await ddb.send(
          new BatchGetCommand({
            RequestItems: { [tableName]: { Keys: newKeys.map((k) => keys.pendingUpload(adminId, k)), ConsistentRead: true } },
          }),
        );
        for (const i of res.Responses?.[tableName] ?? [])
          pending.set(String(i.key), { key: String(i.key), width: Number(i.width), height: Number(i.height) });
      }
      const images = imageKeys.map((k) => {
        const img = existing.get(k) ?? pending.get(k);
        if (!img) throw validationError(`Image ${k} is not a verified upload`);
        return img;
      });
      await write({ ...current, images, updatedAt: at }, current, [], audit);
      await Promise.all(newKeys.map((k) => ddb.send(new DeleteCommand({ TableName: tableName, Key: keys.pendingUpload(adminId, k) }))));
      return { removedKeys: [...existing.keys()].filter((k) => !imageKeys.includes(k)) };
    },
    async delete(id, at, audit) {
      const { createListingsRepo } = await import('./listings-repo.js');
      return createListingsRepo({ ddb, tableName }).deleteListing(id, new Date(at), audit ? [auditPut(tableName, audit)] : []);
    },
    ...scrapedRows(ddb, tableName),
  };
}

/**
 * Every status, newest first: the partitions share the sort key (createdAt#id), so one "older
 * than" cursor continues each of them; merge their heads and keep the newest.
 */
async function listEveryStatus(
  ddb: DynamoDBDocumentClient,
  tableName: string,
  toAdmin: (r: ListingRecord) => AdminListing,
  cursor: string | undefined,
  limit: number,
) {
  let before: string | undefined;
  if (cursor) {
    const decoded = decodeCursor(cursor);
    before = typeof decoded?.before === 'string' ? decoded.before : undefined;
    if (!before) throw validationError('Invalid page cursor');
  }
  const heads = await Promise.all(
    ADMIN_LISTING_STATUSES.map(async (status) => {
      const res = await ddb.send(
        new QueryCommand({
          TableName: tableName,
          IndexName: 'gsi2',
          KeyConditionExpression: before ? 'gsi2pk = :pk AND gsi2sk < :before' : 'gsi2pk = :pk',
          ExpressionAttributeValues: { ':pk': `LSTATUS#${status}`, ...(before ? { ':before': before } : {}) },
          ScanIndexForward: false,
          Limit: limit + 1,
          // Keys only for the merge; the page's own items are read by key afterwards.
          ProjectionExpression: 'pk, sk, gsi2sk',
        }),
      );
      return res.Items ?? [];
    }),
  );
  const merged = heads.flat().sort((a, b) => String(b.gsi2sk).localeCompare(String(a.gsi2sk)));
  const top = merged.slice(0, limit);
  const more = merged.length > limit;
  const full = top.length
    ? ((await ddb.send(new BatchGetCommand({ RequestItems: { [tableName]: { Keys: top.map((k) => ({ pk: k.pk, sk: k.sk })) } } })))
        .Responses?.[tableName] ?? [])
    : [];
  const byPk = new Map(full.map((i) => [String(i.pk), i]));
  const items = top.flatMap((k) => {
    const item = byPk.get(String(k.pk));
    return item ? [toAdmin(recordFromItem(item))] : [];
  });
  return {
    items,
    nextCursor: more ? encodeCursor({ before: String(top[top.length - 1].gsi2sk) }) : null,
  };
}

/** The scraped listings' rows (hidden by staff or not) and the hide/show switch. */
function scrapedRows(ddb: DynamoDBDocumentClient, tableName: string): Pick<AdminListingStore, 'listScraped' | 'setScrapedHidden'> {
  return {
    async listScraped(hidden, cursor, limit) {
      const res = await page(ddb, byGsi(tableName, 'gsi2', `SSTATUS#${hidden ? 'inactive' : 'active'}`), cursor, limit);
      return {
        nextCursor: res.nextCursor,
        items: res.items.map(
          (i): AdminScraped => ({
            id: String(i.id),
            title: [i.year, i.make, i.model].filter(Boolean).join(' ') || 'Used Truck',
            sourceWebsite: String(i.sourceWebsite ?? ''),
            price: typeof i.price === 'number' ? i.price : null,
            isActive: Boolean(i.isActive),
            hiddenByStaff: Boolean(i.hiddenByStaff),
            scrapedAt: String(i.scrapedAt ?? ''),
          }),
        ),
      };
    },
    async setScrapedHidden(id, hidden, at, audit) {
      const res = await ddb.send(new GetCommand({ TableName: tableName, Key: keys.scraped(id), ConsistentRead: true }));
      if (!res.Item) return false;
      const { pk: _pk, sk: _sk, gsi1pk: _a, gsi1sk: _b, gsi2pk: _c, gsi2sk: _d, gsi3pk: _e, gsi3sk: _f, type: _t, ...record } = res.Item;
      const next = { ...record, isActive: !hidden, hiddenByStaff: hidden, updatedAt: at } as Parameters<typeof scrapedItem>[0];
      await writeAudited(ddb, tableName, [{ Put: { TableName: tableName, Item: scrapedItem(next) } }], audit);
      return true;
    },
  };
}
