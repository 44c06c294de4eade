import type { AdminUser, Page, UserFilter } from '../../../../shared/schemas/admin.js';
import { ADMIN_PAGE_SIZE } from '../../../../shared/schemas/admin.js';
import { DomainError, forbidden, notFound, serviceUnavailable, validationError } from '../errors.js';
import { auditEntry } from './audit-entry.js';
import type { AccountListingsJob, AccountListingsQueue, AdminUserStore, AuditLog, Staff, UserDirectory } from './ports.js';

export interface AdminUserDeps {
  users: AdminUserStore;
  directory: UserDirectory;
  /** Where the account-listings job is queued (a suspension's or reactivation's listings). */
  listingsQueue: AccountListingsQueue;
  audit: AuditLog;
  now: () => Date;
  newId: () => string;
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
 *
 * The request does what is quick: sign-in is disabled (or enabled) in the user pool, then the
 * profile's status, the audit entry and the id of a new account-listings job are one transaction.
 * The account's listings follow in that job (account-listings.ts: queued here, retried, safe to
 * repeat), so the answer carries `listingsSync` ('hiding' or 'showing') until it has finished.
 * Asking again for the status the account already has queues its unfinished job again, so a job
 * that could not be queued, or went to the dead-letter queue, is resumed from the Users tab.
 */
export async function setUserStatus(deps: AdminUserDeps, staff: Staff, userId: string, status: 'active' | 'suspended'): Promise<AdminUser> {
  const user = await target(deps, userId);
  if (status === 'suspended' && user.userId === staff.adminId) throw forbidden('You cannot suspend your own account');
  const role = await staffRoleOf(deps, user);
  if (status === 'suspended' && role === 'super_admin') throw forbidden('A super admin cannot be suspended');
  if (role && staff.role !== 'super_admin') {
    throw forbidden(status === 'suspended' ? 'Only a super admin can suspend an admin' : 'Only a super admin can reactivate an admin');
  }
  if (user.accountStatus === status) {
    const jobId = user.listingsSync ? await deps.users.listingsJobId(user.userId) : null;
    if (jobId) await queueListingsJob(deps, { userId: user.userId, jobId, status });
    return user;
  }
  const at = deps.now().toISOString();
  const jobId = deps.newId();
  if (status === 'suspended') await deps.directory.disable(user.userId);
  else await deps.directory.enable(user.userId);
  await deps.users.setStatus(
    user.userId,
    status,
    jobId,
    at,
    auditEntry(staff, 'update', 'user', user.userId, { change: 'account_status', from: user.accountStatus, to: status, email: user.email }),
  );
  await queueListingsJob(deps, { userId: user.userId, jobId, status });
  return { ...user, accountStatus: status, listingsSync: status === 'suspended' ? 'hiding' : 'showing' };
}

/** The account's change is stored by now; only its listings wait. Said so, rather than a bare 500. */
async function queueListingsJob(deps: AdminUserDeps, job: AccountListingsJob): Promise<void> {
  try {
    await deps.listingsQueue.send(job);
  } catch (err) {
    console.error(JSON.stringify({ level: 'error', message: 'Account-listings job could not be queued', ...job, error: String(err) }));
    throw serviceUnavailable(
      job.status === 'suspended'
        ? 'The account is suspended, but hiding its listings could not be started. Press Resume to try again.'
        : 'The account is active again, but showing its listings could not be started. Press Resume to try again.',
    );
  }
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
