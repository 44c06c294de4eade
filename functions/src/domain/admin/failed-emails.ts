import type { FailedEmail, FailedEmailRetryOutcome } from '../../../../shared/schemas/failed-emails.js';
import type { Page } from '../../../../shared/schemas/admin.js';
import { ADMIN_PAGE_SIZE } from '../../../../shared/schemas/admin.js';
import { DomainError, notFound } from '../errors.js';
import type { AuditLog, FailedEmailOutbox, Staff } from './ports.js';

export function listFailedEmails(outbox: FailedEmailOutbox, cursor?: string): Promise<Page<FailedEmail>> {
  return outbox.list(cursor, ADMIN_PAGE_SIZE);
}

/**
 * A staff member's retry of an e-mail that failed to send: one attempt now, and one audit entry
 * whatever the outcome (a retry that fails again was still an action taken).
 */
export async function retryFailedEmail(
  deps: { outbox: FailedEmailOutbox; audit: AuditLog },
  staff: Staff,
  id: string,
): Promise<{ outcome: FailedEmailRetryOutcome }> {
  const outcome = await deps.outbox.retry(id);
  if (outcome === 'not-found') throw notFound('E-mail not found, or already sent');
  if (outcome === 'busy') throw new DomainError('CONFLICT', 'This e-mail is being retried already. Refresh the list.');
  await deps.audit.record({
    adminUserId: staff.adminId,
    action: 'update',
    resourceType: 'message',
    resourceId: `email/${id}`,
    details: { retry: 'failed e-mail', outcome },
    ipAddress: staff.ipAddress,
    userAgent: staff.userAgent,
  });
  return { outcome };
}
