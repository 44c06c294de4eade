import { type FormEvent, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input, Label } from '@/components/ui/input';
import { ACTIVE_LISTING_CAPS } from '@shared/limits';
import type { AdminUser } from '@shared/schemas/admin';
import { APPROVED_DEALER_LABEL } from '@shared/dealer-labels';
import {
  useDealerApplications,
  useDecideDealerApplication,
  usePendingImports,
  useReviewImport,
  useSetListingCap,
} from '../api/dealer-reviews';
import { notifyFailure, notifySuccess } from '../lib/notify';
import { PagedList, formatDate } from './shared';

/** Admin › Users: pending dealer applications with Approve and Refuse (each audited; the applicant gets an e-mail). */
export function DealerApplicationsPanel() {
  const applications = useDealerApplications();
  const decide = useDecideDealerApplication();
  const act = async (userId: string, decision: 'approve' | 'refuse') => {
    try {
      await decide.mutateAsync({ userId, decision });
      notifySuccess(decision === 'approve' ? 'Dealer approved' : 'Application refused');
    } catch (err) {
      notifyFailure('Could not decide the application', err);
    }
  };
  return (
    <section aria-labelledby="dealer-applications-heading" className="space-y-2">
      <h2 id="dealer-applications-heading" className="text-lg font-semibold">
        Dealer applications
      </h2>
      <PagedList query={applications} failureText="Could not load dealer applications" emptyText="No dealer applications are waiting.">
        {(items) => (
          <ul className="divide-y rounded-md border">
            {items.map((a) => (
              <li key={a.userId} className="flex flex-wrap items-start justify-between gap-3 p-3" data-testid="dealer-application">
                <div className="min-w-0 space-y-0.5">
                  <p className="font-medium">{a.tradingName}</p>
                  <p className="whitespace-pre-line text-sm text-muted-foreground">{a.address}</p>
                  <p className="text-sm">
                    {a.companyNumber ? <>Companies House {a.companyNumber}</> : null}
                    {a.companyNumber && a.vatNumber ? ' · ' : null}
                    {a.vatNumber ? <>VAT {a.vatNumber}</> : null}
                  </p>
                  <p className="break-all text-xs text-muted-foreground">
                    {a.contactName ?? 'Unnamed'} · {a.email} · applied {formatDate(a.submittedAt)}
                  </p>
                </div>
                <div className="flex gap-2">
                  <Button size="sm" onClick={() => void act(a.userId, 'approve')} disabled={decide.isPending}>
                    Approve
                  </Button>
                  <Button size="sm" variant="destructive" onClick={() => void act(a.userId, 'refuse')} disabled={decide.isPending}>
                    Refuse
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </PagedList>
    </section>
  );
}

/** A user row's dealer part: the badge and, for approved dealers, staff's live-listing limit. */
export function DealerCapControl({ user }: { user: AdminUser }) {
  const [draft, setDraft] = useState(String(user.listingCap ?? ''));
  const setCap = useSetListingCap();
  if (user.dealerStatus !== 'approved') {
    return user.dealerStatus === 'pending' ? <Badge variant="muted">Dealer application pending</Badge> : null;
  }
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const listingCap = draft.trim() === '' ? null : Number(draft);
    try {
      await setCap.mutateAsync({ userId: user.userId, listingCap });
      notifySuccess('Listing limit saved');
    } catch (err) {
      notifyFailure('Could not save the listing limit', err);
    }
  };
  const inputId = `cap-${user.userId}`;
  return (
    <form onSubmit={submit} className="flex flex-wrap items-center gap-2">
      <Badge variant="success">{APPROVED_DEALER_LABEL}</Badge>
      <Label htmlFor={inputId} className="text-xs text-muted-foreground">
        Live-listing limit
      </Label>
      <Input
        id={inputId}
        inputMode="numeric"
        className="h-8 w-24"
        placeholder={ACTIVE_LISTING_CAPS.approvedDealerDefault.toLocaleString('en-GB')}
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
      />
      <Button size="sm" variant="outline" type="submit" disabled={setCap.isPending}>
        Save limit
      </Button>
    </form>
  );
}

/** Admin › Listings › Pending import: a dealer's first import, approved or refused as a whole (audited). */
export function PendingImportsPanel() {
  const imports = usePendingImports();
  const review = useReviewImport();
  const act = async (userId: string, id: string, decision: 'approve' | 'refuse') => {
    try {
      await review.mutateAsync({ userId, id, decision });
      notifySuccess(decision === 'approve' ? 'Import approved: its listings go live shortly' : 'Import refused: its listings are removed');
    } catch (err) {
      notifyFailure('Could not review the import', err);
    }
  };
  return (
    <PagedList query={imports} failureText="Could not load pending imports" emptyText="No stock imports are waiting for review.">
      {(items) => (
        <ul className="divide-y rounded-md border">
          {items.map((i) => (
            <li key={i.id} className="flex flex-wrap items-start justify-between gap-3 p-3" data-testid="pending-import">
              <div className="min-w-0 space-y-0.5">
                <p className="font-medium">
                  {i.dealerName ?? 'Unnamed dealer'} · {i.created} {i.created === 1 ? 'listing' : 'listings'}
                </p>
                <p className="break-all text-sm text-muted-foreground">
                  {i.fileName ?? 'Stock feed'} · {i.dealerEmail} · imported {formatDate(i.createdAt)}
                </p>
                {i.sampleTitles.length ? (
                  <p className="text-sm">
                    {i.sampleTitles.join(', ')}
                    {i.created > i.sampleTitles.length ? ', …' : ''}
                  </p>
                ) : null}
              </div>
              <div className="flex gap-2">
                <Button size="sm" onClick={() => void act(i.userId, i.id, 'approve')} disabled={review.isPending}>
                  Approve import
                </Button>
                <Button size="sm" variant="destructive" onClick={() => void act(i.userId, i.id, 'refuse')} disabled={review.isPending}>
                  Refuse import
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </PagedList>
  );
}
