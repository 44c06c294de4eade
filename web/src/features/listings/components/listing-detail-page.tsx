import { SafetyAdvice } from '@/components/safety-advice';
import { CompliancePanel } from './compliance-panel';
import { ReportListing } from './report-listing';
import { PriceHistory } from '@/components/price-history/price-history';
import { PriceRatingPanel } from './price-rating-panel';
import { VehicleChecksPanel } from './vehicle-checks-panel';
import { listingMetaDescription } from '@shared/listing-meta';
import { formatPhone } from '@shared/phone';
import {
  ArrowLeft,
  Building2,
  Calendar,
  ChevronRight,
  CircleCheck,
  ExternalLink,
  Fuel,
  Gauge,
  Lock,
  Mail,
  MapPin,
  Phone,
  Settings2,
  User,
} from 'lucide-react';
import { lazy, memo, type ReactNode, Suspense, useEffect, useId, useRef } from 'react';
import { Link, useParams } from 'react-router-dom';
import { paths } from '@/app/paths';
import { PageContainer } from '@/components/layout/page-shell';
import { MoreFromDealer, SellerTypeBadge } from './more-from-dealer';
import { ApprovedDealerBadge } from '@/components/ui/approved-dealer-badge';
import { Badge } from '@/components/ui/badge';
import { Button, buttonVariants } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { formatDate, formatMileage, formatPrice, formatPriceWithVat, vatSuffix } from '@/lib/format';
import { usePageMeta } from '@/lib/page-meta';
import type { Listing } from '@shared/schemas/listing';
import { CONTACT_REVEAL_TEXTS } from '@shared/schemas/listing-contact';
import { fuelLabel, transmissionLabel } from '@shared/values';
import { useListing } from '../api/get-listing';
import { recordListingView } from '../api/record-view';
import { useRevealContact } from '../api/reveal-contact';
import { categoryPageFor, dialable, isContactMasked, vehicleDetailRows } from '../lib/listing-details';
import { ImageGallery } from './image-gallery';
import { SourceBadge } from './listing-card';
import { SaveButton } from './save-button';
import { ListingPageCompareShare } from '@/components/compare/listing-page-compare-share';
import { RecentlyViewed } from '@/components/recently-viewed/recently-viewed';
import { OptionalPart } from '@/components/ui/optional-part';
import { whenIdleOrNear } from '@/lib/when-idle-or-near';

/**
 * The finance calculator's code (with zod, which checks what the buyer types) is not in the listing
 * page's first load. On a server-rendered page its HTML stays until the code arrives, fetched when
 * the browser is idle or the visitor scrolls near it, and React hydrates it then; on a page the
 * browser renders itself, the code is fetched at once.
 */
const LazyFinanceCalculator = lazy(async () => {
  const serverRendered = typeof document === 'undefined' ? null : document.querySelector('[data-testid="finance-calculator"]');
  if (serverRendered) await whenIdleOrNear(serverRendered);
  return { default: (await import('@/components/finance/finance-calculator')).FinanceCalculator };
});

/**
 * Memoized: the page re-rendering (signing in, a query refreshing) passes the same listing, so the
 * boundary is never updated before it has hydrated, which would replace its server HTML.
 */
const FinanceCalculator = memo(function FinanceCalculator({ listing }: { listing: Listing }) {
  return (
    <OptionalPart>
      <Suspense fallback={null}>
        <LazyFinanceCalculator listing={listing} />
      </Suspense>
    </OptionalPart>
  );
});

// Only signed-in buyers see the enquiry form, never the anonymous first view the server renders:
// its code (react-hook-form, zod and the enquiry schema) loads when it is shown.
const EnquiryForm = lazy(() => import('./enquiry-form').then((m) => ({ default: m.EnquiryForm })));

export function ListingDetailPage() {
  const { id = '' } = useParams();
  const { data: listing, isPending, isError, error, refetch, isFetching } = useListing(id);

  usePageMeta(
    listing ? `${listing.title} — ${formatPriceWithVat(listing.price, listing.vatStatus)}` : isError ? 'Truck Not Found' : 'Truck for sale',
    listing ? listingMetaDescription(listing) : 'A used truck for sale on TruckYard, the UK marketplace for used HGVs.',
  );

  // One view per page view, once the listing has loaded (prefetches and refetches don't count).
  // The ref keeps StrictMode's second effect run from counting twice.
  const loadedId = listing?.id;
  const countedId = useRef<string | null>(null);
  useEffect(() => {
    if (!loadedId || countedId.current === loadedId) return;
    countedId.current = loadedId;
    recordListingView(loadedId);
  }, [loadedId]);

  if (isPending) return <DetailSkeleton />;
  if (isError || !listing) {
    const notFound = error instanceof ApiError && error.isNotFound;
    return <TruckNotFound onRetry={notFound ? undefined : () => refetch()} retrying={isFetching} />;
  }
  return <ListingDetail listing={listing} />;
}

