import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeCognitoClient } from '../../../../dev/bootstrap.js';
import type { StripeStandIn } from '../../../../dev/stripe/stand-in.js';
import {
  type TestApi,
  type TestUser,
  applyLocalCloudEnv,
  createTestUser,
  startTestApi,
  apiCaller,
} from '../../../../dev/testing/harness.js';
import { REAUTH_REQUIRED_MESSAGE, RETAINED_ON_DELETION, WRONG_PASSWORD_MESSAGE } from '../../../../shared/schemas/account.js';
import { contactMessageStore } from '../../adapters/dynamodb/contact-messages-repo.js';
import { readCounters } from '../../adapters/dynamodb/counters.js';
import { keys } from '../../adapters/dynamodb/keys.js';
import { valuationRequestStore } from '../../adapters/dynamodb/valuation-requests-repo.js';
import { indexMessagesBySender } from '../../deploy/data-migrations.js';
import { pendingUploadStore } from '../../adapters/dynamodb/owner-listings-repo.js';
import { s3 } from '../../adapters/s3/client.js';
/** The rule's value, stated here rather than imported, so a change to it fails this test. */
const ACCOUNT_DELETED_MESSAGE = 'This account has been deleted. Please sign in with another account.';
/** The rule's value, stated here rather than imported, so a change to it fails this test. */
const REDACTED_SENDER = 'Deleted account';

/**
 * The account page's data download and deletion (issue 10 §6, UK GDPR) against the real stand-ins:
 * DynamoDB Local, s3rver, cognito-local and the local Stripe stand-in.
 */
let api: TestApi;
let stripe: StripeStandIn;
let ddb: DynamoDBDocumentClient;
let leaver: TestUser;
let stayer: TestUser;
const bucket = () => process.env.BUCKET_TRUCK_IMAGES ?? 'truck-images';
const privateBucket = () => process.env.BUCKET_PRIVATE_UPLOADS ?? 'private-uploads';

const objectExists = (Bucket: string, Key: string) =>
  s3
    .send(new HeadObjectCommand({ Bucket, Key }))
    .then(() => true)
    .catch(() => false);

/** A contact message and a valuation request sent (signed out) from this address, as their forms store them. */
async function messagesFrom(email: string, tag: string) {
  const createdAt = new Date().toISOString();
  const contactId = ulid();
  const valuationId = ulid();
  await contactMessageStore(ddb, api.tableName).save({
    id: contactId,
    createdAt,
    firstName: 'Lee',
    lastName: tag,
    email,
    phone: '07700 900456',
    subject: `About my listing ${tag}`,
    message: `Please call me back about ${tag}.`,
    status: 'new',
  });
  await valuationRequestStore(ddb, api.tableName).save({
    id: valuationId,
    createdAt,
    make: 'DAF',
    model: 'XF',
    vehicleType: 'articulated',
    age: 6,
    mileage: 410000,
    motStatus: 'valid',
    wheelConfiguration: '4x2',
    additionalInfo: `Valuation text ${tag}`,
    contactName: `Lee ${tag}`,
    contactEmail: email,
    contactPhone: '07700 900789',
    company: 'Leaver Haulage',
    imageKeys: [],
    status: 'new',
  });
  return { contactId, valuationId };
}

const item = async (key: { pk: string; sk: string }) =>
  (await ddb.send(new GetCommand({ TableName: api.tableName, Key: key, ConsistentRead: true }))).Item;

const call = apiCaller(() => api);

const sellBody = (who: TestUser, images: string[] = []) => ({
  make: 'scania',
  model: 'R450',
  year: 2019,
  category: 'articulated',
  price: 38500,
  contactName: who.name,
  phone: '07700 900777',
  email: who.email,
  location: 'Manchester',
  postcode: 'M17 1HB',
  images,
});

/** A processed photo as /complete leaves it: files in the public bucket and a pending-upload item. */
async function processedPhoto(who: TestUser): Promise<string> {
  const key = `listings/${ulid()}`;
  for (const file of ['original.jpg', 'w400.webp', 'w800.webp', 'w1600.webp'])
    await s3.send(new PutObjectCommand({ Bucket: bucket(), Key: `${key}/${file}`, Body: 'x', ContentType: 'image/jpeg' }));
  await pendingUploadStore(ddb, api.tableName).remember(who.userId, [{ key, width: 1200, height: 900 }]);
  return key;
}

