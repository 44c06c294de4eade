import { describe, expect, it } from 'vitest';
import type { Staff } from './ports.js';
import { type MediaDeps, type MediaFiles, completeMediaUploads, mediaPendingPrefix } from './media.js';

/**
 * Publishing compares the published object's ETag (S3's MD5 of a single-part object) with the one
 * checked: in-memory files whose store can be made to answer a different ETag, as S3 would after
 * the pending upload was replaced between the check and the copy.
 */
const staff = { adminId: 'a1', ipAddress: '203.0.113.9', userAgent: 'test' } as Staff;
const MP4 = new Uint8Array([0, 0, 0, 0x18, ...Buffer.from('ftypisom'), 0, 0, 2, 0, ...Buffer.from('isomiso2')]);

function harness(opts: { copyEtag?: string; writeEtag?: string } = {}) {
  const calls: string[] = [];
  const files: MediaFiles = {
    head: async () => ({ bytes: MP4, size: 2048, etag: '"checked"' }),
    read: async () => new Uint8Array([1, 2, 3]),
    write: async (_b, key) => {
      calls.push(`write ${key}`);
      return { etag: opts.writeEtag ?? '"md5-of-clean"' };
    },
    copy: async (_p, etag, _b, key) => {
      calls.push(`copy ${key} if ${etag}`);
      return { etag: opts.copyEtag ?? '"checked"' };
    },
    discard: async (key) => void calls.push(`discard ${key}`),
    remove: async (_b, key) => void calls.push(`remove ${key}`),
  };
  const stored: unknown[] = [];
  const deps = {
    media: { put: async (a: unknown) => void stored.push(a) },
    promotions: { list: async () => ({ items: [], nextCursor: null }) },
    content: { list: async () => ({ items: [], nextCursor: null }) },
    audit: { record: async () => undefined },
    files,
    now: () => new Date('2026-11-27T10:00:00Z'),
    newId: () => '01JTESTASSET00000000000000',
    publicUrl: (b: string, k: string) => `/media/${b}/${k}`,
  } as unknown as MediaDeps;
  const checks = {
    probe: async () => ({ mime: 'video/mp4' }),
    reencode: async () => new Uint8Array([9]),
    md5: () => 'md5-of-clean',
  };
  return { deps, checks, calls, stored };
}

const key = `${mediaPendingPrefix('a1')}01JPENDING`;

describe('completeMediaUploads compares the published checksum with the checked one', () => {
  it('publishes a video copied from exactly the checked upload', async () => {
    const h = harness();
    const [asset] = await completeMediaUploads(h.deps, h.checks, staff, 'general', [{ key, name: 'clip.mp4' }]);
    expect(asset).toMatchObject({ mimeType: 'video/mp4', fileSize: 2048 });
    expect(h.calls[0]).toMatch(/^copy general\/.*\.mp4 if "checked"$/);
    expect(h.calls).toContain(`discard ${key}`);
  });

  it('refuses, and removes the published copy, when its ETag is not the checked one', async () => {
    const h = harness({ copyEtag: '"something-else"' });
    await expect(completeMediaUploads(h.deps, h.checks, staff, 'general', [{ key, name: 'clip.mp4' }])).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    expect(h.calls.some((c) => c.startsWith('remove general/'))).toBe(true);
    expect(h.stored).toEqual([]);
  });

  it('refuses an image whose stored bytes are not the ones re-encoded', async () => {
    const h = harness({ writeEtag: '"not-our-bytes"' });
    h.checks.probe = async () => ({ mime: 'image/png' });
    await expect(completeMediaUploads(h.deps, h.checks, staff, 'banners', [{ key, name: 'a.png' }])).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    expect(h.stored).toEqual([]);
  });
});
