import { describe, expect, it } from 'vitest';
import type { AdminUser } from '../../../../shared/schemas/admin.js';
import type { Caller } from '../caller.js';
import { probeContainer } from '../../adapters/images/media-images.js';
import { detectMediaKind } from './media-kind.js';
import type { AdminUserStore, NewAuditEntry, Staff } from './ports.js';
import { requireStaff } from './staff.js';
import { type AdminUserDeps, makeAdmin, removeAdmin, setUserStatus } from './users.js';

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
    // An admin whose role a super admin removed: their access token still names the group.
    expect(() =>
      requireStaff(user({ isAdmin: true }), { accountStatus: 'active', adminRole: null, adminRemovedAt: '2026-11-23T12:00:00Z' }, client),
    ).toThrow(expect.objectContaining({ code: 'FORBIDDEN', message: 'Your admin access was removed' }));
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
    // The stores write a change's audit entry in its own transaction: the fakes collect it the same way.
    setStatus: async (_id, s, job, _at, e) => {
      calls.push(`status:${s}:${job}`);
      if (e) audit.push(e);
    },
    listingsJobId: async () => (target.listingsSync ? 'job-0' : null),
    setRole: async (_id, r, _at, e) => {
      calls.push(`role:${r}`);
      if (e) audit.push(e);
    },
    removeRole: async (_id, expected, _at, e) => {
      calls.push(`unrole:${expected}`);
      audit.push(e);
    },
  };
  const deps: AdminUserDeps = {
    users,
    directory: {
      staffGroups: async () => groups,
      disable: async () => void calls.push('disable'),
      enable: async () => void calls.push('enable'),
      addToGroup: async (_u, g) => void calls.push(`group:${g}`),
      removeFromGroup: async (_u, g) => void calls.push(`ungroup:${g}`),
      sendPasswordReset: async () => void calls.push('reset'),
    },
    listingsQueue: { send: async (job) => void calls.push(`queue:${job.status}:${job.jobId}`) },
    audit: { record: async (e) => void audit.push(e), list: async () => ({ items: [], nextCursor: null }), between: async () => [] },
    now: () => new Date('2026-11-23T12:00:00Z'),
    newId: () => 'job-1',
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
    const answer = await setUserStatus(deps, admin, 't1', 'suspended');
    // The listings are the queued job's (account-listings.ts), named on the profile in the status's transaction.
    expect(calls).toEqual(['disable', 'status:suspended:job-1', 'queue:suspended:job-1']);
    expect(answer).toMatchObject({ accountStatus: 'suspended', listingsSync: 'hiding' });
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'update',
        resourceType: 'user',
        details: expect.objectContaining({ from: 'active', to: 'suspended' }),
      }),
    ]);
  });
  it('asking again for the status the account has queues its unfinished listings job again, and nothing else', async () => {
    // Prepare: suspended, its listings still being hidden (the first queueing failed, or the job dead-lettered).
    const { deps, audit, calls } = fakeDeps(target({ accountStatus: 'suspended', listingsSync: 'hiding' }));
    // Act
    const answer = await setUserStatus(deps, admin, 't1', 'suspended');
    // Assess
    expect(calls).toEqual(['queue:suspended:job-0']);
    expect(audit).toEqual([]);
    expect(answer.listingsSync).toBe('hiding');
  });
  it('a job that cannot be queued is a 503 saying the account changed and how to resume, not a bare 500', async () => {
    // Prepare
    const { deps, calls } = fakeDeps(target());
    deps.listingsQueue = {
      send: async () => {
        throw new Error('SQS is down');
      },
    };
    // Act / Assess: the account's change is stored; only the listings wait.
    await expect(setUserStatus(deps, admin, 't1', 'suspended')).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      message: expect.stringMatching(/account is suspended.*Resume/),
    });
    expect(calls).toEqual(['disable', 'status:suspended:job-1']);
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
  it('reactivation follows the same role rules: only a super admin reactivates an admin (the pool groups count too)', async () => {
    // Prepare: an admin whom a super admin suspended.
    const suspendedAdmin = () => target({ adminRole: 'admin', accountStatus: 'suspended' });

    // Act / Assess: a plain admin is refused with the reason; nothing is enabled or stored.
    const refused = fakeDeps(suspendedAdmin());
    await expect(setUserStatus(refused.deps, admin, 't1', 'active')).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: 'Only a super admin can reactivate an admin',
    });
    expect(refused.calls).toEqual([]);
    expect(refused.audit).toEqual([]);
    await expect(
      setUserStatus(fakeDeps(target({ accountStatus: 'suspended' }), ['admins']).deps, admin, 't1', 'active'),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });

    // A super admin may; a plain admin still reactivates ordinary users.
    const ok = fakeDeps(suspendedAdmin());
    await setUserStatus(ok.deps, superAdmin, 't1', 'active');
    expect(ok.calls).toEqual(['enable', 'status:active:job-1', 'queue:active:job-1']);
    const user = fakeDeps(target({ accountStatus: 'suspended' }));
    await setUserStatus(user.deps, admin, 't1', 'active');
    expect(user.audit).toHaveLength(1);
  });
  it('Remove admin: super admins only, never a super admin or oneself; leaves the group and ends the role with one audit entry', async () => {
    await expect(removeAdmin(fakeDeps(target({ adminRole: 'admin' })).deps, admin, 't1')).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(removeAdmin(fakeDeps(target({ adminRole: 'super_admin' })).deps, superAdmin, 't1')).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(removeAdmin(fakeDeps(target({ userId: 's1', adminRole: 'admin' })).deps, superAdmin, 's1')).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(removeAdmin(fakeDeps(target()).deps, superAdmin, 't1')).rejects.toMatchObject({ code: 'CONFLICT' });

    const ok = fakeDeps(target({ adminRole: 'admin' }));
    const after = await removeAdmin(ok.deps, superAdmin, 't1');
    expect(after).toMatchObject({ adminRole: null, adminRemovedAt: '2026-11-23T12:00:00.000Z' });
    expect(ok.calls).toEqual(['ungroup:admins', 'unrole:admin']);
    expect(ok.audit).toEqual([
      expect.objectContaining({
        adminUserId: 's1',
        action: 'update',
        resourceType: 'user',
        details: expect.objectContaining({ change: 'admin_role', from: 'admin', to: null }),
      }),
    ]);
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
