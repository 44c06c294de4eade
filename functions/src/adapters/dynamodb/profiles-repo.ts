import { type DynamoDBDocumentClient, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Profile, ProfileStore } from '../../domain/accounts/profiles.js';
import { keys } from './keys.js';

const PROFILE_KEY_ATTRIBUTES = ['pk', 'sk', 'gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk'];

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
    createdAt: String(p.createdAt ?? ''),
    updatedAt: String(p.updatedAt ?? p.createdAt ?? ''),
  } as Profile;
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
        await ddb.send(
          new PutCommand({
            TableName: tableName,
            Item: { ...keys.profile(profile.userId), ...keys.profilesByDate(profile.createdAt, profile.userId), ...profile },
            ConditionExpression: 'attribute_not_exists(pk)',
          }),
        );
        return profile;
      } catch (err) {
        if ((err as { name?: string }).name !== 'ConditionalCheckFailedException') throw err;
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
        return res.Attributes ? profileFromItem(res.Attributes) : null;
      } catch (err) {
        if ((err as { name?: string }).name === 'ConditionalCheckFailedException') return null;
        throw err;
      }
    },
  };
}
