import { Link } from 'react-router-dom';
import { paths } from '@/app/paths';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { type AdminListingReport, type ReportAction, REPORT_REASON_LABELS, REPORT_STATUS_LABELS } from '@shared/schemas/listing-report';
import { useActOnReport, useListingReports } from '../api/listing-reports';
import { notifyFailure, notifySuccess } from '../lib/notify';
import { PagedList, formatDate } from './shared';

/**
 * Reports (issue 24 §6): visitors' reports of listings, newest first, with the listing, the
 * reporter, the reason and the status; staff hide the listing (audited, as the Listings tab does)
 * or mark the report handled.
 */
export function ReportsTab() {
  const reports = useListingReports();
  return (
    <PagedList
      query={reports}
      failureText="Failed to load reports"
      emptyText="No reports yet. Reports of listings from visitors arrive here."
    >
      {(items) => (
        <ul className="space-y-3">
          {items.map((r) => (
            <ReportRow key={r.id} report={r} />
          ))}
        </ul>
      )}
    </PagedList>
  );
}

function ReportRow({ report }: { report: AdminListingReport }) {
  const act = useActOnReport();
  const run = async (action: ReportAction) => {
    try {
      await act.mutateAsync({ id: report.id, action });
      notifySuccess(action === 'hide-listing' ? 'Listing hidden' : 'Report marked handled');
    } catch (err) {
      notifyFailure(action === 'hide-listing' ? 'Failed to hide listing' : 'Failed to update report', err);
    }
  };
  const reporter = report.reporterEmail ?? (report.reporterUserId ? `Account ${report.reporterUserId}` : 'Anonymous');
  return (
    <li className="rounded-md border p-3" data-testid="report-row">
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant={report.status === 'open' ? 'destructive' : report.status === 'handled' ? 'success' : 'muted'}>
          {REPORT_STATUS_LABELS[report.status]}
        </Badge>
        <span className="font-medium">{REPORT_REASON_LABELS[report.reason]}</span>
        <span className="text-sm text-muted-foreground">· {formatDate(report.createdAt)}</span>
      </div>
      <p className="mt-1 text-sm">
        <Link to={paths.truck(report.listingId)} className="font-semibold text-primary hover:underline" target="_blank" rel="noreferrer">
          {report.listingTitle}
        </Link>{' '}
        <span className="break-all text-muted-foreground">({report.listingId})</span>
      </p>
      <p className="text-sm text-muted-foreground">Reported by {reporter}</p>
      {report.details ? <p className="mt-2 whitespace-pre-wrap text-sm">{report.details}</p> : null}
      {report.handledBy ? (
        <p className="mt-1 text-xs text-muted-foreground">
          By {report.handledBy}
          {report.handledAt ? ` · ${formatDate(report.handledAt)}` : ''}
        </p>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="destructive"
          disabled={act.isPending || report.status === 'listing-hidden'}
          onClick={() => void run('hide-listing')}
        >
          Hide listing
        </Button>
        <Button size="sm" variant="outline" disabled={act.isPending || report.status !== 'open'} onClick={() => void run('mark-handled')}>
          Mark handled
        </Button>
      </div>
    </li>
  );
}
