import type { AuditAction, AuditResource } from '../../../../shared/schemas/admin.js';
import type { NewAuditEntry, Staff } from './ports.js';

/** The audit entry of one staff action: who, from where, what and on which resource. */
export function auditEntry(
  staff: Staff,
  action: AuditAction,
  resourceType: AuditResource,
  resourceId: string,
  details: Record<string, unknown>,
): NewAuditEntry {
  return { adminUserId: staff.adminId, action, resourceType, resourceId, details, ipAddress: staff.ipAddress, userAgent: staff.userAgent };
}
