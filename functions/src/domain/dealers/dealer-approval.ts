/**
 * Approved dealers (issue 23): an account applies from the dashboard; staff approve or refuse the
 * application in admin › Users (audited), and the applicant hears either way by e-mail. Only
 * approved dealers import stock, and they may have more live listings (shared/limits.ts).
 */
import { ADMIN_PAGE_SIZE, type Page } from '../../../../shared/schemas/admin.js';
import {
  DEALER_TEXTS,
  type DealerApplication,
  type DealerApplicationFields,
  type DealerDecision,
} from '../../../../shared/schemas/dealer.js';
import { LIMIT_TEXTS } from '../../../../shared/limits.js';
import { type Profile, type ProfileStore, requireWritableProfile } from '../accounts/profiles.js';
import { auditEntry } from '../admin/audit-entry.js';
import type { AuditLog, Staff } from '../admin/ports.js';
import type { Caller } from '../caller.js';
import { DomainError, forbidden, notFound, unauthenticated } from '../errors.js';
import type { Mailer } from '../mail/mailer.js';
import { dealerDecisionEmail } from './dealer-emails.js';
import type { DealerApplicationStore } from './ports.js';

export interface DealerApplyDeps {
  applications: DealerApplicationStore;
  profiles: ProfileStore;
  now: () => Date;
}

export interface DealerReviewDeps {
  applications: DealerApplicationStore;
  audit: AuditLog;
  mailer: Mailer;
  siteUrl: string;
  now: () => Date;
}

/** POST /api/me/dealer-application. */
export async function applyAsDealer(deps: DealerApplyDeps, caller: Caller, fields: DealerApplicationFields): Promise<DealerApplication> {
  if (caller.kind !== 'user') throw unauthenticated();
  const profile = await requireWritableProfile(deps.profiles, caller, deps.now());
  if (profile.dealerStatus === 'approved') throw new DomainError('CONFLICT', DEALER_TEXTS.alreadyApproved);
  if (profile.dealerStatus === 'pending') throw new DomainError('CONFLICT', DEALER_TEXTS.alreadyPending);
  const app: DealerApplication = {
    userId: caller.userId,
    status: 'pending',
    email: profile.email,
    contactName: profile.fullName,
    ...fields,
    submittedAt: deps.now().toISOString(),
    decidedAt: null,
  };
  if (!(await deps.applications.submit(app))) throw new DomainError('CONFLICT', DEALER_TEXTS.alreadyPending);
  return app;
}

/** GET /api/me/dealer-application: the caller's application, or null when they never applied. */
export async function myDealerApplication(deps: Pick<DealerApplyDeps, 'applications'>, caller: Caller): Promise<DealerApplication | null> {
  if (caller.kind !== 'user') throw unauthenticated();
  return deps.applications.get(caller.userId);
}

/** GET /api/admin/dealer-applications: pending ones, oldest first. */
export function listPendingDealerApplications(
  deps: Pick<DealerReviewDeps, 'applications'>,
  cursor?: string,
): Promise<Page<DealerApplication>> {
  return deps.applications.listPending(cursor, ADMIN_PAGE_SIZE);
}

/** POST /api/admin/dealer-applications/{id}/decision: approve or refuse, audited, the applicant told by e-mail. */
export async function decideDealerApplication(
  deps: DealerReviewDeps,
  staff: Staff,
  userId: string,
  decision: DealerDecision,
): Promise<DealerApplication> {
  const current = await deps.applications.get(userId);
  if (!current) throw notFound('Dealer application not found');
  if (current.status !== 'pending') throw new DomainError('CONFLICT', `This application was already ${current.status}.`);
  const at = deps.now().toISOString();
  const decided = await deps.applications.decide(
    userId,
    decision,
    at,
    staff.adminId,
    auditEntry(staff, 'update', 'user', userId, {
      change: 'dealer_application',
      from: 'pending',
      to: decision === 'approve' ? 'approved' : 'refused',
      tradingName: current.tradingName,
      companyNumber: current.companyNumber,
      vatNumber: current.vatNumber,
    }),
  );
  if (!decided) throw new DomainError('CONFLICT', 'This application was decided by someone else meanwhile. Reload the list.');
  // Through the outbox: stored first, so a failed send is retried and never loses the decision.
  if (decided.email) {
    await deps.mailer.send({
      to: decided.contactName ? { name: decided.contactName, address: decided.email } : decided.email,
      ...dealerDecisionEmail(decided, { siteUrl: deps.siteUrl }),
    });
  }
  return decided;
}

/** PATCH /api/admin/users/{id}/listing-cap: staff's limit for one approved dealer (null: back to the default). */
export async function setDealerListingCap(
  deps: Pick<DealerReviewDeps, 'applications' | 'audit' | 'now'> & { profiles: Pick<ProfileStore, 'get'> },
  staff: Staff,
  userId: string,
  cap: number | null,
): Promise<{ listingCap: number | null }> {
  const profile = await deps.profiles.get(userId);
  if (!profile) throw notFound('User not found');
  const entry = auditEntry(staff, 'update', 'user', userId, {
    change: 'listing_cap',
    from: profile.listingCap ?? null,
    to: cap,
    email: profile.email,
  });
  if (!(await deps.applications.setListingCap(userId, cap, deps.now().toISOString(), entry))) {
    throw new DomainError('CONFLICT', 'Only an approved dealer has a listing limit to change.');
  }
  return { listingCap: cap };
}

/** The import's gate: only approved dealers (403 with the text the dashboard shows). */
export function requireApprovedDealer(profile: Pick<Profile, 'dealerStatus'>): void {
  if (profile.dealerStatus !== 'approved') throw forbidden(LIMIT_TEXTS.importForApprovedDealers);
}
