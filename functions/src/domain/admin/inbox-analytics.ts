import type { Analytics, InboxItem, InboxKind, InboxStatus, Page } from '../../../../shared/schemas/admin.js';
import { ADMIN_PAGE_SIZE } from '../../../../shared/schemas/admin.js';
import { notFound } from '../errors.js';
import { auditEntry } from './audit-entry.js';
import type { AnalyticsSource, AuditLog, InboxStore, Staff } from './ports.js';

/** A page of the Inbox; every page read is audited (`read` on `inbox`: messages carry personal data, issue 23). */
export async function listInbox(
  deps: { inbox: InboxStore; audit: AuditLog },
  staff: Staff,
  kind: InboxKind,
  cursor?: string,
): Promise<Page<InboxItem>> {
  const page = await deps.inbox.list(kind, cursor, ADMIN_PAGE_SIZE);
  await deps.audit.record(
    auditEntry(staff, 'read', 'inbox', kind, {
      ...(cursor ? { page: 'next' } : {}),
      count: page.items.length,
      ids: page.items.map((i) => i.id),
    }),
  );
  return page;
}

export async function updateInboxItem(
  deps: { inbox: InboxStore; audit: AuditLog; now: () => Date },
  staff: Staff,
  kind: InboxKind,
  id: string,
  changes: { status?: InboxStatus; assignee?: string | null; note?: string | null },
): Promise<InboxItem> {
  const before = await deps.inbox.get(kind, id);
  if (!before) throw notFound('Message not found');
  const after = await deps.inbox.update(
    kind,
    id,
    changes,
    deps.now().toISOString(),
    auditEntry(staff, 'update', 'message', `${kind}/${id}`, { from: { status: before.status, assignee: before.assignee }, to: changes }),
  );
  if (!after) throw notFound('Message not found');
  return after;
}

const DAY_MS = 24 * 3600 * 1000;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** Monday (UTC) of the week containing `d`. */
function weekStart(d: Date): Date {
  const day = (d.getUTCDay() + 6) % 7;
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - day));
}

/** Spec §9 analytics from the counters (recent = last 30 days; 12 weeks of sign-ups and new listings). */
export async function loadAnalytics(source: AnalyticsSource, now: Date): Promise<Analytics> {
  const c = await source.counters(['users', 'dealers', 'listings', 'listings#active', 'media', 'promotions']);
  const firstWeek = new Date(weekStart(now).getTime() - 11 * 7 * DAY_MS);
  const from30 = new Date(now.getTime() - 29 * DAY_MS);
  const from = isoDay(firstWeek < from30 ? firstWeek : from30);
  const [signups, listings] = await Promise.all([
    source.daily('signups', from, isoDay(now)),
    source.daily('newlistings', from, isoDay(now)),
  ]);
  const sumSince = (m: Map<string, number>, since: string) => [...m].filter(([d]) => d >= since).reduce((a, [, n]) => a + n, 0);
  const weeks = Array.from({ length: 12 }, (_, i) => {
    const start = new Date(firstWeek.getTime() + i * 7 * DAY_MS);
    const end = isoDay(new Date(start.getTime() + 6 * DAY_MS));
    const inWeek = (m: Map<string, number>) => [...m].filter(([d]) => d >= isoDay(start) && d <= end).reduce((a, [, n]) => a + n, 0);
    return { weekStart: isoDay(start), signups: inWeek(signups), listings: inWeek(listings) };
  });
  const totalUsers = c.users;
  const totalListings = c.listings;
  return {
    totalUsers,
    dealers: c.dealers,
    totalListings,
    activeListings: c['listings#active'],
    mediaAssets: c.media,
    promotions: c.promotions,
    newSignups: sumSince(signups, isoDay(from30)),
    newListings: sumSince(listings, isoDay(from30)),
    activePercent: totalListings ? Math.round((c['listings#active'] / totalListings) * 1000) / 10 : 0,
    listingsPerDealer: (c.dealers ? totalListings / c.dealers : 0).toFixed(2),
    dealerSharePercent: totalUsers ? Math.round((c.dealers / totalUsers) * 1000) / 10 : 0,
    weeks,
  };
}
