import {
  ORDER_STATUSES,
  ORDER_STATUS_LABELS,
  type OrderStatus,
  type ShippingAddress,
  orderReference,
} from '../../../../shared/schemas/equipment.js';
import { DEALER_STATUSES, type DealerStatus } from '../../../../shared/schemas/dealer.js';
import {
  BatchGetCommand,
  DeleteCommand,
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  type PutCommandInput,
  QueryCommand,
  type QueryCommandInput,
  TransactWriteCommand,
  type TransactWriteCommandInput,
  UpdateCommand,
  type UpdateCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import type { JobRunReport } from '../../../../shared/schemas/scraper.js';
import type {
  AdminListing,
  AdminScraped,
  AdminUser,
  AuditEntry,
  InboxItem,
  InboxKind,
  JobRun,
  PageContent,
  Promotion,
} from '../../../../shared/schemas/admin.js';
import { LISTING_STATUSES, type ListingStatus } from '../../../../shared/listing-options.js';
import type {
  AdminListingStore,
  AdminUserStore,
  AnalyticsSource,
  AuditLog,
  ContentStore,
  InboxStore,
  JobRunSource,
  MediaStore,
  NewAuditEntry,
  PromotionStore,
  StoredMediaAsset,
} from '../../domain/admin/ports.js';
import { validationError } from '../../domain/errors.js';
import { type BatchRunLog, batchRunLine } from '../../domain/jobs/job-runs.js';
import type { ListingRecord, StoredImage } from '../../domain/listings/types.js';
import { toListingImage } from '../../domain/listings/to-listing.js';
import { COUNTER, counterUpdateItems, readCounters, readDailyCounters } from './counters.js';
import { keys } from './keys.js';
import { listingItem, scrapedItem } from './listings-repo.js';
import { recordFromItem } from './owner-listings-repo.js';
import { queryAll } from './query-all.js';

type Item = Record<string, unknown>;

/** Opaque page cursors: the query's LastEvaluatedKey, base64url JSON. A cursor that is not one is a 400. */
function encodeCursor(key: Item | undefined): string | null {
  return key ? Buffer.from(JSON.stringify(key)).toString('base64url') : null;
}
function decodeCursor(cursor: string | undefined): Item | undefined {
  if (!cursor) return undefined;
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (parsed && typeof parsed === 'object' && Object.values(parsed).every((v) => typeof v === 'string')) return parsed as Item;
  } catch {
    /* reported below */
  }
  throw validationError('Invalid page cursor');
}

export async function page(ddb: DynamoDBDocumentClient, input: QueryCommandInput, cursor: string | undefined, limit: number) {
  try {
    const res = await ddb.send(new QueryCommand({ ...input, Limit: limit, ExclusiveStartKey: decodeCursor(cursor) }));
    return { items: res.Items ?? [], nextCursor: encodeCursor(res.LastEvaluatedKey) };
  } catch (err) {
    if ((err as { name?: string }).name === 'ValidationException') throw validationError('Invalid page cursor');
    throw err;
  }
}

export const byGsi = (tableName: string, index: 'gsi1' | 'gsi2' | 'gsi3', pk: string): QueryCommandInput => ({
  TableName: tableName,
  IndexName: index,
  KeyConditionExpression: `${index}pk = :pk`,
  ExpressionAttributeValues: { ':pk': pk },
  ScanIndexForward: false,
});

const str = (v: unknown) => (typeof v === 'string' ? v : null);

// ---------------------------------------------------------------- audit (pattern 34)