const fileExists = (key: string) =>
  s3
    .send(new HeadObjectCommand({ Bucket: bucket(), Key: `${key}/original.jpg` }))
    .then(() => true)
    .catch(() => false);

const partition = async (userId: string) =>
  (
    await ddb.send(
      new QueryCommand({
        TableName: api.tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.profile(userId).pk },
        ConsistentRead: true,
      }),
    )
  ).Items ?? [];

const byIndex = async (index: string, pk: string) =>
  (
    await ddb.send(
      new QueryCommand({
        TableName: api.tableName,
        IndexName: index,
        KeyConditionExpression: `${index}pk = :pk`,
        ExpressionAttributeValues: { ':pk': pk },
      }),
    )
  ).Items ?? [];

async function canSignIn(who: TestUser): Promise<boolean> {
  const env = applyLocalCloudEnv();
  const cognito = makeCognitoClient(env.AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER);
  try {
    const res = await cognito.send(
      new InitiateAuthCommand({
        ClientId: env.COGNITO_CLIENT_ID,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: who.email, PASSWORD: who.password },
      }),
    );
    return Boolean(res.AuthenticationResult?.AccessToken);
  } catch {
    return false;
  } finally {
    cognito.destroy();
  }
}

/** Everything an account can have: a paid plan, a listing with a photo, a stray upload, a saved truck, an enquiry sent. */
async function furnish(who: TestUser, otherListingId: string) {
  const prefs = { name: who.name, phone: '07700 900123', email: who.email, make: 'volvo', budgetMax: 60000, frequency: 'daily' };
  expect((await call('PUT', '/api/alert-preferences', who, prefs)).status).toBe(200);
  const checkout = await call('POST', '/api/subscription/checkout', who, { tier: 'gold' });
  expect(checkout.status).toBe(200);
  const session = stripe.completeCheckout(String(checkout.body.url).split('/').pop() as string);
  await stripe.idle();
  const photo = await processedPhoto(who);
  const stray = await processedPhoto(who);
  const listing = await call('POST', '/api/my-listings', who, sellBody(who, [photo]));
  expect(listing.status, JSON.stringify(listing.body)).toBe(201);
  expect((await call('PUT', `/api/saved/${otherListingId}`, who)).status).toBeLessThan(300);
  expect(
    (await call('POST', '/api/saved-searches', who, { name: 'Volvos near Leeds', params: { make: 'volvo', location: 'Leeds' } })).status,
  ).toBe(201);
  const enquiry = await call('POST', `/api/listings/${otherListingId}/enquiries`, who, {
    phone: '07700 900123',
    message: 'Is this truck still available for viewing next week?',
  });
  expect(enquiry.status, JSON.stringify(enquiry.body)).toBeLessThan(300);
  const stockFile = `imports/${who.userId}/${ulid()}.csv`;
  await s3.send(new PutObjectCommand({ Bucket: privateBucket(), Key: stockFile, Body: 'make,model\n', ContentType: 'text/csv' }));
  // Sent from the account's address in capitals: addresses match whatever their case.
  const messages = await messagesFrom(who.email.toUpperCase(), 'leaver');
  return { subscriptionId: String(session.subscription), listingId: String(listing.body.id), photo, stray, stockFile, messages };
}

let stayerListingId: string;
let stayerStockFile: string;
let stayerMessages: Awaited<ReturnType<typeof messagesFrom>>;

beforeAll(async () => {
  api = await startTestApi({ tablePrefix: 'account-data' });
  stripe = api.server.stripe as StripeStandIn;
  ddb = DynamoDBDocumentClient.from(new DynamoDBClient({}));
  [leaver, stayer] = await Promise.all([createTestUser({ name: 'Lee Leaver' }), createTestUser({ name: 'Stacey Stayer' })]);
  const own = await call('POST', '/api/my-listings', stayer, sellBody(stayer));
  expect(own.status).toBe(201);
  stayerListingId = String(own.body.id);
  stayerStockFile = `imports/${stayer.userId}/${ulid()}.csv`;
  await s3.send(new PutObjectCommand({ Bucket: privateBucket(), Key: stayerStockFile, Body: 'make\n', ContentType: 'text/csv' }));
  stayerMessages = await messagesFrom(stayer.email, 'stayer');
});

