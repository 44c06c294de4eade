import { describe, expect, it } from 'vitest';
import { valuationRequestSchema } from '../../../../shared/schemas/valuation.js';
import { DomainError } from '../errors.js';
import type { OutgoingEmail } from '../mail/mailer.js';
import { type ValuationDeps, type ValuationRequestRecord, planValuationImageUploads, submitValuationRequest } from './submit-valuation.js';
/** The rule's value, stated here rather than imported, so a change to it fails this test. */
const VALUATION_RATE_LIMIT = { scope: 'valuation', limit: 5, windowSeconds: 600 } as const;

const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
const WEBP = Buffer.from('RIFF\0\0\0\0WEBPVP8 ', 'latin1');
const pending = (n: number) => `valuations/pending/01JABCDEFGHJKMNPQRSTVWXY${String(n).padStart(2, '0')}`;

function fakes(objects: Record<string, Buffer> = {}, allowed = true) {
  const bucket = new Map(Object.entries(objects));
  const saved: ValuationRequestRecord[] = [];
  const sent: OutgoingEmail[] = [];
  const limits: string[] = [];
  let n = 0;
  const deps: ValuationDeps = {
    store: {
      save: async (r) => void saved.push(r),
      remove: async (id) => {
        const i = saved.findIndex((r) => r.id === id);
        if (i >= 0) saved.splice(i, 1);
      },
    },
    images: {
      size: async (k) => bucket.get(k)?.length ?? null,
      read: async (k) => bucket.get(k) ?? Buffer.alloc(0),
      delete: async (k) => void bucket.delete(k),
      write: async (k, bytes) => void bucket.set(k, bytes),
    },
    mailer: { send: async (e) => void sent.push(e) },
    rateLimit: async (r) => {
      limits.push(`${r.scope}:${r.key}`);
      return { allowed, count: 1, retryAfterSeconds: 60 };
    },
    challenge: { verify: async (payload) => payload !== 'unsolved' },
    now: () => new Date('2026-11-22T12:00:00Z'),
    newId: () => `REQ${++n}`,
    supportInbox: 'support@truckyard.example',
    mail: { siteUrl: 'https://truckyard.example' },
  };
  return { deps, bucket, saved, sent, limits };
}

const input = (over: Record<string, unknown> = {}) =>
  valuationRequestSchema.parse({
    make: 'volvo',
    altcha: 'solved',
    model: 'FH16',
    type: 'rigid',
    age: 2017,
    mileage: 600000,
    motStatus: 'expired',
    wheelConfiguration: '6x2',
    horsePower: '',
    contactName: 'Robin Requester',
    contactEmail: 'robin@example.com',
    contactPhone: '07700 900789',
    ...over,
  });
const client = { sourceIp: '203.0.113.7' };

