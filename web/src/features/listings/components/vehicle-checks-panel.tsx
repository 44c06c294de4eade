import { CircleAlert, CircleCheck, CircleHelp } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { formatDate, formatNumber } from '@/lib/format';
import type { Listing } from '@shared/schemas/listing';
import type { VehicleChecks, VehicleTest } from '@shared/schemas/vehicle-checks';
import { VEHICLE_CHECKS_DISCLAIMER } from '@shared/vehicle-check-texts';
import { useVehicleChecks } from '../api/get-vehicle-checks';

const DEFECT_WORDS: Record<string, string> = {
  ADVISORY: 'Advisory',
  MINOR: 'Minor',
  MAJOR: 'Major',
  DANGEROUS: 'Dangerous',
  FAIL: 'Fail',
  PRS: 'Repaired at test',
  'USER ENTERED': 'Tester note',
};

function odometerText(t: VehicleTest): string {
  if (t.odometer) return `${formatNumber(t.odometer.value)} ${t.odometer.unit === 'km' ? 'km' : 'miles'}`;
  return t.odometerResult === 'NO_ODOMETER' ? 'No odometer' : 'Not readable';
}

/**
 * "Vehicle checks" on a listing page (issue 27 §3): the mileage verdict, tax status, test expiry,
 * every annual test with its reading and defects, the date of the check and what it is not.
 * Listings without a registration (scraped ones among them) show no panel.
 */
export function VehicleChecksPanel({ listing }: { listing: Pick<Listing, 'id' | 'registration'> }) {
  const hasRegistration = Boolean(listing.registration);
  const query = useVehicleChecks(listing.id, hasRegistration);
  if (!hasRegistration || query.isError) return null;
  return (
    <section aria-labelledby="vehicle-checks-heading" className="rounded-lg border border-border bg-card p-5 shadow-sm sm:p-6">
      <h2 id="vehicle-checks-heading" className="mb-1 text-lg font-bold text-primary">
        Vehicle checks
      </h2>
      <p className="mb-4 text-xs text-muted-foreground">{VEHICLE_CHECKS_DISCLAIMER}</p>
      {query.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : query.data.checks ? (
        <ChecksBody checks={query.data.checks} />
      ) : (
        <p className="text-sm text-muted-foreground">The DVLA and DVSA records of this truck are being read. Check back shortly.</p>
      )}
    </section>
  );
}

function ChecksBody({ checks }: { checks: VehicleChecks }) {
  const tone = checks.verdict.kind === 'consistent' ? 'good' : checks.verdict.kind === 'not-enough' ? 'neutral' : 'warn';
  const Icon = tone === 'good' ? CircleCheck : tone === 'warn' ? CircleAlert : CircleHelp;
  return (
    <div className="flex flex-col gap-4">
      <p
        data-testid="mileage-verdict"
        className={cn('flex items-start gap-2 font-semibold', tone === 'good' && 'text-success', tone === 'warn' && 'text-destructive')}
      >
        <Icon className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
        {checks.verdict.text}
      </p>
      {checks.found ? null : <p className="text-sm text-muted-foreground">The DVLA and the DVSA hold no record of this registration.</p>}
      <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-muted-foreground">Tax status</dt>
          <dd className="font-semibold">
            {checks.taxStatus ?? 'Not known'}
            {checks.taxDueDate ? <span className="font-normal text-muted-foreground"> (due {formatDate(checks.taxDueDate)})</span> : null}
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Test expiry</dt>
          <dd className="font-semibold">{checks.testExpiry ? formatDate(checks.testExpiry) : 'Not known'}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Checked</dt>
          <dd className="font-semibold">{formatDate(checks.checkedAt)}</dd>
        </div>
      </dl>
      {checks.tests.length ? (
        <div>
          <h3 className="mb-2 text-sm font-semibold">Annual tests ({checks.tests.length})</h3>
          <ol className="divide-y divide-border rounded-md border border-border" aria-label="Annual test history">
            {checks.tests.map((t) => (
              <li key={t.testNumber} className="flex flex-col gap-1.5 p-3 text-sm">
                <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                  <span className="font-semibold">{formatDate(t.date)}</span>
                  <Badge variant={t.result === 'PASSED' ? 'success' : 'destructive'}>{t.result === 'PASSED' ? 'Passed' : 'Failed'}</Badge>
                  <span className="text-muted-foreground">{odometerText(t)}</span>
                </div>
                {t.defects.length ? (
                  <ul className="flex flex-col gap-1 pl-1">
                    {t.defects.map((d) => (
                      <li key={`${d.type}:${d.text}`} className="flex gap-2 text-xs">
                        <span className={cn('shrink-0 font-semibold', d.dangerous || d.type !== 'ADVISORY' ? 'text-destructive' : '')}>
                          {DEFECT_WORDS[d.type] ?? d.type}
                          {d.dangerous && d.type !== 'DANGEROUS' ? ' (dangerous)' : ''}:
                        </span>
                        <span className="min-w-0 break-words">{d.text}</span>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ol>
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">No annual tests on record.</p>
      )}
    </div>
  );
}