function ListingDetail({ listing }: { listing: Listing }) {
  const vat = vatSuffix(listing.price, listing.vatStatus);
  const highlights = [
    listing.year ? { icon: Calendar, label: 'Year', value: String(listing.year) } : null,
    listing.mileage != null ? { icon: Gauge, label: 'Mileage', value: formatMileage(listing.mileage) ?? '' } : null,
    listing.fuelType ? { icon: Fuel, label: 'Fuel', value: fuelLabel(listing.fuelType) ?? '' } : null,
    listing.transmission ? { icon: Settings2, label: 'Gearbox', value: transmissionLabel(listing.transmission) ?? '' } : null,
  ].filter((h) => h !== null);

  return (
    <PageContainer className="py-6 sm:py-8">
      <ListingBreadcrumb listing={listing} />

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_380px] lg:gap-8">
        <div className="min-w-0 lg:col-start-1 lg:row-start-1">
          <ImageGallery images={listing.images} title={listing.title} />
        </div>

        <div className="space-y-6 lg:col-start-2 lg:row-span-2 lg:row-start-1">
          <div className="rounded-lg border border-border bg-card p-5 shadow-sm sm:p-6">
            <div className="flex flex-wrap items-center gap-2">
              <SourceBadge source={listing.source} />
              {listing.status === 'sold' ? (
                <Badge variant="destructive" className="uppercase">
                  Sold
                </Badge>
              ) : null}
            </div>
            <h1 className="mt-3 text-2xl leading-tight font-extrabold tracking-tight text-foreground sm:text-3xl">{listing.title}</h1>
            <SaveButton listing={listing} className="mt-3" />
            <ListingPageCompareShare listing={listing} />
            <p className="mt-3 flex items-baseline gap-2">
              <span className="text-3xl font-extrabold tracking-tight text-primary sm:text-4xl">{formatPrice(listing.price)}</span>
              {vat ? <span className="text-base font-semibold text-muted-foreground">{vat}</span> : null}
            </p>
            <PriceRatingPanel listing={listing} />
            <PriceHistory listing={listing} />
            {listing.location ? (
              <p className="mt-2 flex items-center gap-1.5 text-sm text-muted-foreground">
                <MapPin className="size-4" aria-hidden="true" />
                {[listing.location, listing.postcode].filter(Boolean).join(', ')}
              </p>
            ) : null}
            {highlights.length ? (
              <dl className="mt-5 grid grid-cols-2 gap-3">
                {highlights.map((h) => (
                  <div key={h?.label} className="rounded-md bg-muted px-3 py-2.5">
                    <dt className="flex items-center gap-1.5 text-xs font-medium text-muted-foreground">
                      {h ? <h.icon className="size-3.5" aria-hidden="true" /> : null}
                      {h?.label}
                    </dt>
                    <dd className="mt-0.5 font-semibold">{h?.value}</dd>
                  </div>
                ))}
              </dl>
            ) : null}
            {listing.source === 'scraped' && listing.sourceWebsite ? (
              <p className="mt-5 text-sm text-muted-foreground">
                Listed on{' '}
                {listing.sourceUrl ? (
                  <a
                    href={listing.sourceUrl}
                    target="_blank"
                    rel="noopener noreferrer nofollow"
                    className="inline-flex items-center gap-1 font-semibold text-primary hover:underline"
                  >
                    {listing.sourceWebsite}
                    <ExternalLink className="size-3.5" aria-hidden="true" />
                    <span className="sr-only">(opens in a new tab)</span>
                  </a>
                ) : (
                  <span className="font-semibold text-foreground">{listing.sourceWebsite}</span>
                )}
              </p>
            ) : null}
            <p className="mt-4 text-xs text-muted-foreground">Listed {formatDate(listing.createdAt)}</p>
          </div>
          <ContactCard listing={listing} />
          <SafetyAdvice />
          <ReportListing listingId={listing.id} />
        </div>

        <div className="min-w-0 space-y-6 lg:col-start-1 lg:row-start-2">
          <DetailCard title="Description">
            <p className="whitespace-pre-line text-foreground/90">{listing.description?.trim() || 'No description available.'}</p>
          </DetailCard>
          {listing.features?.length ? (
            <DetailCard title="Features">
              <ul className="grid gap-2 sm:grid-cols-2">
                {listing.features.map((f) => (
                  <li key={f} className="flex items-start gap-2">
                    <CircleCheck className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
                    {f}
                  </li>
                ))}
              </ul>
            </DetailCard>
          ) : null}
          <DetailCard title="Vehicle details">
            <table className="w-full text-sm">
              <caption className="sr-only">Vehicle details</caption>
              <tbody className="divide-y divide-border">
                {vehicleDetailRows(listing).map((row) => (
                  <tr key={row.label}>
                    <th scope="row" className="w-1/2 py-2.5 pr-4 text-left font-medium text-muted-foreground">
                      {row.label}
                    </th>
                    <td className={cn('py-2.5 font-semibold', row.value === 'Not stated' && 'font-normal text-muted-foreground italic')}>
                      {row.value}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </DetailCard>
          <FinanceCalculator listing={listing} />
          <VehicleChecksPanel listing={listing} />
          <CompliancePanel listing={listing} />
        </div>
      </div>
      <MoreFromDealer listing={listing} />
      <RecentlyViewed current={listing} className="mt-10" />
    </PageContainer>
  );
}

/** Home › the listing's category page (or all trucks) › the listing. */
function ListingBreadcrumb({ listing }: { listing: Listing }) {
  const categoryPage = categoryPageFor(listing);
  return (
    <nav aria-label="Breadcrumb" className="mb-5">
      <ol className="flex flex-wrap items-center gap-1.5 text-sm text-muted-foreground">
        <li>
          <Link to={paths.home} className="hover:text-primary hover:underline">
            Home
          </Link>
        </li>
        <li aria-hidden="true">
          <ChevronRight className="size-4" />
        </li>
        <li>
          {categoryPage ? (
            <Link to={categoryPage.path} className="hover:text-primary hover:underline">
              {categoryPage.title}
            </Link>
          ) : (
            <Link to={`${paths.home}#browse`} className="hover:text-primary hover:underline">
              All trucks
            </Link>
          )}
        </li>
        <li aria-hidden="true">
          <ChevronRight className="size-4" />
        </li>
        <li aria-current="page" className="max-w-[16rem] truncate font-medium text-foreground sm:max-w-md">
          {listing.title}
        </li>
      </ol>
    </nav>
  );
}

function DetailCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-lg border border-border bg-card p-5 shadow-sm sm:p-6">
      <h2 className="mb-4 text-lg font-bold text-primary">{title}</h2>
      {children}
    </section>
  );
}

