import { type DynamoDBDocumentClient, GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { DEALER_STATUSES, type DealerStatus } from '../../../../shared/schemas/dealer.js';
import type { Profile, ProfileStore } from '../../domain/accounts/profiles.js';
import { COUNTER, counterUpdateItems, dayOf } from './counters.js';
import { keys } from './keys.js';

const isConditionFailure = (err: unknown) => {
  const e = err as { name?: string; CancellationReasons?: Array<{ Code?: string }> };
  return (
    e?.name === 'ConditionalCheckFailedException' ||
    (e?.name === 'TransactionCanceledException' && (e.CancellationReasons ?? []).some((r) => r.Code === 'ConditionalCheckFailed'))
  );
};

const PROFILE_KEY_ATTRIBUTES = ['pk', 'sk', 'gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk', 'gsi3pk', 'gsi3sk', 'searchText', 'adminRole'];

function profileFromItem(item: Record<string, unknown>): Profile {
  const p: Record<string, unknown> = { ...item };
  for (const k of PROFILE_KEY_ATTRIBUTES) delete p[k];
  return {
    userId: String(p.userId),
    fullName: (p.fullName as string | null | undefined) ?? null,
    companyName: (p.companyName as string | null | undefined) ?? null,
    phone: (p.phone as string | null | undefined) ?? null,
    email: (p.email as string | null | undefined) ?? null,
    accountStatus: p.accountStatus === 'suspended' ? 'suspended' : 'active',
    accountType: p.accountType === 'dealer' ? 'dealer' : 'individual',
    dealerStatus: DEALER_STATUSES.includes(p.dealerStatus as DealerStatus) ? (p.dealerStatus as DealerStatus) : 'none',
    listingCap: typeof p.listingCap === 'number' ? p.listingCap : null,
    stockImportsTrusted: p.stockImportsTrusted === true,
    createdAt: String(p.createdAt ?? ''),
    updatedAt: String(p.updatedAt ?? p.createdAt ?? ''),
  } as Profile;
}

/** The stored item of a new profile: patterns 10, 11 (all, newest first) and 11b (by account type), plus lower-cased text for the admin search. */
export function profileItem(profile: Profile, adminRole: string | null = null): Record<string, unknown> {
  return {
    ...keys.profile(profile.userId),
    ...keys.profilesByDate(profile.createdAt, profile.userId),
    ...keys.profilesByType(profile.accountType, profile.createdAt, profile.userId),
    ...profile,
    adminRole,
    searchText: profileSearchText(profile),
  };
}

function profileSearchText(p: Pick<Profile, 'fullName' | 'email' | 'companyName' | 'phone'>): string {
  return [p.fullName, p.email, p.companyName, p.phone].filter(Boolean).join(' ').toLowerCase();
}

/** Profiles (pattern 10), indexed for admins newest first (pattern 11). */
export function profileStore(ddb: DynamoDBDocumentClient, tableName: string): ProfileStore {
  async function get(userId: string): Promise<Profile | null> {
    const res = await ddb.send(new GetCommand({ TableName: tableName, Key: keys.profile(userId), ConsistentRead: true }));
    return res.Item ? profileFromItem(res.Item) : null;
  }
  return {
    get,
    async createIfAbsent(profile) {
      try {
        // The profile and the analytics counters move together (a retried trigger adds nothing).
        await ddb.send(
          new TransactWriteCommand({
            TransactItems: [
              { Put: { TableName: tableName, Item: profileItem(profile), ConditionExpression: 'attribute_not_exists(pk)' } },
              ...counterUpdateItems(tableName, {
                [COUNTER.users]: 1,
                [COUNTER.dealers]: profile.accountType === 'dealer' ? 1 : 0,
                [COUNTER.signupsOn(dayOf(profile.createdAt))]: 1,
              }),
            ],
          }),
        );
        return profile;
      } catch (err) {
        if (!isConditionFailure(err)) throw err;
        const existing = await get(profile.userId);
        if (!existing) throw err;
        return existing;
      }
    },
    async update(userId, changes, updatedAt) {
      const entries = Object.entries(changes).filter(([, v]) => v !== undefined);
      const names: Record<string, string> = { '#updatedAt': 'updatedAt' };
      const values: Record<string, unknown> = { ':updatedAt': updatedAt };
      const sets = ['#updatedAt = :updatedAt'];
      entries.forEach(([field, value], i) => {
        names[`#f${i}`] = field;
        values[`:v${i}`] = value;
        sets.push(`#f${i} = :v${i}`);
      });
      try {
        const res = await ddb.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.profile(userId),
            UpdateExpression: `SET ${sets.join(', ')}`,
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeNames: names,
            ExpressionAttributeValues: values,
            ReturnValues: 'ALL_NEW',
          }),
        );
        if (!res.Attributes) return null;
        const profile = profileFromItem(res.Attributes);
        // Keep the admin search text in step with the name, company and phone.
        await ddb.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.profile(userId),
            UpdateExpression: 'SET searchText = :t',
            ExpressionAttributeValues: { ':t': profileSearchText(profile) },
          }),
        );
        return profile;
      } catch (err) {
        if ((err as { name?: string }).name === 'ConditionalCheckFailedException') return null;
        throw err;
      }
    },
  };
}
