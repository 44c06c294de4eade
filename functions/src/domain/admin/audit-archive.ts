import { ukDay } from '../../../../shared/schemas/admin.js';
import type { AuditLog } from './ports.js';

/** Where the archive keeps write-once files (the job's grant is s3:PutObject on this prefix only). */
export const AUDIT_ARCHIVE_PREFIX = 'audit/';

/** Where the object store keeps write-once files: the audit archive bucket (Object Lock in AWS). */
export interface AuditArchive {
  put(key: string, body: string): Promise<void>;
}

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;

/** The calendar day after (or, with -1, before) a YYYY-MM-DD day. */
function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/**
 * The instant a UK calendar day begins, as an ISO string: midnight in London is 00:00 UTC in
 * winter and 23:00 UTC the evening before in summer (the clocks change at 01:00 UTC, never at midnight).
 */
function ukDayStart(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  const utcMidnight = Date.UTC(y, m - 1, d);
  const bst = utcMidnight - 3600_000;
  return new Date(ukDay(new Date(bst)) === day ? bst : utcMidnight).toISOString();
}

/** The UK calendar day before the one `now` falls in. */
const previousUkDay = (now: Date) => addDays(ukDay(now), -1);

/** The archive's key for a day's entries: audit/YYYY/MM/YYYY-MM-DD.jsonl. */
const auditArchiveKey = (day: string) => `${AUDIT_ARCHIVE_PREFIX}${day.slice(0, 4)}/${day.slice(5, 7)}/${day}.jsonl`;

/**
 * The nightly job (jobs.ts ArchiveAuditLog, issue 23): copies one UK day's audit entries (by
 * default the day before `now`), oldest first, one JSON object per line, to the archive. A day with
 * no entries still gets its (empty) file, so a missing file means the job did not run. Running it
 * again for a day writes a new version; under Object Lock the earlier one stays.
 */
export async function archiveAuditDay(
  deps: { audit: Pick<AuditLog, 'between'>; archive: AuditArchive },
  now: Date,
  day: string = previousUkDay(now),
): Promise<{ day: string; key: string; entries: number }> {
  if (!DAY_RE.test(day) || addDays(day, 0) !== day) throw new Error(`Not a calendar day: ${day}`);
  const entries = await deps.audit.between(ukDayStart(day), ukDayStart(addDays(day, 1)));
  const key = auditArchiveKey(day);
  await deps.archive.put(key, entries.map((e) => `${JSON.stringify(e)}\n`).join(''));
  return { day, key, entries: entries.length };
}