function ContactCard({ listing }: { listing: Listing }) {
  const { userId } = useAuth();
  const masked = isContactMasked(listing);
  // Scraped dealers are contacted directly; nobody messages their own truck.
  const canEnquire = !masked && Boolean(userId) && listing.source === 'user' && listing.status === 'active' && listing.userId !== userId;
  const id = useId();
  const reveal = useRevealContact(listing.id);
  // Phone and e-mail come only from the reveal (the listing never carries them, except to its owner).
  const revealed = Boolean(reveal.data) || Boolean(listing.phone || listing.email);
  const contact = reveal.data ?? listing;
  const phone = dialable(contact.phone);
  return (
    <section aria-labelledby="contact-heading" className="overflow-hidden rounded-lg border border-border bg-card shadow-sm">
      <h2 id="contact-heading" className="bg-primary px-5 py-3 text-lg font-bold text-white sm:px-6">
        Contact Seller
      </h2>
      <div className="p-5 sm:p-6">
        <SellerTypeBadge listing={listing} className="mr-2 mb-4" />
        {listing.sellerApprovedDealer ? <ApprovedDealerBadge className="mb-4" /> : null}
        {masked ? (
          <div className="text-center">
            <div className="mx-auto flex size-12 items-center justify-center rounded-full bg-muted text-primary">
              <Lock className="size-5" aria-hidden="true" />
            </div>
            <p className="mt-3 text-sm text-muted-foreground">Contact information is only visible to registered users</p>
            <Link
              to={`${paths.auth}?returnTo=${encodeURIComponent(paths.truck(listing.id))}`}
              className={cn(buttonVariants({ variant: 'accent' }), 'mt-4 w-full')}
            >
              Login to View Contact Details
            </Link>
          </div>
        ) : (
          <ul className="space-y-3 text-sm">
            {contact.contactName ? (
              <ContactRow icon={User} label="Name">
                {contact.contactName}
              </ContactRow>
            ) : null}
            {contact.companyName ? (
              <ContactRow icon={Building2} label="Company">
                {contact.companyName}
              </ContactRow>
            ) : null}

            {contact.phone ? (
              <ContactRow icon={Phone} label="Phone">
                {phone ? (
                  <a href={`tel:${phone}`} className="font-semibold text-primary hover:underline">
                    {formatPhone(contact.phone)}
                  </a>
                ) : (
                  contact.phone
                )}
              </ContactRow>
            ) : null}
            {contact.email ? (
              <ContactRow icon={Mail} label="Email">
                <a href={`mailto:${contact.email}`} className="font-semibold break-all text-primary hover:underline">
                  {contact.email}
                </a>
              </ContactRow>
            ) : null}
            {!revealed ? (
              <li>
                <Button
                  type="button"
                  variant="accent"
                  className="w-full"
                  onClick={() => reveal.mutate()}
                  disabled={reveal.isPending}
                  aria-describedby={reveal.isError ? `${id}-reveal-error` : undefined}
                >
                  <Phone aria-hidden="true" />
                  {CONTACT_REVEAL_TEXTS.show}
                </Button>
                {reveal.isError ? (
                  <p id={`${id}-reveal-error`} role="alert" className="mt-2 text-sm text-destructive">
                    {revealErrorText(reveal.error)}
                  </p>
                ) : null}
              </li>
            ) : null}
            {listing.source === 'scraped' && listing.sourceUrl ? (
              <li>
                <a
                  href={listing.sourceUrl}
                  target="_blank"
                  rel="noopener noreferrer nofollow"
                  className={cn(buttonVariants({ variant: 'outline' }), 'mt-1 w-full')}
                >
                  View on {listing.sourceWebsite ?? 'the seller’s website'}
                  <ExternalLink aria-hidden="true" />
                  <span className="sr-only">(opens in a new tab)</span>
                </a>
              </li>
            ) : null}
          </ul>
        )}
        {canEnquire ? (
          <div className="mt-5 border-t border-border pt-5">
            <Suspense fallback={<div className="h-48" aria-busy="true" />}>
              <EnquiryForm listingId={listing.id} />
            </Suspense>
          </div>
        ) : null}
      </div>
    </section>
  );
}

