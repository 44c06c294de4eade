import type { AdminUser, Page, UserFilter } from '../../../../shared/schemas/admin.js';
import { ADMIN_PAGE_SIZE } from '../../../../shared/schemas/admin.js';
import { DomainError, forbidden, notFound, validationError } from '../errors.js';
import { auditEntry } from './audit-entry.js';
import type { AdminListingStore, AdminUserStore, AuditLog, Staff, UserDirectory } from './ports.js';

export interface AdminUserDeps {
  users: AdminUserStore;
  directory: UserDirectory;
  listings: AdminListingStore;
  audit: AuditLog;
  now: () => Date;
}

const USER_NOT_FOUND = 'User not found';

/** Lists profiles; every page read is audited (`read` on `user`: the list shows personal data, issue 23). */
export async function listUsers(
  deps: Pick<AdminUserDeps, 'users' | 'audit'>,
  staff: Staff,
  filter: UserFilter,
  q: string | undefined,
  cursor?: string,
): Promise<Page<AdminUser>> {
  const query = q?.trim().toLowerCase() || undefined;
  const page = await deps.users.list(filter, query, cursor, ADMIN_PAGE_SIZE);
  await deps.audit.record(
    auditEntry(staff, 'read', 'user', 'list', {
      filter,
      ...(query ? { q: query } : {}),
      ...(cursor ? { page: 'next' } : {}),
      count: page.items.length,
    }),
  );
  return page;
}

async function target(deps: AdminUserDeps, userId: string): Promise<AdminUser> {
  const user = await deps.users.get(userId);
  if (!user) throw notFound(USER_NOT_FOUND);
  return user;
}

/** Whether the user is staff: the pool's groups decide; the profile's mirror covers a pool that cannot list them. */
async function staffRoleOf(deps: AdminUserDeps, user: AdminUser): Promise<'super_admin' | 'admin' | null> {
  const groups = await deps.directory.staffGroups(user.userId);
  if (user.adminRole === 'super_admin' || groups.includes('super_admins')) return 'super_admin';
  if (user.adminRole === 'admin' || groups.includes('admins')) return 'admin';
  return null;
}

/**
 * Suspend or activate (spec §4). Who may change whom, the same both ways (issue 23): nobody
 * suspends themselves; only a super admin suspends or reactivates an admin; nobody suspends a
 * super admin (that would let one lock the other out), and only a super admin reactivates one.
 * Suspension disables sign-in in the user pool and hides the user's listings from browse until
 * reactivated. The profile's status and the audit entry are one transaction.
 */
export async function setUserStatus(deps: AdminUserDeps, staff: Staff, userId: string, status: 'active' | 'suspended'): Promise<AdminUser> {
  const user = await target(deps, userId);
  if (status === 'suspended' && user.userId === staff.adminId) throw forbidden('You cannot suspend your own account');
  const role = await staffRoleOf(deps, user);
  if (status === 'suspended' && role === 'super_admin') throw forbidden('A super admin cannot be suspended');
  if (role && staff.role !== 'super_admin') {
    throw forbidden(status === 'suspended' ? 'Only a super admin can suspend an admin' : 'Only a super admin can reactivate an admin');
  }
  if (user.accountStatus === status) return user;
  const at = deps.now().toISOString();
  if (status === 'suspended') await deps.directory.disable(user.userId);
  else await deps.directory.enable(user.userId);
  await deps.users.setStatus(
    user.userId,
    status,
    at,
    auditEntry(staff, 'update', 'user', user.userId, { change: 'account_status', from: user.accountStatus, to: status, email: user.email }),
  );
  await deps.listings.setOwnerSuspended(user.userId, status === 'suspended', at);
  return { ...user, accountStatus: status };
}

export async function sendPasswordReset(deps: AdminUserDeps, staff: Staff, userId: string): Promise<void> {
  const user = await target(deps, userId);
  if (!user.email) throw validationError('This user has no e-mail address');
  await deps.directory.sendPasswordReset(user.email);
  // Nothing of ours is stored by the reset itself (Cognito sends the code): the entry stands alone.
  await deps.audit.record(auditEntry(staff, 'update', 'user', user.userId, { change: 'password_reset_email', email: user.email }));
}

/** 'Make Admin' (super admins only, spec §4). Takes effect at the user's next token refresh. */
export async function makeAdmin(deps: AdminUserDeps, staff: Staff, userId: string): Promise<AdminUser> {
  if (staff.role !== 'super_admin') throw forbidden('Super admin access required');
  const user = await target(deps, userId);
  if (user.adminRole) throw new DomainError('CONFLICT', 'This user is already an admin');
  if (user.accountStatus === 'suspended') throw new DomainError('CONFLICT', 'Activate this user before making them an admin');
  await deps.directory.addToGroup(user.userId, 'admins');
  await deps.users.setRole(
    user.userId,
    'admin',
    deps.now().toISOString(),
    auditEntry(staff, 'update', 'user', user.userId, { change: 'admin_role', from: null, to: 'admin', email: user.email }),
  );
  const { adminRemovedAt: _ended, ...rest } = user;
  return { ...rest, adminRole: 'admin' };
}

/**
 * 'Remove admin' (super admins only; issue 23, a departure from the spec, which has no revocation:
 * an operator needs it when a staff member leaves). Takes the user out of the admins group and ends
 * the profile's role; the staff gate refuses their still-valid tokens from then on (adminRemovedAt).
 * A super admin is not removed here, and nobody removes themselves.
 */
export async function removeAdmin(deps: AdminUserDeps, staff: Staff, userId: string): Promise<AdminUser> {
  if (staff.role !== 'super_admin') throw forbidden('Super admin access required');
  const user = await target(deps, userId);
  if (user.userId === staff.adminId) throw forbidden('You cannot remove your own admin access');
  const role = await staffRoleOf(deps, user);
  if (role === 'super_admin') throw forbidden('A super admin cannot be removed here');
  if (!role) throw new DomainError('CONFLICT', 'This user is not an admin');
  const at = deps.now().toISOString();
  await deps.directory.removeFromGroup(user.userId, 'admins');
  try {
    await deps.users.removeRole(
      user.userId,
      user.adminRole,
      at,
      auditEntry(staff, 'update', 'user', user.userId, { change: 'admin_role', from: 'admin', to: null, email: user.email }),
    );
  } catch (err) {
    if ((err as { name?: string }).name === 'ConditionalCheckFailedException') {
      throw new DomainError('CONFLICT', "This user's role changed meanwhile. Reload the list.");
    }
    throw err;
  }
  return { ...user, adminRole: null, adminRemovedAt: at };
}
