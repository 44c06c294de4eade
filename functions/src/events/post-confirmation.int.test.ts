import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestTable } from '../../../dev/testing/harness.js';
import { keys } from '../adapters/dynamodb/keys.js';
import { storefrontStore } from '../adapters/dynamodb/storefronts-repo.js';

let table: Awaited<ReturnType<typeof createTestTable>>;
let ddb: DynamoDBDocumentClient;
let handler: (e: PostConfirmationTriggerEvent) => Promise<PostConfirmationTriggerEvent>;

const event = (
  sub: string,
  attributes: Record<string, string>,
  triggerSource: PostConfirmationTriggerEvent['triggerSource'] = 'PostConfirmation_ConfirmSignUp',
  clientMetadata?: Record<string, string>,
): PostConfirmationTriggerEvent => ({
  version: '1',
  region: 'eu-west-2',
  userPoolId: 'local_pool',
  userName: sub,
  callerContext: { awsSdkVersion: 'test', clientId: 'client' },
  triggerSource,
  request: { userAttributes: { sub, ...attributes }, ...(clientMetadata ? { clientMetadata } : {}) },
  response: {},
});

const profileItem = async (sub: string) =>
  (await ddb.send(new GetCommand({ TableName: table.tableName, Key: keys.profile(sub), ConsistentRead: true }))).Item;

beforeAll(async () => {
  table = await createTestTable('post-confirmation');
  ddb = DynamoDBDocumentClient.from(new DynamoDBClient({}));
  ({ handler } = await import('./post-confirmation.js'));
});
afterAll(async () => {
  ddb?.destroy();
  await table?.drop();
});

describe('Cognito post-confirmation trigger', () => {
  it('creates an active profile with the sign-up details, listed for admins under PROFILES', async () => {
    const e = event('sub-dealer', { name: 'Dana Dealer', phone_number: '+447700900321', email: 'dana@example.test' }, undefined, {
      accountType: 'dealer',
    });
    expect(await handler(e)).toBe(e);
    expect(await profileItem('sub-dealer')).toMatchObject({
      userId: 'sub-dealer',
      fullName: 'Dana Dealer',
      phone: '+447700900321',
      email: 'dana@example.test',
      accountStatus: 'active',
      accountType: 'dealer',
      gsi2pk: 'PROFILES',
    });
  });

  it("makes a dealer's storefront at sign-up, once however often Cognito retries; an individual gets none", async () => {
    const store = storefrontStore(ddb, table.tableName);
    const dealer = event(
      'sub-yard',
      { name: 'Yara Yard', email: 'yara@example.test', 'custom:company_name': 'Yard Trucks Ltd' },
      undefined,
      {
        accountType: 'dealer',
      },
    );
    await handler(dealer);
    await handler(dealer);
    expect(await store.slugOfUser('sub-yard')).toBe('yard-trucks-ltd');
    expect(await store.bySlug('yard-trucks-ltd')).toMatchObject({
      kind: 'storefront',
      record: { userId: 'sub-yard', companyName: 'Yard Trucks Ltd' },
    });
    expect(await store.bySlug('yard-trucks-ltd-2')).toBeNull();
    await handler(event('sub-private', { name: 'Pat Private', email: 'pat@example.test' }));
    expect(await store.slugOfUser('sub-private')).toBeNull();
  });

  it('keeps the first profile when Cognito retries the trigger', async () => {
    await handler(event('sub-retry', { name: 'First' }));
    await handler(event('sub-retry', { name: 'Second' }));
    expect((await profileItem('sub-retry'))?.fullName).toBe('First');
  });

  it('does nothing for a confirmed forgotten password', async () => {
    await handler(event('sub-forgot', { name: 'Nobody' }, 'PostConfirmation_ConfirmForgotPassword'));
    expect(await profileItem('sub-forgot')).toBeUndefined();
  });
});
