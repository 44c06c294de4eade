import type { AdminUser, Page, UserFilter } from '../../../../shared/schemas/admin.js';
import { ADMIN_PAGE_SIZE } from '../../../../shared/schemas/admin.js';
import { DomainError, forbidden, notFound, validationError } from '../errors.js';
import type { AdminListingStore, AdminUserStore, AuditLog, Staff, UserDirectory } from './ports.js';

export interface AdminUserDeps {
  users: AdminUserStore;
  directory: UserDirectory;
  listings: AdminListingStore;
  audit: AuditLog;
  now: () => Date;
}

export const USER_NOT_FOUND = 'User not found';

export function listUsers(
  deps: Pick<AdminUserDeps, 'users'>,
  filter: UserFilter,
  q: string | undefined,
  cursor?: string,
): Promise<Page<AdminUser>> {
  return deps.users.list(filter, q?.trim().toLowerCase() || undefined, cursor, ADMIN_PAGE_SIZE);
}

async function target(deps: AdminUserDeps, userId: string): Promise<AdminUser> {
  const user = await deps.users.get(userId);
  if (!user) throw notFound(USER_NOT_FOUND);
  return user;
}

/**
 * Suspend or activate (spec §4). Who may suspend whom: nobody suspends themselves; an admin
 * cannot suspend an admin or a super admin; a super admin can suspend an admin but not another
 * super admin (that would let one lock the other out). Suspension disables sign-in in the user
 * pool and hides the user's listings from browse until reactivated.
 */
export async function setUserStatus(deps: AdminUserDeps, staff: Staff, userId: string, status: 'active' | 'suspended'): Promise<AdminUser> {
  const user = await target(deps, userId);
  if (status === 'suspended') {
    if (user.userId === staff.adminId) throw forbidden('You cannot suspend your own account');
    // The pool's groups decide; the profile's mirror covers a pool that cannot list them.
    const groups = await deps.directory.staffGroups(user.userId);
    const isSuper = user.adminRole === 'super_admin' || groups.includes('super_admins');
    const isAdmin = isSuper || user.adminRole === 'admin' || groups.includes('admins');
    if (isSuper) throw forbidden('A super admin cannot be suspended');
    if (isAdmin && staff.role !== 'super_admin') throw forbidden('Only a super admin can suspend an admin');
  }
  if (user.accountStatus === status) return user;
  const at = deps.now().toISOString();
  if (status === 'suspended') await deps.directory.disable(user.userId);
  else await deps.directory.enable(user.userId);
  await deps.users.setStatus(user.userId, status, at);
  const listingsChanged = await deps.listings.setOwnerSuspended(user.userId, status === 'suspended', at);
  await deps.audit.record({
    adminUserId: staff.adminId,
    action: 'update',
    resourceType: 'user',
    resourceId: user.userId,
    details: { change: 'account_status', from: user.accountStatus, to: status, email: user.email, listingsChanged },
    ipAddress: staff.ipAddress,
    userAgent: staff.userAgent,
  });
  return { ...user, accountStatus: status };
}

export async function sendPasswordReset(deps: AdminUserDeps, staff: Staff, userId: string): Promise<void> {
  const user = await target(deps, userId);
  if (!user.email) throw validationError('This user has no e-mail address');
  await deps.directory.sendPasswordReset(user.email);
  await deps.audit.record({
    adminUserId: staff.adminId,
    action: 'update',
    resourceType: 'user',
    resourceId: user.userId,
    details: { change: 'password_reset_email', email: user.email },
    ipAddress: staff.ipAddress,
    userAgent: staff.userAgent,
  });
}

/** 'Make Admin' (super admins only, spec §4): there is no revocation. Takes effect at the user's next token refresh. */
export async function makeAdmin(deps: AdminUserDeps, staff: Staff, userId: string): Promise<AdminUser> {
  if (staff.role !== 'super_admin') throw forbidden('Super admin access required');
  const user = await target(deps, userId);
  if (user.adminRole) throw new DomainError('CONFLICT', 'This user is already an admin');
  if (user.accountStatus === 'suspended') throw new DomainError('CONFLICT', 'Activate this user before making them an admin');
  await deps.directory.addToGroup(user.userId, 'admins');
  await deps.users.setRole(user.userId, 'admin', deps.now().toISOString());
  await deps.audit.record({
    adminUserId: staff.adminId,
    action: 'update',
    resourceType: 'user',
    resourceId: user.userId,
    details: { change: 'admin_role', from: null, to: 'admin', email: user.email },
    ipAddress: staff.ipAddress,
    userAgent: staff.userAgent,
  });
  return { ...user, adminRole: 'admin' };
}