afterAll(async () => {
  ddb?.destroy();
  await api?.close();
});

describe('account data download and deletion', () => {
  let owned: Awaited<ReturnType<typeof furnish>>;

  beforeAll(async () => {
    owned = await furnish(leaver, stayerListingId);
  });

  it('downloads everything held about the caller as JSON, and only theirs', async () => {
    // Act
    const res = await call('GET', '/api/me/export', leaver);
    // Assess
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="truckyard-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(res.headers.get('cache-control')).toContain('no-store');
    const data = res.body;
    expect(data.userId).toBe(leaver.userId);
    expect(data.listings.map((l: { id: string }) => l.id)).toEqual([owned.listingId]);
    expect(data.savedTrucks.map((s: { listingId: string }) => s.listingId)).toEqual([stayerListingId]);
    expect(data.savedSearches).toMatchObject([{ name: 'Volvos near Leeds', params: { make: 'volvo', location: 'Leeds' } }]);
    expect(data.alertPreferences).toMatchObject({ email: leaver.email, make: 'volvo' });
    expect(data.subscription).toMatchObject({ subscriptionId: owned.subscriptionId, status: 'active', tier: 'gold' });
    expect(data.paymentCustomerId).toMatch(/^cus_/);
    expect(data.enquiriesSent).toHaveLength(1);
    expect(data.enquiriesSent[0]).toMatchObject({ listingId: stayerListingId, buyerId: leaver.userId });
    expect(data.pendingUploads.map((u: { key: string }) => u.key)).toEqual([owned.stray]);
    expect(data.retainedOnDeletion).toBe(RETAINED_ON_DELETION);
    // The contact and valuation messages sent from the account's address, and only those.
    expect(data.messagesSent.map((m: { id: string }) => m.id).sort()).toEqual(
      [owned.messages.contactId, owned.messages.valuationId].sort(),
    );
    expect(data.messagesSent.find((m: { id: string }) => m.id === owned.messages.contactId)).toMatchObject({
      message: 'Please call me back about leaver.',
      phone: '07700 900456',
    });
    // Storage keys are ours, not the person's data.
    expect(JSON.stringify(data)).not.toMatch(/"gsi\dpk"|"pk":/);
    // Nothing of the other user's.
    expect(JSON.stringify(data)).not.toContain(stayer.email);
  });

  it('refuses the download and deletion without sign-in, and deletion without the typed confirmation', async () => {
    expect((await call('GET', '/api/me/export', null)).status).toBe(401);
    expect((await call('DELETE', '/api/me', null, { confirm: 'DELETE' })).status).toBe(401);
    const unconfirmed = await call('DELETE', '/api/me', leaver, { confirm: 'delete' });
    expect(unconfirmed.status).toBe(400);
    expect((await call('DELETE', '/api/me', leaver)).status).toBe(400);
    expect(await canSignIn(leaver)).toBe(true);
  });

  it('finds messages stored before the sender index once the deploy step has indexed them', async () => {
    // Prepare: a contact message as stored before pattern 61 (no GSI1 keys).
    const at = new Date().toISOString();
    await ddb.send(
      new PutCommand({
        TableName: api.tableName,
        Item: {
          ...keys.contactMessage('legacy-1'),
          ...keys.contactMessagesByDate(at),
          type: 'ContactMessage',
          id: 'legacy-1',
          createdAt: at,
          firstName: 'Stacey',
          lastName: 'Old',
          email: stayer.email,
          subject: 'Old',
          message: 'Stored long ago',
          status: 'new',
        },
      }),
    );
    const before = await call('GET', '/api/me/export', stayer);
    expect(before.body.messagesSent.map((m: { id: string }) => m.id)).not.toContain('legacy-1');
    // Act
    expect((await indexMessagesBySender(ddb, api.tableName)).indexed).toBe(1);
    // Assess
    const after = await call('GET', '/api/me/export', stayer);
    expect(after.body.messagesSent.map((m: { id: string }) => m.id)).toContain('legacy-1');
    expect((await indexMessagesBySender(ddb, api.tableName)).indexed).toBe(0);
  });

  it('one user can neither download nor delete another: the caller is the token, never a parameter', async () => {
    // Act: the stayer names the leaver every way a client could.
    const download = await call('GET', `/api/me/export?userId=${leaver.userId}`, stayer);
    const erase = await call('DELETE', `/api/me?userId=${leaver.userId}`, stayer, { confirm: 'DELETE', userId: leaver.userId });
    // Assess: the download is the stayer's own; the delete names an unknown field and is refused.
    expect(download.body.userId).toBe(stayer.userId);
    expect(download.body.listings.map((l: { id: string }) => l.id)).toEqual([stayerListingId]);
    expect(erase.status).toBe(400);
    expect((await partition(leaver.userId)).some((i) => i.sk === 'PROFILE')).toBe(true);
    expect(await canSignIn(leaver)).toBe(true);
  });

  it('deletes the account: subscription cancelled, listings, photos, saved trucks, preferences, enquiries sent and the sign-in gone; payment records kept', async () => {
    // Prepare
    const usersBefore = (await readCounters(ddb, api.tableName, ['users'])).users;
    // Act
    const res = await call('DELETE', '/api/me', leaver, { confirm: 'DELETE' });
    await stripe.idle();
    // Assess: the answer.
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      deleted: { listings: 1, photos: 2, savedTrucks: 1, enquiriesSent: 1, subscriptionCancelled: true, signIn: true },
      retained: RETAINED_ON_DELETION,
    });
    // The subscription ended at Stripe now, not at the period's end.
    const stripeSub = (await (await fetch(`${api.baseUrl}/_dev/stripe/events`)).json()) as {
      events: Array<{ type: string; data: { object: { id: string; status: string } } }>;
    };
    expect(stripeSub.events.some((e) => e.type === 'customer.subscription.deleted' && e.data.object.id === owned.subscriptionId)).toBe(
      true,
    );
    // Listings and photos.
    expect((await call('GET', `/api/listings/${owned.listingId}`, null)).status).toBe(404);
    expect(await byIndex('gsi1', `OWNER#${leaver.userId}`)).toEqual([]);
    expect(await fileExists(owned.photo)).toBe(false);
    expect(await fileExists(owned.stray)).toBe(false);
    // Enquiries sent.
    expect(await byIndex('gsi2', `BUYERENQ#${leaver.userId}`)).toEqual([]);
    // Their own records: only payment records remain (the webhook may have refreshed the subscription copy).
    const left = (await partition(leaver.userId)).map((i) => String(i.sk)).sort();
    expect(left).toEqual(['BILLING', 'SUBSCRIPTION']);
    const sub = (await partition(leaver.userId)).find((i) => i.sk === 'SUBSCRIPTION');
    expect(sub?.status).toBe('canceled');
    // The sign-in, and the user no longer counted in the admin analytics.
    expect(await canSignIn(leaver)).toBe(false);
    expect((await readCounters(ddb, api.tableName, ['users'])).users).toBe(usersBefore - 1);
    // The other user is untouched: their listing, its stats and their sign-in.
    expect((await call('GET', `/api/listings/${stayerListingId}`, null)).status).toBe(200);
    expect(await canSignIn(stayer)).toBe(true);
    expect((await partition(stayer.userId)).some((i) => i.sk === 'PROFILE')).toBe(true);
  });

  it("deletes the stock files under imports/<sub>/, and only the leaver's", async () => {
    expect(await objectExists(privateBucket(), owned.stockFile)).toBe(false);
    expect(await objectExists(privateBucket(), stayerStockFile)).toBe(true);
  });

  it('keeps the text of the messages sent from the account for staff, without the name, e-mail and phone', async () => {
    // Assess: the leaver's messages.
    const contact = await item(keys.contactMessage(owned.messages.contactId));
    expect(contact).toMatchObject({ firstName: REDACTED_SENDER, lastName: '', message: 'Please call me back about leaver.' });
    expect(contact).not.toHaveProperty('email');
    expect(contact).not.toHaveProperty('phone');
    expect(JSON.stringify(contact)).not.toContain(leaver.email.toUpperCase());
    const valuation = await item(keys.valuationRequest(owned.messages.valuationId));
    expect(valuation).toMatchObject({ contactName: REDACTED_SENDER, additionalInfo: 'Valuation text leaver', make: 'DAF' });
    for (const gone of ['contactEmail', 'contactPhone', 'company', 'gsi1pk']) expect(valuation).not.toHaveProperty(gone);
    // Still listed for staff (their inbox index).
    expect(contact?.gsi2pk).toBe('CONTACTS');
    // The other user's messages are untouched.
    expect(await item(keys.contactMessage(stayerMessages.contactId))).toMatchObject({ email: stayer.email, lastName: 'stayer' });
    expect(await item(keys.valuationRequest(stayerMessages.valuationId))).toMatchObject({ contactEmail: stayer.email });
  });

  it("refuses every write with the deleted account's still-valid access token (401), whatever the route", async () => {
    // Act: the token was issued before the deletion and has not expired.
    const attempts = await Promise.all([
      call('PATCH', '/api/me', leaver, { fullName: 'Back Again' }),
      call('POST', '/api/my-listings', leaver, sellBody(leaver)),
      call('PUT', `/api/saved/${stayerListingId}`, leaver),
      // A route whose function touches no table otherwise: it reads the tombstones all the same.
      call('POST', '/api/price-rating', leaver, { make: 'scania', model: 'R450', year: 2019, mileage: 300000, price: 40000 }),
    ]);
    // Assess
    for (const res of attempts) {
      expect(res.status, JSON.stringify(res.body)).toBe(401);
      expect(res.body.error.message).toBe(ACCOUNT_DELETED_MESSAGE);
    }
    expect((await partition(leaver.userId)).some((i) => i.sk === 'PROFILE')).toBe(false);
    // The stayer still writes.
    expect((await call('PATCH', '/api/me', stayer, { fullName: 'Stacey Stayer' })).status).toBe(200);
    // Deletion itself stays open to the token, so one that failed part-way can be finished.
    expect((await call('DELETE', '/api/me', leaver, { confirm: 'DELETE' })).status).toBe(200);
  });
});

