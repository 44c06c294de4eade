import { ArrowLeft, Clock, Lock, MapPin, Phone } from 'lucide-react';
import { Link, useParams } from 'react-router-dom';
import { paths } from '@/app/paths';
import { PageContainer } from '@/components/layout/page-shell';
import { ApprovedDealerBadge } from '@/components/ui/approved-dealer-badge';
import { Button, buttonVariants } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { BrowseSection } from './browse-section';
import { useRevealContact } from '../api/reveal-contact';
import { ApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { usePageMeta } from '@/lib/page-meta';
import type { DayHours, Storefront } from '@shared/schemas/storefront';
import { WEEKDAY_LABELS } from '@shared/weekdays';
import { DealerLogo } from '@/components/ui/dealer-logo';
import { useStorefront } from '../api/get-storefront';
import { TradeSellerBadge } from './seller-type-badge';

/** /dealers/{slug}: a dealer's storefront (issue 26 §1) — who they are, then their stock with the browse filters. */
export function StorefrontPage() {
  const { slug = '' } = useParams();
  const { data, isPending, error } = useStorefront(slug);
  usePageMeta(data ? `${data.companyName} — used trucks for sale` : 'Dealer', data?.about || undefined);
  if (isPending)
    return (
      <PageContainer className="flex justify-center py-16">
        <Spinner />
      </PageContainer>
    );
  if (!data) {
    const missing = error instanceof ApiError && error.status === 404;
    return (
      <PageContainer className="py-16 text-center">
        <h1 className="text-2xl font-bold text-primary">{missing ? 'Dealer not found' : 'This dealer could not be loaded'}</h1>
        <p className="mt-2 text-muted-foreground">
          {missing ? 'This storefront may have moved or been removed.' : 'Please try again in a moment.'}
        </p>
        <Link to={paths.dealers} className={cn(buttonVariants({ variant: 'default' }), 'mt-6')}>
          See all dealers
        </Link>
      </PageContainer>
    );
  }
  return (
    <>
      <StorefrontHeader storefront={data} />
      <PageContainer className="py-8">
        <BrowseSection fixedDealer={data.slug} emptyNoun="trucks from this dealer" heading={`Stock from ${data.companyName}`} />
      </PageContainer>
    </>
  );
}

function StorefrontHeader({ storefront: s }: { storefront: Storefront }) {
  const where = [s.town, s.postcodeDistrict].filter(Boolean).join(', ');
  return (
    <div className="border-b border-border bg-card">
      <PageContainer className="py-6 sm:py-8">
        <Link to={paths.dealers} className="inline-flex items-center gap-1.5 text-sm font-semibold text-primary hover:underline">
          <ArrowLeft className="size-4" aria-hidden="true" />
          All dealers
        </Link>
        <div className="mt-4 grid gap-6 lg:grid-cols-[1fr_20rem]">
          <div className="flex items-start gap-4">
            <DealerLogo storefront={s} className="size-20 sm:size-24" />
            <div className="min-w-0">
              <h1 className="text-2xl font-extrabold tracking-tight break-words text-primary sm:text-3xl">{s.companyName}</h1>
              <div className="mt-2 flex flex-wrap items-center gap-2">
                <TradeSellerBadge />
                {s.approvedDealer ? <ApprovedDealerBadge /> : null}
              </div>
              {where ? (
                <p className="mt-2 flex items-center gap-1.5 text-sm text-muted-foreground">
                  <MapPin className="size-4 shrink-0" aria-hidden="true" />
                  {where}
                </p>
              ) : null}
              {s.about ? <p className="mt-3 max-w-3xl text-sm leading-relaxed whitespace-pre-line text-foreground">{s.about}</p> : null}
            </div>
          </div>
          <aside className="space-y-4 rounded-lg border border-border bg-background p-4" aria-label="Contact and opening hours">
            <PhoneReveal storefront={s} />
            {s.hours ? <OpeningHours hours={s.hours} /> : null}
          </aside>
        </div>
      </PageContainer>
    </div>
  );
}

/** The phone number, revealed as on listings (signed-in users, within the same daily limit), through one of the dealer's live listings. */
function PhoneReveal({ storefront: s }: { storefront: Storefront }) {
  const { userId } = useAuth();
  const reveal = useRevealContact(s.contactListingId ?? '');
  if (!s.contactListingId) return <p className="text-sm text-muted-foreground">No trucks listed right now.</p>;
  if (!userId)
    return (
      <Link
        to={`${paths.auth}?returnTo=${encodeURIComponent(paths.dealer(s.slug))}`}
        className={cn(buttonVariants({ variant: 'accent' }), 'w-full')}
      >
        <Lock className="size-4" aria-hidden="true" />
        Sign in to see phone number
      </Link>
    );
  if (reveal.data?.phone)
    return (
      <a href={`tel:${reveal.data.phone}`} className="flex items-center gap-2 text-lg font-bold text-primary hover:underline">
        <Phone className="size-5" aria-hidden="true" />
        {reveal.data.phone}
      </a>
    );
  return (
    <div>
      <Button variant="accent" className="w-full" onClick={() => reveal.mutate()} disabled={reveal.isPending}>
        <Phone className="size-4" aria-hidden="true" />
        Show phone number
      </Button>
      {reveal.error ? (
        <p role="alert" className="mt-2 text-sm text-destructive">
          {reveal.error instanceof Error ? reveal.error.message : 'Could not show the number'}
        </p>
      ) : reveal.data ? (
        <p className="mt-2 text-sm text-muted-foreground">This dealer has not given a phone number.</p>
      ) : null}
    </div>
  );
}

function OpeningHours({ hours }: { hours: DayHours[] }) {
  return (
    <div>
      <h2 className="flex items-center gap-1.5 text-sm font-bold text-primary">
        <Clock className="size-4" aria-hidden="true" />
        Opening hours
      </h2>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {hours.map((d) => (
          <div key={d.day} className="contents">
            <dt className="text-muted-foreground">{WEEKDAY_LABELS[d.day]}</dt>
            <dd className="text-right font-medium tabular-nums">{d.closed ? 'Closed' : `${d.open}–${d.close}`}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