/** The server's reason when it is one the buyer can act on (daily limit, suspended account). */
function revealErrorText(err: unknown): string {
  if (err instanceof ApiError && (err.status === 429 || err.code === 'SUSPENDED')) return err.message;
  return 'Could not load the contact details. Please try again.';
}

function ContactRow({ icon: Icon, label, children }: { icon: typeof User; label: string; children: ReactNode }) {
  return (
    <li className="flex items-start gap-3">
      <span className="inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-muted text-primary">
        <Icon className="size-4" aria-hidden="true" />
      </span>
      <span className="min-w-0">
        <span className="block text-xs text-muted-foreground">{label}</span>
        <span className="font-medium">{children}</span>
      </span>
    </li>
  );
}

function TruckNotFound({ onRetry, retrying }: { onRetry?: () => void; retrying?: boolean }) {
  return (
    <PageContainer className="py-20">
      <div className="mx-auto max-w-lg rounded-lg border border-border bg-card p-8 text-center shadow-sm sm:p-10">
        <h1 className="text-2xl font-extrabold text-primary sm:text-3xl">Truck Not Found</h1>
        <p className="mt-3 text-muted-foreground">This truck listing may have been removed or doesn't exist.</p>
        <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
          <Link to={paths.home} className={cn(buttonVariants({ variant: 'default' }))}>
            <ArrowLeft aria-hidden="true" />
            Back to Browse
          </Link>
          {onRetry ? (
            <Button variant="outline" onClick={onRetry} disabled={retrying}>
              Try again
            </Button>
          ) : null}
        </div>
      </div>
    </PageContainer>
  );
}

function DetailSkeleton() {
  return (
    <PageContainer className="py-6 sm:py-8">
      <div role="status" aria-label="Loading truck">
        <Skeleton className="mb-5 h-5 w-64" />
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_380px] lg:gap-8">
          <Skeleton className="aspect-[4/3] w-full rounded-lg" />
          <div className="space-y-4 rounded-lg border border-border bg-card p-6">
            <Skeleton className="h-5 w-32 rounded-full" />
            <Skeleton className="h-8 w-full" />
            <Skeleton className="h-10 w-40" />
            <Skeleton className="h-24 w-full" />
          </div>
        </div>
      </div>
    </PageContainer>
  );
}
