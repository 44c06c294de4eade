import { describe, expect, it } from 'vitest';
import type { AdminListing } from '../../../../shared/schemas/admin.js';
import type { AdminListingReport } from '../../../../shared/schemas/listing-report.js';
import type { AdminListingDeps } from '../admin/listings.js';
import type { NewAuditEntry, Staff } from '../admin/ports.js';
import { DomainError } from '../errors.js';
import { type ListingReportStore, actOnReport, reportListing } from './listing-reports.js';
/** The rule's value, stated here rather than imported, so a change to it fails this test. */
const REPORT_RATE_LIMIT = { scope: 'listing-report', limit: 5, windowSeconds: 600 } as const;

const STAFF = { adminId: 'staff-1', role: 'admin', ipAddress: '203.0.113.1', userAgent: 'test' } as Staff;
const AT = new Date('2026-11-27T10:00:00Z');

function world(opts: { solved?: boolean; allowed?: boolean } = {}) {
  const reports = new Map<string, AdminListingReport>();
  const audits: NewAuditEntry[] = [];
  const statusSets: Array<{ id: string; status: string }> = [];
  const scrapedHidden: string[] = [];
  const limits: string[] = [];
  const store: ListingReportStore = {
    save: async (r) => void reports.set(r.id, r),
    list: async () => ({ items: [...reports.values()].reverse(), nextCursor: null }),
    get: async (id) => reports.get(id) ?? null,
    setStatus: async (id, status, by, at) => {
      const r = reports.get(id);
      if (r) reports.set(id, { ...r, status, handledBy: by, handledAt: at });
    },
  };
  const listingAdmin = {
    listings: {
      get: async (id: string) => ({ id, status: 'active' }) as AdminListing,
      // The listing's audit entry travels with the change (one transaction, issue 23 "Audit").
      setStatus: async (id: string, status: string, _previous: string, _at: string, audit?: NewAuditEntry) => {
        statusSets.push({ id, status });
        if (audit) audits.push(audit);
      },
      setScrapedHidden: async (id: string, _hidden: boolean, _at: string, audit?: NewAuditEntry) => {
        scrapedHidden.push(id);
        if (audit) audits.push(audit);
        return true;
      },
    },
    audit: { record: async (e: NewAuditEntry) => void audits.push(e) },
    now: () => AT,
    deleteImageFiles: async () => undefined,
  } as unknown as AdminListingDeps;
  let n = 0;
  const deps = {
    reports: store,
    listings: { titleOf: async (id: string) => (id === 'missing' ? null : `Truck ${id}`) },
    rateLimit: async (req: { key: string; scope: string }) => {
      limits.push(`${req.scope}:${req.key}`);
      return { allowed: opts.allowed !== false, count: 1, retryAfterSeconds: 60 };
    },
    challenge: { verify: async () => opts.solved !== false },
    now: () => AT,
    newId: () => `R${++n}`,
  };
  const admin = { reports: store, audit: listingAdmin.audit, listingAdmin, now: () => AT };
  return { deps, admin, reports, audits, statusSets, scrapedHidden, limits };
}

const reporter = { sourceIp: '198.51.100.7', userId: null, email: null };
const codeOf = (p: Promise<unknown>) =>
  p.then(
    () => 'OK',
    (e) => (e instanceof DomainError ? e.code : String(e)),
  );

describe('reportListing', () => {
  it('stores an open report with the listing, reason and reporter, counted against the address', async () => {
    const w = world();
    await reportListing(w.deps, 'L1', { reason: 'scam', details: 'Deposit first', email: 'a@example.com', altcha: 'x' }, reporter);
    expect([...w.reports.values()]).toEqual([
      expect.objectContaining({
        listingId: 'L1',
        listingTitle: 'Truck L1',
        reason: 'scam',
        status: 'open',
        reporterEmail: 'a@example.com',
      }),
    ]);
    expect(w.limits).toEqual([expect.stringMatching(new RegExp(`^${REPORT_RATE_LIMIT.scope}:`))]);
  });

  it('refuses without a solved challenge (403), over the limit (429), for no such listing (404); stores nothing', async () => {
    const input = { reason: 'sold' as const, details: undefined, altcha: 'x' };
    expect(await codeOf(reportListing(world({ solved: false }).deps, 'L1', input, reporter))).toBe('FORBIDDEN');
    expect(await codeOf(reportListing(world({ allowed: false }).deps, 'L1', input, reporter))).toBe('RATE_LIMITED');
    const w = world();
    expect(await codeOf(reportListing(w.deps, 'missing', input, reporter))).toBe('NOT_FOUND');
    expect(w.reports.size).toBe(0);
  });
});

describe('actOnReport', () => {
  it("hides a seller's listing (back to pending) or a scraped one (hidden), audited twice; marks handled, audited once", async () => {
    const w = world();
    await reportListing(w.deps, 'L1', { reason: 'scam', details: undefined, altcha: 'x' }, reporter);
    await reportListing(w.deps, 'scraped-abc', { reason: 'offensive', details: undefined, altcha: 'x' }, reporter);
    await reportListing(w.deps, 'L2', { reason: 'sold', details: undefined, altcha: 'x' }, reporter);

    expect((await actOnReport(w.admin, STAFF, 'R1', 'hide-listing')).status).toBe('listing-hidden');
    expect(w.statusSets).toEqual([{ id: 'L1', status: 'pending' }]);
    expect((await actOnReport(w.admin, STAFF, 'R2', 'hide-listing')).status).toBe('listing-hidden');
    expect(w.scrapedHidden).toEqual(['abc']);
    expect((await actOnReport(w.admin, STAFF, 'R3', 'mark-handled')).status).toBe('handled');

    expect(w.audits.map((a) => `${a.resourceType}:${a.resourceId}`)).toEqual([
      'listing:L1',
      'report:R1',
      'listing:scraped-abc',
      'report:R2',
      'report:R3',
    ]);
    expect(await codeOf(actOnReport(w.admin, STAFF, 'R9', 'mark-handled'))).toBe('NOT_FOUND');
  });
});