describe('submitValuationRequest', () => {
  it('moves each verified photo under the request id with its real type, then stores and mails', async () => {
    const f = fakes({ [pending(1)]: WEBP, [pending(2)]: JPEG });

    const result = await submitValuationRequest(input({ imageKeys: [pending(1), pending(2)] }), client, f.deps);

    expect(result).toEqual({ outcome: 'accepted', id: 'REQ1', emailFailures: [], leftovers: 0 });
    expect([...f.bucket.keys()].sort()).toEqual(['valuations/REQ1/1.webp', 'valuations/REQ1/2.jpg']);
    expect(f.saved[0]).toMatchObject({ id: 'REQ1', vehicleType: 'rigid', imageKeys: ['valuations/REQ1/1.webp', 'valuations/REQ1/2.jpg'] });
    expect(f.sent.map((e) => e.to)).toEqual(['support@truckyard.example', { name: 'Robin Requester', address: 'robin@example.com' }]);
    expect(f.sent[0].replyTo).toEqual({ name: 'Robin Requester', address: 'robin@example.com' });
    expect(f.limits).toEqual([`${VALUATION_RATE_LIMIT.scope}:203.0.113.7`, 'ack-mail:robin@example.com']);
  });

  it('checks every photo before moving any, so one bad photo leaves the others and stores nothing', async () => {
    const f = fakes({ [pending(1)]: JPEG, [pending(2)]: Buffer.from('not an image') });

    await expect(submitValuationRequest(input({ imageKeys: [pending(1), pending(2)] }), client, f.deps)).rejects.toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
    });
    expect([...f.bucket.keys()]).toEqual([pending(1)]);
    expect(f.saved).toEqual([]);
    expect(f.sent).toEqual([]);
  });

  it('saves the request before moving photos: a failed save moves nothing, so the retry succeeds', async () => {
    const f = fakes({ [pending(1)]: JPEG });
    const save = f.deps.store.save;
    f.deps.store.save = async () => {
      throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    };
    await expect(submitValuationRequest(input({ imageKeys: [pending(1)] }), client, f.deps)).rejects.toMatchObject({
      code: 'ECONNREFUSED',
    });
    expect([...f.bucket.keys()]).toEqual([pending(1)]);
    f.deps.store.save = save;
    const retry = await submitValuationRequest(input({ imageKeys: [pending(1)] }), client, f.deps);
    expect(retry).toMatchObject({ outcome: 'accepted' });
    expect([...f.bucket.keys()]).toEqual(['valuations/REQ2/1.jpg']);
  });

  it('takes the request back and deletes copies made when a photo cannot be copied, keeping the pending photos', async () => {
    const f = fakes({ [pending(1)]: JPEG, [pending(2)]: WEBP });
    const write = f.deps.images.write;
    f.deps.images.write = async (k, b, t) => {
      if (k.endsWith('/2.webp')) throw Object.assign(new Error('S3 down'), { $metadata: { httpStatusCode: 503 } });
      await write(k, b, t);
    };
    await expect(submitValuationRequest(input({ imageKeys: [pending(1), pending(2)] }), client, f.deps)).rejects.toThrow('S3 down');
    expect(f.saved).toEqual([]);
    expect([...f.bucket.keys()].sort()).toEqual([pending(1), pending(2)]);
    expect(f.sent).toEqual([]);
  });

  it('refuses keys outside valuations/pending/ and repeated keys', async () => {
    const f = fakes({ [pending(1)]: JPEG });

    for (const key of ['uploads/u1/01JABCDEFGHJKMNPQRSTVWXY01', 'valuations/pending/../REQ9/1.jpg', 'valuations/REQ9/1.jpg']) {
      await expect(submitValuationRequest(input({ imageKeys: [key] }), client, f.deps)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    }
    await expect(submitValuationRequest(input({ imageKeys: [pending(1), pending(1)] }), client, f.deps)).rejects.toMatchObject({
      code: 'VALIDATION',
    });
  });

  it('drops a filled honeypot without counting, storing or sending', async () => {
    const f = fakes();

    expect(await submitValuationRequest(input({ website: 'x' }), client, f.deps)).toEqual({ outcome: 'discarded' });
    expect([f.limits, f.saved, f.sent]).toEqual([[], [], []]);
  });

  it('refuses a request without a solved challenge before counting, storing or sending', async () => {
    const f = fakes({ [pending(1)]: WEBP });
    await expect(submitValuationRequest(input({ altcha: 'unsolved', imageKeys: [pending(1)] }), client, f.deps)).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    expect({ limits: f.limits, saved: f.saved, sent: f.sent }).toEqual({ limits: [], saved: [], sent: [] });
  });

  it('skips the acknowledgement past 3 a day to one address, still storing and telling staff (Old M2)', async () => {
    const f = fakes({});
    const counts = new Map<string, number>();
    f.deps.rateLimit = async (r) => {
      const n = (counts.get(`${r.scope}:${r.key}`) ?? 0) + 1;
      counts.set(`${r.scope}:${r.key}`, n);
      return { allowed: n <= r.limit, count: n, retryAfterSeconds: 60 };
    };
    for (let i = 0; i < 4; i++)
      await submitValuationRequest(
        input({ contactEmail: i % 2 ? 'Robin@Example.com' : 'robin@example.com' }),
        { sourceIp: `203.0.113.${i}` },
        f.deps,
      );
    expect(f.saved).toHaveLength(4);
    expect(f.sent.filter((e) => e.to === 'support@truckyard.example')).toHaveLength(4);
    expect(f.sent.filter((e) => e.to !== 'support@truckyard.example')).toHaveLength(3);
  });

  it('is rate-limited per client address', async () => {
    const f = fakes({}, false);

    const err = await submitValuationRequest(input(), client, f.deps).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DomainError);
    expect(err).toMatchObject({ code: 'RATE_LIMITED', details: { retryAfterSeconds: 60 } });
  });

  it('keeps the request when an e-mail fails, reporting the failure', async () => {
    const f = fakes();
    f.deps.mailer = { send: async (e) => (e.to === 'support@truckyard.example' ? Promise.reject(new Error('SMTP down')) : undefined) };

    const result = await submitValuationRequest(input(), client, f.deps);
    expect(result).toMatchObject({ outcome: 'accepted', emailFailures: [{ email: 'staff' }] });
    expect(f.saved).toHaveLength(1);
  });
});

describe('planValuationImageUploads', () => {
  it('gives each image a fresh pending key and refuses non-images', async () => {
    const f = fakes();

    const planned = await planValuationImageUploads([{ name: 'a.JPG', type: 'IMAGE/JPEG', size: 10 }], client, f.deps);
    expect(planned).toEqual([{ name: 'a.JPG', key: 'valuations/pending/REQ1', contentType: 'image/jpeg' }]);
    await expect(
      planValuationImageUploads([{ name: 'a.gif.exe', type: 'application/x-msdownload', size: 10 }], client, f.deps),
    ).rejects.toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
    });
  });
});
