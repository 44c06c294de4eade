import type { AdminRole } from '../../../../shared/schemas/admin.js';
import { type Profile, SUSPENDED_MESSAGE } from '../accounts/profiles.js';
import type { Caller } from '../caller.js';
import { DomainError, forbidden, unauthenticated } from '../errors.js';
import type { Staff } from './ports.js';

const ADMIN_REQUIRED = 'Admin access required';
const SUPER_ADMIN_REQUIRED = 'Super admin access required';
const ADMIN_REMOVED = 'Your admin access was removed';

/**
 * The admin area's gate, after the route's own group check: staff status comes only from the
 * verified token's groups; a suspended staff account is refused like any suspended account, and so
 * is one whose admin role a super admin removed (its access token keeps the group until it expires).
 */
export function requireStaff(
  caller: Caller,
  profile: (Pick<Profile, 'accountStatus'> & { adminRole?: AdminRole | null; adminRemovedAt?: string }) | null,
  client: { ipAddress: string | null; userAgent: string | null },
  level: 'admin' | 'superAdmin' = 'admin',
): Staff {
  if (caller.kind !== 'user') throw unauthenticated();
  if (!caller.isAdmin) throw forbidden(ADMIN_REQUIRED);
  if (level === 'superAdmin' && !caller.isSuperAdmin) throw forbidden(SUPER_ADMIN_REQUIRED);
  if (profile?.accountStatus === 'suspended') throw new DomainError('SUSPENDED', SUSPENDED_MESSAGE);
  if (profile?.adminRemovedAt && !profile.adminRole) throw forbidden(ADMIN_REMOVED);
  const role: AdminRole = caller.isSuperAdmin ? 'super_admin' : 'admin';
  return { adminId: caller.userId, role, ...client };
}
