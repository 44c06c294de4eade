import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { BatchWriteCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApi, type TestUser, createTestUser, startTestApi, apiCaller } from '../../../../dev/testing/harness.js';
import { keys } from '../../adapters/dynamodb/keys.js';
import { s3 } from '../../adapters/s3/client.js';

/**
 * Listing image uploads against s3rver, which ignores presigned-POST policy conditions: the
 * size and type checks of /complete are what protect us, so these tests post straight to S3.
 */
let api: TestApi;
let ddb: DynamoDBDocumentClient;
let seller: TestUser;
let stranger: TestUser;
const bucket = () => process.env.BUCKET_TRUCK_IMAGES ?? 'truck-images';
const privateBucket = () => process.env.BUCKET_PRIVATE_UPLOADS ?? 'private-uploads';

interface Presigned {
  name: string;
  key: string;
  url: string;
  fields: Record<string, string>;
}

const call = apiCaller(() => api);

async function presign(who: TestUser, files: Array<{ name: string; type: string; size: number }>, listingId?: string) {
  const res = await call('POST', '/api/uploads/listing-images', who, { files, ...(listingId ? { listingId } : {}) });
  return { status: res.status, body: res.body, uploads: (res.body.uploads ?? []) as Presigned[] };
}

/** What the browser does: a multipart POST of the signed fields, then the file. */
async function postToS3(p: Presigned, bytes: Buffer, filename: string) {
  const form = new FormData();
  for (const [k, v] of Object.entries(p.fields)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(bytes)], { type: p.fields['Content-Type'] }), filename);
  const res = await fetch(p.url, { method: 'POST', body: form });
  expect(res.status, await res.text()).toBeLessThan(300);
}

/** Uploads are in the private bucket; processed images (listings/…) in the public one. */
const exists = async (key: string) =>
  s3
    .send(new HeadObjectCommand({ Bucket: key.startsWith('uploads/') ? privateBucket() : bucket(), Key: key }))
    .then(() => true)
    .catch(() => false);

const photo = (width = 1200, height = 900) =>
  sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 90 } } })
    .jpeg()
    .toBuffer();

beforeAll(async () => {
  api = await startTestApi({ tablePrefix: 'uploads' });
  ddb = DynamoDBDocumentClient.from(new DynamoDBClient({}));
  [seller, stranger] = await Promise.all([createTestUser({ name: 'Seller' }), createTestUser({ name: 'Stranger' })]);
});
afterAll(async () => {
  ddb?.destroy();
  await api?.close();
});

