import type { FailedEmail, FailedEmailRetryOutcome } from '../../../../shared/schemas/failed-emails.js';
import type { Page } from '../../../../shared/schemas/admin.js';
import { ADMIN_PAGE_SIZE } from '../../../../shared/schemas/admin.js';
import { DomainError, notFound } from '../errors.js';
import { auditEntry } from './audit-entry.js';
import type { AuditLog, FailedEmailOutbox, Staff } from './ports.js';

/** A page of failed e-mails; every page read is audited (`read` on `failed-email`: addresses and texts, issue 23). */
export async function listFailedEmails(
  deps: { outbox: FailedEmailOutbox; audit: AuditLog },
  staff: Staff,
  cursor?: string,
): Promise<Page<FailedEmail>> {
  const page = await deps.outbox.list(cursor, ADMIN_PAGE_SIZE);
  await deps.audit.record(
    auditEntry(staff, 'read', 'failed-email', 'list', {
      ...(cursor ? { page: 'next' } : {}),
      count: page.items.length,
      ids: page.items.map((e) => e.id),
    }),
  );
  return page;
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