/** One element of a TransactWriteItems request. */
export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** The audit entry as an item of the transaction that makes the change it records. */
export function auditPut(tableName: string, entry: NewAuditEntry, createdAt: string = new Date().toISOString()): TransactItem {
  const id = ulid();
  return {
    Put: {
      TableName: tableName,
      Item: { ...keys.auditEntry(entry.resourceType, entry.action, createdAt, id), type: 'AuditEntry', id, createdAt, ...entry },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

const isConditionFailure = (err: unknown) => {
  const e = err as { name?: string; CancellationReasons?: Array<{ Code?: string }> };
  return (
    e?.name === 'ConditionalCheckFailedException' ||
    (e?.name === 'TransactionCanceledException' && (e.CancellationReasons ?? []).some((r) => r.Code === 'ConditionalCheckFailed'))
  );
};

/**
 * Writes a change's items and, for a staff action, its audit entry in one TransactWriteItems
 * (issue 23): both are stored or neither is. A failed condition surfaces as
 * ConditionalCheckFailedException whether or not the write was a transaction.
 */
export async function writeAudited(ddb: DynamoDBDocumentClient, tableName: string, items: TransactItem[], audit?: NewAuditEntry) {
  const all = audit ? [...items, auditPut(tableName, audit)] : items;
  try {
    if (all.length > 1) return void (await ddb.send(new TransactWriteCommand({ TransactItems: all })));
    const [only] = all;
    if (only.Put) await ddb.send(new PutCommand(only.Put));
    else if (only.Update) await ddb.send(new UpdateCommand(only.Update as UpdateCommandInput));
    else if (only.Delete) await ddb.send(new DeleteCommand(only.Delete));
    else throw new Error('writeAudited: nothing to write');
  } catch (err) {
    if (err instanceof Error && err.name !== 'ConditionalCheckFailedException' && isConditionFailure(err)) {
      err.name = 'ConditionalCheckFailedException';
    }
    throw err;
  }
}

export function auditLog(ddb: DynamoDBDocumentClient, tableName: string, now: () => Date = () => new Date()): AuditLog {
  return {
    async record(entry) {
      await ddb.send(new PutCommand(auditPut(tableName, entry, now().toISOString()).Put as PutCommandInput));
    },
    async between(from, to) {
      return (
        await queryAll(ddb, {
          TableName: tableName,
          IndexName: 'gsi2',
          KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk BETWEEN :from AND :to',
          // Sort keys are `${createdAt}#${id}`: an entry made at `to` itself sorts after `to`.
          ExpressionAttributeValues: { ':pk': 'AUDIT', ':from': from, ':to': to },
        })
      ).map(auditFromItem);
    },
    async list(filter, cursor, limit) {
      let input: QueryCommandInput;
      if (filter.action && filter.resource) input = byGsi(tableName, 'gsi3', `AUDIT#${filter.action}#${filter.resource}`);
      else if (filter.action) input = byGsi(tableName, 'gsi1', `AUDITACT#${filter.action}`);
      else if (filter.resource)
        input = {
          TableName: tableName,
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': `AUDITRES#${filter.resource}` },
          ScanIndexForward: false,
        };
      else input = byGsi(tableName, 'gsi2', 'AUDIT');
      const res = await page(ddb, input, cursor, limit);
      return {
        nextCursor: res.nextCursor,
        items: res.items.map(auditFromItem),
      };
    },
  };
}

function auditFromItem(i: Item): AuditEntry {
  return {
    id: String(i.id),
    adminUserId: String(i.adminUserId),
    action: i.action as AuditEntry['action'],
    resourceType: i.resourceType as AuditEntry['resourceType'],
    resourceId: String(i.resourceId),
    details: (i.details as Record<string, unknown>) ?? {},
    ipAddress: str(i.ipAddress),
    userAgent: str(i.userAgent),
    createdAt: String(i.createdAt),
  };
}

// ---------------------------------------------------------------- users (patterns 10, 11, 11b, 11c, 12b)

function adminUserFromItem(i: Item): AdminUser {
  return {
    userId: String(i.userId),
    email: str(i.email),
    fullName: str(i.fullName),
    companyName: str(i.companyName),
    phone: str(i.phone),
    accountType: i.accountType === 'dealer' ? 'dealer' : 'individual',
    accountStatus: i.accountStatus === 'suspended' ? 'suspended' : 'active',
    adminRole: i.adminRole === 'super_admin' ? 'super_admin' : i.adminRole === 'admin' ? 'admin' : null,
    dealerStatus: DEALER_STATUSES.includes(i.dealerStatus as DealerStatus) ? (i.dealerStatus as DealerStatus) : 'none',
    listingCap: typeof i.listingCap === 'number' ? i.listingCap : null,
    createdAt: String(i.createdAt ?? ''),
    ...(typeof i.adminRemovedAt === 'string' ? { adminRemovedAt: i.adminRemovedAt } : {}),
  };
}

/** How many profiles one search request may read before it answers with what it found and a cursor. */
const SEARCH_READ_BUDGET = 1000;

export function adminUserStore(ddb: DynamoDBDocumentClient, tableName: string): AdminUserStore {
  async function profilesById(ids: string[]): Promise<Item[]> {
    const out: Item[] = [];
    for (let i = 0; i < ids.length; i += 100) {
      const res = await ddb.send(
        new BatchGetCommand({ RequestItems: { [tableName]: { Keys: ids.slice(i, i + 100).map((id) => keys.profile(id)) } } }),
      );
      out.push(...(res.Responses?.[tableName] ?? []));
    }
    return out.sort((a, b) => String(b.createdAt).localeCompare(String(a.createdAt)));
  }
  return {
    async list(filter, q, cursor, limit) {
      if (filter === 'admins') {
        // Staff are few: their membership items page by user id, then their profiles are read by key.
        const res = await page(
          ddb,
          { TableName: tableName, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': 'STAFF' } },
          cursor,
          limit,
        );
        const items = (await profilesById(res.items.map((i) => String(i.sk)))).map(adminUserFromItem);
        return { items: q ? items.filter((u) => matches(u, q)) : items, nextCursor: res.nextCursor };
      }
      const input =
        filter === 'dealers'
          ? byGsi(tableName, 'gsi1', 'PROFILES#dealer')
          : filter === 'individuals'
            ? byGsi(tableName, 'gsi1', 'PROFILES#individual')
            : filter === 'suspended'
              ? byGsi(tableName, 'gsi3', 'PROFILES#suspended')
              : byGsi(tableName, 'gsi2', 'PROFILES');
      if (!q) {
        const res = await page(ddb, input, cursor, limit);
        return { items: res.items.map(adminUserFromItem), nextCursor: res.nextCursor };
      }
      // Free-text search: read the partition in order, keep matches, stop at a page or at the read
      // budget (then the cursor continues from where reading stopped).
      const found: AdminUser[] = [];
      let next = cursor;
      let read = 0;
      do {
        const res = await page(
          ddb,
          {
            ...input,
            FilterExpression: 'contains(searchText, :q)',
            ExpressionAttributeValues: { ...input.ExpressionAttributeValues, ':q': q },
          },
          next,
          Math.min(200, SEARCH_READ_BUDGET - read),
        );
        read += 200;
        found.push(...res.items.map(adminUserFromItem));
        next = res.nextCursor ?? undefined;
      } while (next && found.length < limit && read < SEARCH_READ_BUDGET);
      return { items: found, nextCursor: next ?? null };
    },
    async get(userId) {
      const res = await ddb.send(new GetCommand({ TableName: tableName, Key: keys.profile(userId), ConsistentRead: true }));
      return res.Item ? adminUserFromItem(res.Item) : null;
    },
    async setStatus(userId, status, at, audit) {
      const current = await ddb.send(new GetCommand({ TableName: tableName, Key: keys.profile(userId), ConsistentRead: true }));
      const createdAt = String(current.Item?.createdAt ?? at);
      const flag = keys.suspendedProfile(createdAt, userId);
      await writeAudited(
        ddb,
        tableName,
        [
          {
            Update: {
              TableName: tableName,
              Key: keys.profile(userId),
              ConditionExpression: 'attribute_exists(pk)',
              ...(status === 'suspended'
                ? {
                    UpdateExpression: 'SET accountStatus = :s, updatedAt = :at, gsi3pk = :g3pk, gsi3sk = :g3sk',
                    ExpressionAttributeValues: { ':s': status, ':at': at, ':g3pk': flag.gsi3pk, ':g3sk': flag.gsi3sk },
                  }
                : {
                    UpdateExpression: 'SET accountStatus = :s, updatedAt = :at REMOVE gsi3pk, gsi3sk',
                    ExpressionAttributeValues: { ':s': status, ':at': at },
                  }),
            },
          },
        ],
        audit,
      );
    },
    async setRole(userId, role, at, audit) {
      await writeAudited(
        ddb,
        tableName,
        [
          {
            Update: {
              TableName: tableName,
              Key: keys.profile(userId),
              ConditionExpression: 'attribute_exists(pk)',
              // A new grant ends an earlier removal (the gate's adminRemovedAt check).
              UpdateExpression: 'SET adminRole = :r, updatedAt = :at REMOVE adminRemovedAt',
              ExpressionAttributeValues: { ':r': role, ':at': at },
            },
          },
          { Put: { TableName: tableName, Item: { ...keys.staffMember(userId), role, since: at } } },
        ],
        audit,
      );
    },
    async removeRole(userId, expected, at, audit) {
      await writeAudited(
        ddb,
        tableName,
        [
          {
            Update: {
              TableName: tableName,
              Key: keys.profile(userId),
              // Only the role the decision was made on: a concurrent change makes this a conflict.
              ...(expected
                ? { ConditionExpression: 'adminRole = :expected', ExpressionAttributeValues: { ':expected': expected, ':at': at } }
                : {
                    ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(adminRole)',
                    ExpressionAttributeValues: { ':at': at },
                  }),
              UpdateExpression: 'SET adminRemovedAt = :at, updatedAt = :at REMOVE adminRole',
            },
          },
          { Delete: { TableName: tableName, Key: keys.staffMember(userId) } },
        ],
        audit,
      );
    },
  };
}

const matches = (u: AdminUser, q: string) =>
  [u.fullName, u.email, u.companyName, u.phone].filter(Boolean).join(' ').toLowerCase().includes(q);

// ---------------------------------------------------------------- listings (patterns 1, 3, 4, 7, 8)

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
      // Every status, newest first: the partitions share the sort key (createdAt#id), so one
      // "older than" cursor continues each of them; merge their heads and keep the newest.
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
    async setOwnerSuspended(userId, suspended, at) {
      const owned = await queryAll(ddb, byGsi(tableName, 'gsi1', `OWNER#${userId}`));
      let changed = 0;
      for (const item of owned) {
        const r = recordFromItem(item);
        if (Boolean(r.ownerSuspended) === suspended) continue;
        const next: ListingRecord = { ...r, updatedAt: at };
        if (suspended) next.ownerSuspended = true;
        else delete next.ownerSuspended;
        await write(next, r);
        changed++;
      }
      return changed;
    },
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

// ---------------------------------------------------------------- page content (pattern 32)

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

// ---------------------------------------------------------------- promotions (pattern 33)

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

// ---------------------------------------------------------------- media (pattern 31)

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

// ---------------------------------------------------------------- inbox (patterns 25, 26, 27)

export function inboxStore(ddb: DynamoDBDocumentClient, tableName: string, photoUrl: (key: string) => Promise<string>): InboxStore {
  const keyOf = (kind: InboxKind, id: string) =>
    kind === 'contacts' ? keys.contactMessage(id) : kind === 'orders' ? keys.equipmentOrder(id) : keys.valuationRequest(id);
  const partitionOf = (kind: InboxKind) => ({ contacts: 'CONTACTS', valuations: 'VALUATIONS', orders: 'ORDERS' })[kind];
  async function toItem(kind: InboxKind, i: Item): Promise<InboxItem> {
    const common = {
      id: String(i.id),
      kind,
      createdAt: String(i.createdAt),
      status: (i.status === 'in_progress' || i.status === 'done' ? i.status : 'new') as InboxItem['status'],
      assignee: str(i.assignee),
      note: str(i.note),
      // Set on a platinum subscriber's contact message (domain/contact/send-contact-message.ts); its GSI2 key `P#…` lists it first.
      priority: i.priority === true,
    };
    if (kind === 'contacts') {
      return {
        ...common,
        from: `${i.firstName ?? ''} ${i.lastName ?? ''}`.trim(),
        email: String(i.email ?? ''),
        subject: String(i.subject ?? ''),
        body: String(i.message ?? ''),
        photos: [],
        details: { phone: i.phone ?? null },
      };
    }
    if (kind === 'orders') {
      // Equipment orders (pattern 27): paid at checkout; staff track dispatch with status and note.
      const lines = Array.isArray(i.lines) ? (i.lines as Array<{ name?: unknown; quantity?: unknown; unitAmount?: unknown }>) : [];
      const pounds = (pence: number) => `£${(pence / 100).toFixed(2)}`;
      // The order's own status (Paid → Dispatched → Delivered, or Cancelled/Refunded) is orderStatus;
      // `status` is the Inbox's triage state, as for the other kinds.
      const orderStatus = ORDER_STATUSES.includes(i.orderStatus as OrderStatus) ? (i.orderStatus as OrderStatus) : 'paid';
      const reference = str(i.reference) ?? orderReference(String(i.id));
      const ship = (i.shipping ?? null) as ShippingAddress | null;
      return {
        ...common,
        from: String(i.email ?? ''),
        email: String(i.email ?? ''),
        subject: `Equipment order ${reference}: ${pounds(Number(i.amountTotal ?? 0))} · ${ORDER_STATUS_LABELS[orderStatus]}`,
        body: lines
          .map((l) => `${Number(l.quantity)} × ${String(l.name)} (${pounds(Number(l.unitAmount) * Number(l.quantity))})`)
          .join('\n'),
        photos: [],
        details: {
          orderId: String(i.id),
          reference,
          orderStatus,
          userId: i.userId ?? null,
          paid: pounds(Number(i.amountTotal ?? 0)),
          deliverTo: ship ? [ship.name, ship.line1, ship.line2, ship.city, ship.postcode].filter(Boolean).join(', ') : null,
          phone: str(i.phone),
          carrier: str(i.carrier),
          trackingReference: str(i.trackingReference),
        },
      };
    }
    const imageKeys = Array.isArray(i.imageKeys) ? i.imageKeys.map(String) : [];
    return {
      ...common,
      from: String(i.contactName ?? ''),
      email: String(i.contactEmail ?? ''),
      subject: `Valuation: ${i.age ?? ''} ${i.make ?? ''} ${i.model ?? ''}`.replace(/\s+/g, ' ').trim(),
      body: String(i.additionalInfo ?? ''),
      photos: await Promise.all(imageKeys.map(photoUrl)),
      details: {
        vehicleType: i.vehicleType,
        mileage: i.mileage,
        motStatus: i.motStatus,
        wheelConfiguration: i.wheelConfiguration,
        horsePower: i.horsePower ?? null,
        transmissionType: i.transmissionType ?? null,
        phone: i.contactPhone,
        company: i.company ?? null,
      },
    };
  }
  return {
    async list(kind, cursor, limit) {
      const res = await page(ddb, byGsi(tableName, 'gsi2', partitionOf(kind)), cursor, limit);
      const items = await Promise.all(res.items.map((i) => toItem(kind, i)));
      // Priority messages first within the page (the page itself stays newest first).
      items.sort((a, b) => Number(b.priority) - Number(a.priority));
      return { items, nextCursor: res.nextCursor };
    },
    async get(kind, id) {
      const res = await ddb.send(new GetCommand({ TableName: tableName, Key: keyOf(kind, id), ConsistentRead: true }));
      return res.Item ? toItem(kind, res.Item) : null;
    },
    async update(kind, id, changes, at, audit) {
      const sets = ['updatedAt = :at'];
      const values: Record<string, unknown> = { ':at': at };
      const names: Record<string, string> = {};
      for (const [k, v] of Object.entries(changes)) {
        if (v === undefined) continue;
        names[`#${k}`] = k;
        values[`:${k}`] = v;
        sets.push(`#${k} = :${k}`);
      }
      try {
        // A transaction returns no attributes: the item is read again after the write.
        await writeAudited(
          ddb,
          tableName,
          [
            {
              Update: {
                TableName: tableName,
                Key: keyOf(kind, id),
                ConditionExpression: 'attribute_exists(pk)',
                UpdateExpression: `SET ${sets.join(', ')}`,
                ...(Object.keys(names).length ? { ExpressionAttributeNames: names } : {}),
                ExpressionAttributeValues: values,
              },
            },
          ],
          audit,
        );
      } catch (err) {
        if ((err as { name?: string }).name === 'ConditionalCheckFailedException') return null;
        throw err;
      }
      const res = await ddb.send(new GetCommand({ TableName: tableName, Key: keyOf(kind, id), ConsistentRead: true }));
      return res.Item ? toItem(kind, res.Item) : null;
    },
  };
}

// ---------------------------------------------------------------- analytics and job runs (patterns 35, 30)

export function analyticsSource(ddb: DynamoDBDocumentClient, tableName: string): AnalyticsSource {
  return {
    counters: (names) => readCounters(ddb, tableName, names),
    daily: (prefix, from, to) => readDailyCounters(ddb, tableName, prefix, from, to),
  };
}

/**
 * The Jobs panel's rows (GET /api/admin/jobs, the one endpoint for job runs), newest first: the
 * scraper's own run reports, one line per run totalled over its sources, and the batch jobs' runs
 * (the alert digests, domain/jobs/job-runs.ts).
 */
export function jobRunSource(
  runs: { recentRuns(limit: number): Promise<JobRunReport[]> },
  batchRuns: Pick<BatchRunLog, 'recent'>,
): JobRunSource {
  return {
    async recent(limit) {
      const [scraped, batched] = await Promise.all([runs.recentRuns(limit), batchRuns.recent(limit)]);
      return [...scraped.map(scraperRunLine), ...batched.map(batchRunLine)]
        .sort((a, b) => b.startedAt.localeCompare(a.startedAt))
        .slice(0, limit);
    },
  };
}

function scraperRunLine(run: JobRunReport): JobRun {
  const total = (k: 'pagesFetched' | 'new' | 'updated' | 'deactivated') => run.sources.reduce((n, src) => n + src[k], 0);
  const failed = run.sources.filter((src) => src.status === 'failed' || src.status === 'blocked' || src.status === 'partial');
  const summary = `${run.sources.length} sources, ${total('pagesFetched')} pages: ${total('new')} new, ${total('updated')} updated, ${total('deactivated')} deactivated${
    failed.length ? `; ${failed.map((src) => `${src.sourceName} ${src.status}`).join(', ')}` : ''
  }`;
  return { jobId: run.job, startedAt: run.startedAt, finishedAt: run.finishedAt, ok: failed.length === 0, summary: summary.slice(0, 500) };
}
