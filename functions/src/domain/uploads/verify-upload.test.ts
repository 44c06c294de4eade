import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../../../shared/constants.js';
import { ANONYMOUS } from '../caller.js';
import { createOwnerListing } from '../listings/manage-create.js';
import { fakeDeps, user } from '../listings/manage-fakes.test-support.js';
import type { StoredImage } from '../listings/types.js';
import { sellListingSchema } from '../../../../shared/schemas/sell.js';
import {
  type CompleteUploadDeps,
  ImageDecodeError,
  completeListingImageUploads,
  detectImageKind,
  planListingImageUploads,
} from './verify-upload.js';

const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46]);
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x24, 0, 0, 0]), Buffer.from('WEBPVP8 ')]);

describe('detectImageKind', () => {
  it('recognises JPEG, PNG and WebP by their first bytes', () => {
    expect(detectImageKind(JPEG)).toBe('jpeg');
    expect(detectImageKind(PNG)).toBe('png');
    expect(detectImageKind(WEBP)).toBe('webp');
  });

  it('refuses text, PDFs and GIFs whatever their name says', () => {
    expect(detectImageKind(Buffer.from('hello, this is not a photo'))).toBeNull();
    expect(detectImageKind(Buffer.from('%PDF-1.7\n'))).toBeNull();
    expect(detectImageKind(Buffer.from('GIF89a......'))).toBeNull();
    expect(detectImageKind(Buffer.alloc(0))).toBeNull();
  });

  it('never accepts bytes that start with none of the three signatures', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
        const kind = detectImageKind(bytes);
        const b = Buffer.from(bytes);
        const expected =
          b.subarray(0, 3).equals(JPEG.subarray(0, 3)) ||
          b.subarray(0, 8).equals(PNG.subarray(0, 8)) ||
          (b.length >= 12 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP');
        expect(kind !== null).toBe(expected);
      }),
    );
  });
});

describe('planListingImageUploads', () => {
  const file = (name = 'cab.jpg', size = 1000, type = 'image/jpeg') => ({ name, type, size });

  it("puts each file under the caller's own uploads prefix with a fresh key", async () => {
    const { deps } = fakeDeps();
    const plan = await planListingImageUploads(deps, user('u1'), { files: [file('a.jpg'), file('b.png')] });
    expect(plan.map((p) => p.key)).toEqual(['uploads/listing-images/u1/ID0001', 'uploads/listing-images/u1/ID0002']);
  });

  it('accepts only JPEG, PNG and WebP claims: SVG, GIF and HEIC are 415 before anything is presigned', async () => {
    const { deps } = fakeDeps();
    for (const type of ['image/jpeg', 'image/png', 'image/webp', 'IMAGE/JPEG']) {
      expect(await planListingImageUploads(deps, user('u1'), { files: [file('a', 10, type)] })).toHaveLength(1);
    }
    for (const type of ['image/svg+xml', 'image/gif', 'image/heic', 'image/', 'text/html']) {
      await expect(planListingImageUploads(deps, user('u1'), { files: [file('x.svg', 10, type)] })).rejects.toMatchObject({
        code: 'UNSUPPORTED_MEDIA_TYPE',
      });
    }
  });

  it('refuses non-images (415) and files over 5 MB (413) with the spec texts', async () => {
    const { deps } = fakeDeps();
    await expect(planListingImageUploads(deps, user('u1'), { files: [file('notes.txt', 10, 'text/plain')] })).rejects.toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'notes.txt is not a valid image file.',
    });
    await expect(planListingImageUploads(deps, user('u1'), { files: [file('big.jpg', LIMITS.maxImageBytes + 1)] })).rejects.toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'big.jpg is larger than 5MB.',
    });
  });

  it("counts a listing's current images towards the 10, and only for its owner", async () => {
    const f = fakeDeps();
    const keys = Array.from({ length: 9 }, (_, i) => `listings/K${i}`);
    for (const k of keys) f.addPending('owner', k);
    const rec = await createOwnerListing(
      f.deps,
      user('owner'),
      sellListingSchema.parse({
        make: 'man',
        model: 'TGX',
        year: 2021,
        category: 'articulated',
        price: 1,
        contactName: 'A',
        phone: '0161 496 0000',
        images: keys,
      }),
    );
    expect(await planListingImageUploads(f.deps, user('owner'), { listingId: rec.id, files: [file()] })).toHaveLength(1);
    await expect(planListingImageUploads(f.deps, user('owner'), { listingId: rec.id, files: [file(), file()] })).rejects.toMatchObject({
      code: 'VALIDATION',
      message: 'You can only upload 1 more image(s). Maximum 10 images allowed.',
    });
    await expect(planListingImageUploads(f.deps, user('other'), { listingId: rec.id, files: [file()] })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
  });
});

