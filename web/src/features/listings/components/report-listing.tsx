import { Flag } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';

const ReportListingForm = lazy(() => import('./report-listing-form').then((m) => ({ default: m.ReportListingForm })));

/** "Report this listing", for anyone (issue 24 §6): the form (and its ALTCHA check) loads when opened. */
export function ReportListing({ listingId }: { listingId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <section aria-label="Report this listing" className="rounded-lg border border-border bg-card p-4 shadow-sm sm:p-5">
      <button
        type="button"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
        className="inline-flex min-h-9 items-center gap-2 text-sm font-semibold text-muted-foreground hover:text-destructive"
      >
        <Flag className="size-4" aria-hidden="true" />
        Report this listing
      </button>
      {open ? (
        <div className="mt-4">
          <Suspense fallback={<div className="h-64" aria-busy="true" />}>
            <ReportListingForm listingId={listingId} onDone={() => setOpen(false)} />
          </Suspense>
        </div>
      ) : null}
    </section>
  );
}
