import { cn } from '@/lib/cn';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useEffect } from 'react';
import { useAnalytics, useJobRuns } from '../api/admin-api';
import { notifyFailure } from '../lib/notify';
import { ADMIN_TEXTS } from '../lib/texts';
import { formatDate } from './shared';

/** Spec §9 metrics, sign-ups and new listings per week over 12 weeks, and recent job runs. */
export function AnalyticsTab() {
  const q = useAnalytics();
  useEffect(() => {
    if (q.isError) notifyFailure(ADMIN_TEXTS.loadAnalytics, q.error);
  }, [q.isError, q.error]);
  if (q.isPending) return <Spinner label="Loading analytics..." />;
  if (q.isError) return <p className="py-8 text-center text-destructive">{ADMIN_TEXTS.loadAnalytics}</p>;
  const a = q.data;
  const metrics: Array<[string, string | number, string]> = [
    ['Total users', a.totalUsers, 'total-users'],
    ['Dealers', a.dealers, 'dealers'],
    ['Total listings', a.totalListings, 'total-listings'],
    ['Active listings', a.activeListings, 'active-listings'],
    ['Media assets', a.mediaAssets, 'media-assets'],
    ['Promotions', a.promotions, 'promotions'],
    ['New sign-ups (30 days)', a.newSignups, 'new-signups'],
    ['New listings (30 days)', a.newListings, 'new-listings'],
    ['Listings active', `${a.activePercent}%`, 'active-percent'],
    ['Listings per dealer', a.listingsPerDealer, 'listings-per-dealer'],
    ['Dealer share of users', `${a.dealerSharePercent}%`, 'dealer-share'],
  ];
  return (
    <div className="space-y-6">
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
        {metrics.map(([label, value, id]) => (
          <Card key={id}>
            <CardContent className="p-4">
              <p className="text-sm text-muted-foreground">{label}</p>
              <p className="text-2xl font-bold" data-testid={`metric-${id}`}>
                {value}
              </p>
            </CardContent>
          </Card>
        ))}
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <WeekChart title="Sign-ups per week" weeks={a.weeks.map((w) => ({ label: w.weekStart, n: w.signups }))} />
        <WeekChart title="New listings per week" weeks={a.weeks.map((w) => ({ label: w.weekStart, n: w.listings }))} />
      </div>
      <JobsPanel />
    </div>
  );
}

function WeekChart({ title, weeks }: { title: string; weeks: Array<{ label: string; n: number }> }) {
  const max = Math.max(1, ...weeks.map((w) => w.n));
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">{title}</CardTitle>
      </CardHeader>
      <CardContent>
        <ol className="flex h-40 items-end gap-1" aria-label={`${title}, last 12 weeks`}>
          {weeks.map((w) => (
            <li key={w.label} className="flex flex-1 flex-col items-center justify-end" title={`Week of ${w.label}: ${w.n}`}>
              <span className="text-[10px] text-muted-foreground">{w.n}</span>
              <span
                className={cn('w-full rounded-t bg-primary', w.n ? 'min-h-0.5' : '')}
                // Through the CSSOM: the CSP allows no inline style attributes (shared/security-headers.ts).
                ref={(el) => el?.style.setProperty('height', `${(w.n / max) * 100}%`)}
              />
              <span className="sr-only">
                Week of {w.label}: {w.n}
              </span>
            </li>
          ))}
        </ol>
        <p className="mt-1 flex justify-between text-[10px] text-muted-foreground">
          <span>{weeks[0]?.label}</span>
          <span>{weeks[weeks.length - 1]?.label}</span>
        </p>
      </CardContent>
    </Card>
  );
}

function JobsPanel() {
  const q = useJobRuns();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Scheduled jobs</CardTitle>
      </CardHeader>
      <CardContent>
        {q.isPending ? (
          <Spinner label="Loading..." />
        ) : q.isError ? (
          <p className="text-destructive">Failed to load job runs</p>
        ) : q.data.items.length === 0 ? (
          <p className="text-muted-foreground">No job runs recorded yet. Scraper runs appear here from their first run.</p>
        ) : (
          <ul className="divide-y text-sm">
            {q.data.items.map((r) => (
              <li key={`${r.jobId}-${r.startedAt}`} className="py-2">
                <span className="font-medium">{r.jobId}</span> · {formatDate(r.startedAt)} · {r.ok ? 'OK' : 'Failed'}
                <p className="text-muted-foreground">{r.summary}</p>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