describe('listing image uploads', () => {
  it('presigns, verifies, re-encodes with variants, and lets only the uploader attach the image to a listing', async () => {
    const jpeg = await photo();
    const { status, uploads } = await presign(seller, [{ name: 'cab.jpg', type: 'image/jpeg', size: jpeg.length }]);
    expect(status).toBe(200);
    expect(uploads[0].key).toMatch(new RegExp(`^uploads/listing-images/${seller.userId}/[0-9A-Z]{26}$`));
    expect(new URL(uploads[0].url).hostname).toBe('localhost');
    expect(new URL(uploads[0].url).pathname).toBe(`/${privateBucket()}`);
    await postToS3(uploads[0], jpeg, 'cab.jpg');
    // Unverified bytes are never served, by key or by any path into the bucket.
    expect((await fetch(`${api.baseUrl}/images/${uploads[0].key}`)).status).toBe(404);

    const done = await call('POST', '/api/uploads/listing-images/complete', seller, { keys: [uploads[0].key] });
    expect(done.status).toBe(200);
    const [image] = done.body.images as Array<{ key: string; width: number; height: number; url: string }>;
    expect(image).toMatchObject({ width: 1200, height: 900 });
    expect(image.key).toMatch(/^listings\/[0-9A-Z]{26}$/);
    expect(await exists(`${image.key}/original.jpg`)).toBe(true);
    expect(await exists(`${image.key}/w400.webp`)).toBe(true);
    expect(await exists(uploads[0].key)).toBe(false);
    expect((await fetch(`${api.baseUrl}${image.url}`)).status).toBe(200);

    const body = {
      make: 'iveco',
      model: 'Stralis',
      year: 2018,
      category: 'articulated',
      price: 21000,
      contactName: 'S',
      phone: '07700 900111',
      images: [image.key],
    };
    expect((await call('POST', '/api/my-listings', stranger, body)).status).toBe(400);
    const created = await call('POST', '/api/my-listings', seller, body);
    expect(created.status).toBe(201);
    expect((created.body.images as Array<{ key: string }>).map((i) => i.key)).toEqual([image.key]);
    // Claimed: the same upload cannot be attached to a second listing.
    expect((await call('POST', '/api/my-listings', seller, body)).status).toBe(400);

    // Deleting the listing removes its image files.
    expect((await call('DELETE', `/api/my-listings/${created.body.id}`, seller)).status).toBe(204);
    expect(await exists(`${image.key}/original.jpg`)).toBe(false);
  });

  it('a photo that fails in a batch leaves the listing as it was and every good upload in place; the retry completes', async () => {
    // Prepare: a listing with one photo, then three more for it, the middle one truncated (JPEG magic bytes, does not decode).
    const jpeg = await photo();
    const first = (await presign(seller, [{ name: 'one.jpg', type: 'image/jpeg', size: jpeg.length }])).uploads[0];
    await postToS3(first, jpeg, 'one.jpg');
    const [one] = (await call('POST', '/api/uploads/listing-images/complete', seller, { keys: [first.key] })).body.images as Array<{
      key: string;
    }>;
    const body = { make: 'daf', model: 'XF', year: 2020, category: 'articulated', price: 30000, contactName: 'S', phone: '07700 900112' };
    const created = await call('POST', '/api/my-listings', seller, { ...body, images: [one.key] });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const broken = jpeg.subarray(0, 400);
    const files = [
      { name: 'two.jpg', type: 'image/jpeg', size: jpeg.length },
      { name: 'broken.jpg', type: 'image/jpeg', size: broken.length },
      { name: 'four.jpg', type: 'image/jpeg', size: jpeg.length },
    ];
    const batch = (await presign(seller, files, id)).uploads;
    await postToS3(batch[0], jpeg, 'two.jpg');
    await postToS3(batch[1], broken, 'broken.jpg');
    await postToS3(batch[2], jpeg, 'four.jpg');

    // Act
    const failed = await call('POST', '/api/uploads/listing-images/complete', seller, { keys: batch.map((u) => u.key) });

    // Assess: refused for the broken photo only; the listing unchanged; the good uploads still there for a retry.
    expect(failed.status).toBe(415);
    expect(failed.body.error?.message).toMatch(/is not a valid image file/);
    const mine = await call('GET', `/api/my-listings/${id}`, seller);
    expect((mine.body.images as Array<{ key: string }>).map((i) => i.key)).toEqual([one.key]);
    expect(await exists(batch[0].key)).toBe(true);
    expect(await exists(batch[1].key)).toBe(false);
    expect(await exists(batch[2].key)).toBe(true);
    const retried = await call('POST', '/api/uploads/listing-images/complete', seller, { keys: [batch[0].key, batch[2].key] });
    expect(retried.status).toBe(200);
    const added = (retried.body.images as Array<{ key: string }>).map((i) => i.key);
    expect(added).toHaveLength(2);
    const edited = await call('PUT', `/api/my-listings/${id}`, seller, { ...body, title: '2020 DAF XF', images: [one.key, ...added] });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect((edited.body.images as Array<{ key: string }>).map((i) => i.key)).toEqual([one.key, ...added]);
    expect(await exists(batch[0].key)).toBe(false);
  });

  it('pins the exact claimed type in the POST policy, and refuses SVG claims (415)', async () => {
    const { uploads } = await presign(seller, [{ name: 'cab.webp', type: 'image/webp', size: 1000 }]);
    const policy = JSON.parse(Buffer.from(uploads[0].fields.Policy, 'base64').toString('utf8')) as { conditions: unknown[] };
    expect(policy.conditions).toContainEqual(['eq', '$Content-Type', 'image/webp']);
    expect(JSON.stringify(policy.conditions)).not.toContain('starts-with');
    for (const type of ['image/svg+xml', 'image/gif', 'text/html']) {
      expect((await presign(seller, [{ name: 'x.svg', type, size: 100 }])).status).toBe(415);
    }
  });

  it('never serves an SVG with a script posted under a JPEG claim: /complete refuses it (415) and /images has nothing', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.domain)</script></svg>');
    const { uploads } = await presign(seller, [{ name: 'x.jpg', type: 'image/jpeg', size: svg.length }]);
    await postToS3(uploads[0], svg, 'x.svg');
    expect((await fetch(`${api.baseUrl}/images/${uploads[0].key}`)).status).toBe(404);
    const res = await call('POST', '/api/uploads/listing-images/complete', seller, { keys: [uploads[0].key] });
    expect(res.status).toBe(415);
    expect(await exists(uploads[0].key)).toBe(false);
  });

  it('serves only processed images from /images: a stray object elsewhere in the public bucket is a 404', async () => {
    await s3.send(new PutObjectCommand({ Bucket: bucket(), Key: 'uploads/stray/evil.svg', Body: '<svg/>', ContentType: 'image/svg+xml' }));
    await s3.send(new PutObjectCommand({ Bucket: bucket(), Key: 'listings/STRAY/evil.svg', Body: '<svg/>', ContentType: 'image/svg+xml' }));
    expect((await fetch(`${api.baseUrl}/images/uploads/stray/evil.svg`)).status).toBe(404);
    expect((await fetch(`${api.baseUrl}/images/listings/STRAY/evil.svg`)).status).toBe(404);
  });

  it('deletes processed images nobody attached within a day (SweepUnattachedImages), and only those', async () => {
    const { pendingUploadStore } = await import('../../adapters/dynamodb/owner-listings-repo.js');
    const pending = pendingUploadStore(ddb, api.tableName);
    const old = `listings/OLD${Date.now()}`;
    const fresh = `listings/FRESH${Date.now()}`;
    for (const key of [old, fresh]) {
      await s3.send(new PutObjectCommand({ Bucket: bucket(), Key: `${key}/original.jpg`, Body: 'x', ContentType: 'image/jpeg' }));
    }
    await pending.remember(seller.userId, [{ key: old, width: 1, height: 1 }], new Date(Date.now() - 25 * 3600_000));
    await pending.remember(seller.userId, [{ key: fresh, width: 1, height: 1 }]);
    // Past its day, the old one can no longer be attached either.
    expect((await pending.find(seller.userId, [old, fresh])).has(old)).toBe(false);

    const { handler } = await import('../../jobs/sweep-unattached-images.js');
    expect((await handler()).deleted).toBeGreaterThanOrEqual(1);
    expect(await exists(`${old}/original.jpg`)).toBe(false);
    expect(await exists(`${fresh}/original.jpg`)).toBe(true);
    expect((await pending.find(seller.userId, [fresh])).has(fresh)).toBe(true);
  });

  it('refuses a 6 MB object posted straight to S3 (s3rver ignores the policy) with 413 and deletes it', async () => {
    const { uploads } = await presign(seller, [{ name: 'big.jpg', type: 'image/jpeg', size: 1000 }]);
    const big = Buffer.concat([await photo(64, 48), Buffer.alloc(6 * 1024 * 1024)]);
    await postToS3(uploads[0], big, 'big.jpg');
    const res = await call('POST', '/api/uploads/listing-images/complete', seller, { keys: [uploads[0].key] });
    expect(res.status).toBe(413);
    expect(res.body.error?.message).toMatch(/is larger than 5MB\.$/);
    expect(await exists(uploads[0].key)).toBe(false);
  });

  it('refuses a non-image renamed .jpg with 415 and deletes it', async () => {
    const { uploads } = await presign(seller, [{ name: 'invoice.jpg', type: 'image/jpeg', size: 40 }]);
    await postToS3(uploads[0], Buffer.from('%PDF-1.7\nnot a photograph at all\n'), 'invoice.jpg');
    const res = await call('POST', '/api/uploads/listing-images/complete', seller, { keys: [uploads[0].key] });
    expect(res.status).toBe(415);
    expect(res.body.error?.message).toMatch(/is not a valid image file\.$/);
    expect(await exists(uploads[0].key)).toBe(false);
  });

  it("refuses to complete someone else's upload (403) and leaves it alone", async () => {
    const jpeg = await photo(64, 48);
    const { uploads } = await presign(seller, [{ name: 'a.jpg', type: 'image/jpeg', size: jpeg.length }]);
    await postToS3(uploads[0], jpeg, 'a.jpg');
    const res = await call('POST', '/api/uploads/listing-images/complete', stranger, { keys: [uploads[0].key] });
    expect(res.status).toBe(403);
    expect(await exists(uploads[0].key)).toBe(true);
  });

  it('refuses files that say they are not images (415) or too big (413) before presigning, and anonymous callers (401)', async () => {
    expect((await presign(seller, [{ name: 'notes.txt', type: 'text/plain', size: 10 }])).status).toBe(415);
    expect((await presign(seller, [{ name: 'huge.jpg', type: 'image/jpeg', size: 6 * 1024 * 1024 }])).status).toBe(413);
    expect(
      (await call('POST', '/api/uploads/listing-images', null, { files: [{ name: 'a.jpg', type: 'image/jpeg', size: 1 }] })).status,
    ).toBe(401);
  });

  it('refuses an 11th image: for a listing that has 10, and 11 at once', async () => {
    // Ten verified uploads, recorded as /complete records them (the files themselves are not needed here).
    const imageKeys = Array.from({ length: 10 }, (_, i) => `listings/TEN${String(i).padStart(23, '0')}`);
    await ddb.send(
      new BatchWriteCommand({
        RequestItems: {
          [api.tableName]: imageKeys.map((key) => ({
            PutRequest: {
              Item: {
                ...keys.pendingUpload(seller.userId, key),
                key,
                width: 800,
                height: 600,
                expiresAt: Math.floor(Date.now() / 1000) + 3600,
              },
            },
          })),
        },
      }),
    );
    const created = await call('POST', '/api/my-listings', seller, {
      make: 'man',
      model: 'TGS',
      year: 2017,
      category: 'tipper',
      price: 18000,
      contactName: 'S',
      phone: '07700 900111',
      images: imageKeys,
    });
    expect(created.status).toBe(201);
    const eleventh = await presign(seller, [{ name: 'k.jpg', type: 'image/jpeg', size: 1000 }], String(created.body.id));
    expect(eleventh.status).toBe(400);
    expect(eleventh.body.error?.message).toBe('You can only upload 0 more image(s). Maximum 10 images allowed.');
    const file = { name: 'x.jpg', type: 'image/jpeg', size: 1000 };
    expect((await presign(seller, Array(11).fill(file))).status).toBe(400);
    const edit = await call('PUT', `/api/my-listings/${created.body.id}`, seller, {
      title: 'T',
      make: 'man',
      model: 'TGS',
      year: 2017,
      category: 'rigid',
      price: 18000,
      contactName: 'S',
      phone: '07700 900111',
      images: [...imageKeys, 'listings/ELEVENTH'],
    });
    expect(edit.status).toBe(400);
  });
});
