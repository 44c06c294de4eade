import { describe, expect, it } from 'vitest';
import type { AdminUser } from '../../../../shared/schemas/admin.js';
import type { Caller } from '../caller.js';
import { probeContainer } from '../../adapters/images/media-images.js';
import { detectMediaKind } from './media.js';
import type { AdminUserStore, NewAuditEntry, Staff } from './ports.js';
import { requireStaff } from './staff.js';
import { type AdminUserDeps, makeAdmin, setUserStatus } from './users.js';

const user = (over: Partial<Extract<Caller, { kind: 'user' }>> = {}): Caller => ({
  kind: 'user',
  userId: 'u1',
  username: 'u1',
  groups: [],
  isAdmin: false,
  isSuperAdmin: false,
  ...over,
});
const client = { ipAddress: '203.0.113.9', userAgent: 'test' };

describe('requireStaff', () => {
  it('refuses anonymous (401), users (403), admins on super-admin routes (403) and suspended staff (403 SUSPENDED)', () => {
    expect(() => requireStaff({ kind: 'anonymous' }, null, client)).toThrow(expect.objectContaining({ code: 'UNAUTHENTICATED' }));
    expect(() => requireStaff(user(), null, client)).toThrow(expect.objectContaining({ code: 'FORBIDDEN' }));
    expect(() => requireStaff(user({ isAdmin: true }), null, client, 'superAdmin')).toThrow(expect.objectContaining({ code: 'FORBIDDEN' }));
    expect(() => requireStaff(user({ isAdmin: true }), { accountStatus: 'suspended' }, client)).toThrow(
      expect.objectContaining({ code: 'SUSPENDED' }),
    );
    expect(requireStaff(user({ isAdmin: true, isSuperAdmin: true }), { accountStatus: 'active' }, client, 'superAdmin')).toMatchObject({
      adminId: 'u1',
      role: 'super_admin',
      ipAddress: '203.0.113.9',
    });
  });
});

function fakeDeps(target: AdminUser, groups: string[] = []) {
  const audit: NewAuditEntry[] = [];
  const calls: string[] = [];
  const users: AdminUserStore = {
    list: async () => ({ items: [], nextCursor: null }),
    get: async (id) => (id === target.userId ? target : null),
    setStatus: async (_id, s) => void calls.push(`status:${s}`),
    setRole: async (_id, r) => void calls.push(`role:${r}`),
  };
  const deps: AdminUserDeps = {
    users,
    directory: {
      staffGroups: async () => groups,
      disable: async () => void calls.push('disable'),
      enable: async () => void calls.push('enable'),
      addToGroup: async (_u, g) => void calls.push(`group:${g}`),
      sendPasswordReset: async () => void calls.push('reset'),
    },
    listings: { setOwnerSuspended: async () => 2 } as unknown as AdminUserDeps['listings'],
    audit: { record: async (e) => void audit.push(e), list: async () => ({ items: [], nextCursor: null }) },
    now: () => new Date('2026-11-23T12:00:00Z'),
  };
  return { deps, audit, calls };
}
const target = (over: Partial<AdminUser> = {}): AdminUser => ({
  userId: 't1',
  email: 't@example.test',
  fullName: 'T',
  companyName: null,
  phone: null,
  accountType: 'dealer',
  accountStatus: 'active',
  adminRole: null,
  dealerStatus: 'none',
  listingCap: null,
  createdAt: '2026-01-01T00:00:00Z',
  ...over,
});
const admin: Staff = { adminId: 'a1', role: 'admin', ipAddress: null, userAgent: null };
const superAdmin: Staff = { ...admin, adminId: 's1', role: 'super_admin' };

describe('who may suspend whom', () => {
  it('an admin suspends a user: sign-in disabled, status stored, one audit entry with the change', async () => {
    const { deps, audit, calls } = fakeDeps(target());
    await setUserStatus(deps, admin, 't1', 'suspended');
    expect(calls).toEqual(['disable', 'status:suspended']);
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'update',
        resourceType: 'user',
        details: expect.objectContaining({ from: 'active', to: 'suspended' }),
      }),
    ]);
  });
  it('an admin cannot suspend an admin or a super admin; a super admin can suspend an admin but not a super admin', async () => {
    await expect(setUserStatus(fakeDeps(target({ adminRole: 'admin' })).deps, admin, 't1', 'suspended')).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(setUserStatus(fakeDeps(target({ adminRole: 'super_admin' })).deps, superAdmin, 't1', 'suspended')).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    const ok = fakeDeps(target({ adminRole: 'admin' }));
    await setUserStatus(ok.deps, superAdmin, 't1', 'suspended');
    expect(ok.calls).toContain('disable');
  });
  it('reads the pool groups too: an admin without a role mirror is still protected', async () => {
    await expect(setUserStatus(fakeDeps(target(), ['admins']).deps, admin, 't1', 'suspended')).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
  it('nobody suspends themselves', async () => {
    await expect(setUserStatus(fakeDeps(target({ userId: 'a1' })).deps, admin, 'a1', 'suspended')).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
  });
  it('Make Admin is for super admins only and adds the admins group', async () => {
    await expect(makeAdmin(fakeDeps(target()).deps, admin, 't1')).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const ok = fakeDeps(target());
    await makeAdmin(ok.deps, superAdmin, 't1');
    expect(ok.calls).toEqual(['group:admins', 'role:admin']);
    expect(ok.audit).toHaveLength(1);
  });
});

describe('detectMediaKind reads the container (file-type), not the name', () => {
  const bytes = (...parts: Array<number[] | string>) =>
    new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));
  const kind = (b: Uint8Array) => detectMediaKind(probeContainer, b);
  /** An EBML header naming its document type (WebM is a Matroska profile). */
  const ebml = (docType: string) =>
    bytes(
      [0x1a, 0x45, 0xdf, 0xa3, 0x80 | (24 + 3 + docType.length)],
      [0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01, 0x42, 0xf2, 0x81, 0x04, 0x42, 0xf3, 0x81, 0x08],
      [0x42, 0x82, 0x80 | docType.length],
      docType,
      [0x42, 0x87, 0x81, 0x04, 0x42, 0x85, 0x81, 0x02],
    );
  it('knows JPEG, PNG, WebP, MP4 and WebM', async () => {
    expect((await kind(bytes([0xff, 0xd8, 0xff, 0xe0], [0, 0x10], 'JFIF', [0])))?.mime).toBe('image/jpeg');
    expect((await kind(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a], [0, 0, 0, 0x0d], 'IHDR')))?.mime).toBe('image/png');
    expect((await kind(bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 ')))?.mime).toBe('image/webp');
    expect(await kind(bytes([0, 0, 0, 0x18], 'ftypisom', [0, 0, 2, 0], 'isomiso2'))).toMatchObject({ mime: 'video/mp4', video: true });
    expect(await kind(ebml('webm'))).toMatchObject({ mime: 'video/webm', video: true });
  });
  it('refuses other containers with a familiar first few bytes, and anything else', async () => {
    // QuickTime shares MP4's ftyp box, and Matroska WebM's EBML header.
    expect(await kind(bytes([0, 0, 0, 0x14], 'ftypqt  ', [0, 0, 2, 0], 'qt  '))).toBeNull();
    expect(await kind(ebml('matroska'))).toBeNull();
    expect(await kind(bytes('<html><script>'))).toBeNull();
  });
});
