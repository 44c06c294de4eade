import { CircleAlert, CircleCheck, CircleHelp } from 'lucide-react';
import { assessCompliance, type ZoneVerdict } from '@shared/compliance/compliance';
import { CLEAN_AIR_ZONES, DIRECT_VISION_STANDARD } from '@shared/compliance/zones';
import type { Listing } from '@shared/schemas/listing';
import { cn } from '@/lib/cn';
import { formatLongDate } from '@/lib/format';

const AS_OF = (iso: string) => formatLongDate(`${iso}T12:00:00Z`);

function verdictText(v: ZoneVerdict): string {
  if (v.status === 'no-charge') return 'No charge';
  if (v.status === 'charge') return `£${v.dailyCharge} a day`;
  if (v.status === 'penalty') return 'Penalty per entry';
  return 'Unknown';
}

/**
 * What a buyer would pay to drive this truck into London and the UK's clean-air zones, and whether
 * it needs a London DVS permit — from shared/compliance (one data file of zones with sources and
 * the date they were checked). An unknown Euro standard says "Unknown", never a guess.
 */
export function CompliancePanel({ listing }: { listing: Pick<Listing, 'euroStandard' | 'fuelType' | 'gvwTonnes' | 'dvsStars'> }) {
  const result = assessCompliance({
    euroStandard: listing.euroStandard,
    fuelType: listing.fuelType,
    gvwTonnes: listing.gvwTonnes,
    dvsStars: listing.dvsStars ?? null,
  });
  const Icon = result.badge.tone === 'good' ? CircleCheck : result.badge.tone === 'warn' ? CircleAlert : CircleHelp;
  return (
    <section aria-labelledby="compliance-heading" className="rounded-lg border border-border bg-card p-5 shadow-sm sm:p-6">
      <h2 id="compliance-heading" className="mb-1 text-lg font-bold text-primary">
        Clean air zones and London DVS
      </h2>
      <p className="mb-4 text-xs text-muted-foreground">Daily charges for HGVs over 3.5 t, as of {AS_OF(result.asOf)}.</p>
      <p
        className={cn(
          'mb-4 flex items-center gap-2 font-semibold',
          result.badge.tone === 'good' && 'text-success',
          result.badge.tone === 'warn' && 'text-destructive',
        )}
      >
        <Icon className="size-5 shrink-0" aria-hidden="true" />
        {result.badge.text}
      </p>
      {result.london.status === 'unknown' ? (
        <p className="text-sm text-muted-foreground">
          {result.zones[0]?.note ?? 'Not known.'} Which zones would charge this truck is unknown: ask the seller for its Euro standard. Euro
          VI and electric HGVs enter the London LEZ and the UK's clean-air zones without a daily charge.
        </p>
      ) : (
        <table className="w-full text-sm">
          <caption className="sr-only">Clean air zone charges</caption>
          <tbody className="divide-y divide-border">
            {result.zones.map((z) => {
              const zone = CLEAN_AIR_ZONES.find((c) => c.id === z.zoneId);
              return (
                <tr key={z.zoneId}>
                  <th scope="row" className="w-1/2 py-2 pr-4 text-left font-medium text-muted-foreground">
                    {zone ? (
                      <a href={zone.source.url} target="_blank" rel="noopener noreferrer" className="hover:underline">
                        {z.name}
                      </a>
                    ) : (
                      z.name
                    )}
                  </th>
                  <td className={cn('py-2 font-semibold', z.status === 'unknown' && 'font-normal italic text-muted-foreground')}>
                    {verdictText(z)}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      <p className="mt-4 text-sm">
        <a href={DIRECT_VISION_STANDARD.source.url} target="_blank" rel="noopener noreferrer" className="font-semibold hover:underline">
          London Direct Vision Standard:
        </a>{' '}
        {result.dvs.text}
      </p>
    </section>
  );
}
