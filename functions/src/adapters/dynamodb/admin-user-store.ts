import { DEALER_STATUSES, type DealerStatus } from '../../../../shared/schemas/dealer.js';
import { BatchGetCommand, type DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { type AdminUser, LISTINGS_SYNC, type ListingsSync } from '../../../../shared/schemas/admin.js';
import type { AdminUserStore } from '../../domain/admin/ports.js';
import { keys } from './keys.js';
import { type Item, str } from './item-fields.js';
import { byGsi, page } from './paging.js';
import { writeAudited } from './audited-write.js';

// Patterns 10, 11, 11b, 11c, 12b.
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
    // Pattern 10 (+): the profile keeps its storefront's slug and, since staff's last change, its hide state.
    ...(typeof i.storefrontSlug === 'string' ? { storefront: { slug: i.storefrontSlug, hidden: i.storefrontHidden === true } } : {}),
    // Set with the status, removed by the account-listings job when the listings follow it.
    ...(LISTINGS_SYNC.includes(i.listingsSync as ListingsSync) ? { listingsSync: i.listingsSync as ListingsSync } : {}),
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
    async setStatus(userId, status, listingsJobId, at, audit) {
      const current = await ddb.send(new GetCommand({ TableName: tableName, Key: keys.profile(userId), ConsistentRead: true }));
      const createdAt = String(current.Item?.createdAt ?? at);
      const flag = keys.suspendedProfile(createdAt, userId);
      const job = { ':s': status, ':at': at, ':job': listingsJobId, ':sync': status === 'suspended' ? 'hiding' : 'showing' };
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
                    UpdateExpression:
                      'SET accountStatus = :s, updatedAt = :at, listingsJobId = :job, listingsSync = :sync, gsi3pk = :g3pk, gsi3sk = :g3sk',
                    ExpressionAttributeValues: { ...job, ':g3pk': flag.gsi3pk, ':g3sk': flag.gsi3sk },
                  }
                : {
                    UpdateExpression:
                      'SET accountStatus = :s, updatedAt = :at, listingsJobId = :job, listingsSync = :sync REMOVE gsi3pk, gsi3sk',
                    ExpressionAttributeValues: job,
                  }),
            },
          },
        ],
        audit,
      );
    },
    async listingsJobId(userId) {
      const res = await ddb.send(
        new GetCommand({ TableName: tableName, Key: keys.profile(userId), ConsistentRead: true, ProjectionExpression: 'listingsJobId' }),
      );
      return typeof res.Item?.listingsJobId === 'string' ? res.Item.listingsJobId : null;
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
