import { auditLog } from '../adapters/dynamodb/audit-log-store.js';
import { ddb } from '../adapters/dynamodb/client.js';
import { s3AuditArchive } from '../adapters/s3/audit-archive.js';
import { s3 } from '../adapters/s3/client.js';
import { config } from '../config.js';
import { archiveAuditDay } from '../domain/admin/audit-archive.js';
import { observed } from '../observability.js';

/**
 * Nightly (jobs.ts ArchiveAuditLog): the previous UK day's audit entries to the audit archive bucket.
 * An event with `day` (YYYY-MM-DD) archives that day instead, to fill a gap.
 */
const run = async (event?: { day?: unknown }) => {
  const day = typeof event?.day === 'string' ? event.day : undefined;
  const result = await archiveAuditDay(
    { audit: auditLog(ddb, config.tableName), archive: s3AuditArchive(s3, config.bucketName('audit-archive')) },
    new Date(),
    day,
  );
  console.log(JSON.stringify({ level: 'info', message: 'Audit log archived', ...result }));
  return result;
};

export const handler = observed('jobs/archive-audit-log', run);