function fakeUploads(objects: Record<string, Buffer>) {
  const store = new Map(Object.entries(objects));
  const stored: Array<{ key: string; bytes: Buffer }> = [];
  const remembered: StoredImage[] = [];
  let seq = 0;
  const deps: CompleteUploadDeps = {
    uploads: {
      size: async (k) => store.get(k)?.length ?? null,
      read: async (k) => store.get(k) as Buffer,
      delete: async (k) => {
        store.delete(k);
      },
    },
    storeImage: async (key, bytes) => {
      stored.push({ key, bytes });
      return { key, width: 800, height: 600 };
    },
    rememberPending: async (_u, images) => {
      remembered.push(...images);
    },
    newId: () => `P${++seq}`,
    assertCanWrite: async () => {},
  };
  return { deps, store, stored, remembered };
}

describe('completeListingImageUploads', () => {
  it('re-encodes each verified upload under a new listings/ key, removes the upload and remembers it for the user', async () => {
    const u = fakeUploads({ 'uploads/listing-images/u1/A': JPEG, 'uploads/listing-images/u1/B': PNG });
    const images = await completeListingImageUploads(u.deps, user('u1'), ['uploads/listing-images/u1/A', 'uploads/listing-images/u1/B']);
    expect(images.map((i) => i.key)).toEqual(['listings/P1', 'listings/P2']);
    expect(u.store.size).toBe(0);
    expect(u.remembered).toEqual(images);
  });

  it("refuses keys outside the caller's own prefix before touching anything (403)", async () => {
    const u = fakeUploads({ 'uploads/listing-images/u2/A': JPEG });
    for (const key of ['uploads/listing-images/u2/A', 'listings/X', 'uploads/listing-images/u1/../u2/A', 'uploads/listing-images/u1/']) {
      await expect(completeListingImageUploads(u.deps, user('u1'), [key])).rejects.toMatchObject({ code: 'FORBIDDEN' });
    }
    expect(u.store.has('uploads/listing-images/u2/A')).toBe(true);
  });

  it('refuses and deletes an object over 5 MB (413), even though the presigned POST said otherwise', async () => {
    const u = fakeUploads({ 'uploads/listing-images/u1/BIG': Buffer.concat([JPEG, Buffer.alloc(LIMITS.maxImageBytes)]) });
    await expect(completeListingImageUploads(u.deps, user('u1'), ['uploads/listing-images/u1/BIG'])).rejects.toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
    });
    expect(u.store.size).toBe(0);
    expect(u.stored).toEqual([]);
  });

  it('refuses and deletes a non-image renamed .jpg (415), processing none of the batch', async () => {
    const u = fakeUploads({
      'uploads/listing-images/u1/OK': JPEG,
      'uploads/listing-images/u1/FAKE': Buffer.from('#!/bin/sh\necho not a picture\n'),
    });
    await expect(
      completeListingImageUploads(u.deps, user('u1'), ['uploads/listing-images/u1/OK', 'uploads/listing-images/u1/FAKE']),
    ).rejects.toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'FAKE is not a valid image file.',
    });
    expect(u.store.has('uploads/listing-images/u1/FAKE')).toBe(false);
    expect(u.stored).toEqual([]);
  });

  it('keeps the upload and reports storage failures as they are (503 upstream), not as 415', async () => {
    const u = fakeUploads({ 'uploads/listing-images/u1/A': JPEG });
    u.deps.storeImage = async () => {
      throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    };
    await expect(completeListingImageUploads(u.deps, user('u1'), ['uploads/listing-images/u1/A'])).rejects.toMatchObject({
      code: 'ECONNREFUSED',
    });
    expect(u.store.has('uploads/listing-images/u1/A')).toBe(true);
  });

  it('deletes the upload and answers 415 only when the bytes do not decode', async () => {
    const u = fakeUploads({ 'uploads/listing-images/u1/A': JPEG });
    u.deps.storeImage = async () => {
      throw new ImageDecodeError(new Error('VipsJpeg: premature end of input'));
    };
    await expect(completeListingImageUploads(u.deps, user('u1'), ['uploads/listing-images/u1/A'])).rejects.toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
    });
    expect(u.store.has('uploads/listing-images/u1/A')).toBe(false);
  });

  it('stores nothing half-way: a storage failure on the third photo keeps every upload, and the same keys complete on a retry', async () => {
    // Prepare
    const keys = ['A', 'B', 'C'].map((k) => `uploads/listing-images/u1/${k}`);
    const u = fakeUploads(Object.fromEntries(keys.map((k) => [k, JPEG])));
    const store = u.deps.storeImage;
    let calls = 0;
    u.deps.storeImage = async (key, bytes) => {
      if (++calls === 3) throw Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
      return store(key, bytes);
    };

    // Act
    const first = completeListingImageUploads(u.deps, user('u1'), keys);

    // Assess: refused as storage trouble, every upload still there; the two stored copies are remembered (they expire unattached).
    await expect(first).rejects.toMatchObject({ code: 'ECONNRESET' });
    expect([...u.store.keys()]).toEqual(keys);
    expect(u.remembered.map((i) => i.key)).toEqual(['listings/P1', 'listings/P2']);
    const images = await completeListingImageUploads(u.deps, user('u1'), keys);
    expect(images.map((i) => i.key)).toEqual(['listings/P4', 'listings/P5', 'listings/P6']);
    expect(u.store.size).toBe(0);
  });

  it('a photo that does not decode in a batch removes only that upload; the rest complete on a retry without it', async () => {
    // Prepare
    const keys = ['A', 'BAD', 'C'].map((k) => `uploads/listing-images/u1/${k}`);
    const u = fakeUploads(Object.fromEntries(keys.map((k) => [k, JPEG])));
    const store = u.deps.storeImage;
    u.deps.storeImage = async (key, bytes) => {
      if (u.stored.length === 1 && !u.store.has('retrying')) throw new ImageDecodeError(new Error('premature end of input'));
      return store(key, bytes);
    };

    // Act
    await expect(completeListingImageUploads(u.deps, user('u1'), keys)).rejects.toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
    u.store.set('retrying', Buffer.alloc(0));
    const images = await completeListingImageUploads(u.deps, user('u1'), [keys[0], keys[2]]);

    // Assess
    expect(images).toHaveLength(2);
    expect([...u.store.keys()]).toEqual(['retrying']);
  });

  it('answers the stored images even when removing a completed upload fails (it expires on its own)', async () => {
    const u = fakeUploads({ 'uploads/listing-images/u1/A': JPEG });
    const failed: string[] = [];
    u.deps.uploads.delete = async () => {
      throw new Error('S3 down');
    };
    u.deps.onCleanupError = (key) => failed.push(key);
    const images = await completeListingImageUploads(u.deps, user('u1'), ['uploads/listing-images/u1/A']);
    expect(images).toHaveLength(1);
    expect(failed).toEqual(['uploads/listing-images/u1/A']);
  });

  it('answers 404 for an upload that is not there, 401 for anonymous callers', async () => {
    const u = fakeUploads({});
    await expect(completeListingImageUploads(u.deps, user('u1'), ['uploads/listing-images/u1/GONE'])).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(completeListingImageUploads(u.deps, ANONYMOUS, ['uploads/listing-images/u1/GONE'])).rejects.toMatchObject({
      code: 'UNAUTHENTICATED',
    });
  });
});