describe('account deletion after the sign-in is more than 5 minutes old', () => {
  let oldie: TestUser;

  beforeAll(async () => {
    oldie = await createTestUser({ name: 'Olive Oldsession' });
    expect((await call('PATCH', '/api/me', oldie, { fullName: 'Olive Oldsession' })).status).toBe(200);
    // Six minutes on: the token (valid an hour) is still good, its auth_time no longer recent.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 6 * 60_000, shouldAdvanceTime: true });
  });

  afterAll(() => {
    vi.useRealTimers();
  });

  it('asks for the password, refuses a wrong one, and deletes with the right one', async () => {
    // Act and assess: no password.
    const bare = await call('DELETE', '/api/me', oldie, { confirm: 'DELETE' });
    expect(bare.status).toBe(403);
    expect(bare.body.error).toMatchObject({ code: 'REAUTH_REQUIRED', message: REAUTH_REQUIRED_MESSAGE });
    // A wrong one.
    const wrong = await call('DELETE', '/api/me', oldie, { confirm: 'DELETE', password: 'Not-the-password-1!' });
    expect(wrong.status).toBe(403);
    expect(wrong.body.error).toMatchObject({ code: 'REAUTH_REQUIRED', message: WRONG_PASSWORD_MESSAGE });
    expect((await partition(oldie.userId)).some((i) => i.sk === 'PROFILE')).toBe(true);
    expect(await canSignIn(oldie)).toBe(true);
    // The right one.
    const right = await call('DELETE', '/api/me', oldie, { confirm: 'DELETE', password: oldie.password });
    expect(right.status, JSON.stringify(right.body)).toBe(200);
    expect(await canSignIn(oldie)).toBe(false);
  });
});
