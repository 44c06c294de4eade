import { BadgeCheck, Calendar, Gauge, Globe, MapPin, Navigation, Pencil, Truck } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, memo, type ReactNode, useContext, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/app/paths';
import { Badge } from '@/components/ui/badge';
import { useAuth } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { useImageFailed } from '@/lib/use-image-failed';
import { formatDistance, formatMileage, formatPrice, vatSuffix } from '@/lib/format';
import type { Listing } from '@shared/schemas/listing';
import { listingQueryOptions } from '../api/get-listing';
import { categoryLabel } from '@shared/values';
import { CleanAirBadge, MileageBadge, PriceBandBadge } from '@/components/listing-badges/listing-badges';
import { CompareToggle } from '@/components/compare/compare-button';
import { compareTray } from '@/components/compare/compare-store';
import { useFinanceSettings } from '@/components/finance/api/get-finance-settings';
import { useStoredTrucks } from '@/lib/stored-list';
import type { PublicFinanceSettings } from '@shared/schemas/finance';
import { ReducedBadge } from '@/components/price-history/price-history';
import { SaveButton } from './save-button';
import { FinanceFootnote, ListingMonthlyCost } from '@/components/finance/listing-monthly-cost';

export type CardLayout = 'grid' | 'list';

/** What every card in a list shows from outside its listing: the finance terms and which trucks are in the compare tray. */
interface CardsShared {
  finance: PublicFinanceSettings;
  compared: ReadonlySet<string>;
}

const CardsContext = createContext<CardsShared>({ finance: null, compared: new Set() });

/**
 * Reads the finance settings and the compare tray once for a list of cards, instead of a query
 * observer and a store subscription in each card. A list of cards goes inside one.
 */
export function CardsProvider({ children }: { children: ReactNode }) {
  const finance = useFinanceSettings();
  const tray = useStoredTrucks(compareTray);
  const value = useMemo(() => ({ finance, compared: new Set(tray.map((t) => t.id)) }), [finance, tray]);
  return <CardsContext.Provider value={value}>{children}</CardsContext.Provider>;
}

const GRID_SIZES = '(min-width: 1280px) 400px, (min-width: 640px) 50vw, 100vw';
const LIST_SIZES = '(min-width: 640px) 320px, 100vw';

/**
 * `image`: 'priority' for the one photo likely to be the page's largest paint (loaded first),
 * 'eager' for others in the first row, 'lazy' (default) below the fold.
 */
export type CardImageLoading = 'priority' | 'eager' | 'lazy';

/** A listing in browse results and the latest grid (spec §2 Listing card), inside a CardsProvider. */
export const ListingCard = memo(function ListingCard({
  listing,
  layout = 'grid',
  className,
  imageLoading = 'lazy',
}: {
  listing: Listing;
  layout?: CardLayout;
  className?: string;
  imageLoading?: CardImageLoading;
}) {
  const { userId } = useAuth();
  const { finance, compared } = useContext(CardsContext);
  const queryClient = useQueryClient();
  const href = paths.truck(listing.id);
  // Start loading the detail page's data (and code) as soon as the buyer shows intent.
  const prefetch = () => {
    void queryClient.prefetchQuery(listingQueryOptions(listing.id));
    void import('./listing-detail-page');
  };
  const photo = useImageFailed();
  // No photo, or one that did not load: the placeholder, never a broken image.
  const image = photo.failed ? undefined : listing.images[0];
  const isList = layout === 'list';
  const vat = vatSuffix(listing.price, listing.vatStatus);
  const facts = [
    listing.year ? { icon: Calendar, text: String(listing.year), label: 'Year' } : null,
    listing.mileage != null ? { icon: Gauge, text: formatMileage(listing.mileage), label: 'Mileage' } : null,
    listing.category ? { icon: Truck, text: categoryLabel(listing.category), label: 'Category' } : null,
    listing.location ? { icon: MapPin, text: listing.location, label: 'Location' } : null,
    listing.distanceMiles != null ? { icon: Navigation, text: formatDistance(listing.distanceMiles), label: 'Distance' } : null,
  ].filter((f): f is NonNullable<typeof f> & { text: string } => Boolean(f?.text));

  return (
    <article
      onPointerEnter={prefetch}
      onFocus={prefetch}
      className={cn(
        'group relative flex overflow-hidden rounded-lg border border-border bg-card shadow-sm transition-shadow hover:shadow-md',
        isList ? 'flex-col sm:flex-row' : 'flex-col',
        className,
      )}
    >
      <Link
        to={href}
        tabIndex={-1}
        aria-hidden="true"
        className={cn(
          'relative block shrink-0 overflow-hidden bg-muted',
          isList ? 'aspect-[4/3] sm:aspect-auto sm:w-72 lg:w-80' : 'aspect-[4/3]',
        )}
      >
        {image ? (
          <img
            {...photo.imgProps}
            src={image.thumbUrl || image.url}
            srcSet={image.srcSet || undefined}
            sizes={isList ? LIST_SIZES : GRID_SIZES}
            width={image.width || 400}
            height={image.height || 300}
            loading={imageLoading === 'lazy' ? 'lazy' : 'eager'}
            fetchPriority={imageLoading === 'priority' ? 'high' : undefined}
            decoding="async"
            alt=""
            className="size-full object-cover transition-transform duration-300 group-hover:scale-[1.03]"
          />
        ) : (
          <div
            data-testid="photo-placeholder"
            className="flex size-full flex-col items-center justify-center gap-2 bg-[linear-gradient(135deg,#e9edf2_0%,#dce3eb_100%)] text-primary/35"
          >
            <Truck className="size-14" strokeWidth={1.25} />
            <span className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">No photo available</span>
          </div>
        )}
        {listing.status === 'sold' ? (
          <span className="absolute top-3 right-3 rounded-md bg-destructive px-2.5 py-1 text-xs font-bold tracking-wide text-white uppercase shadow">
            Sold
          </span>
        ) : null}
      </Link>

      <div className="flex min-w-0 flex-1 flex-col gap-2.5 p-4 sm:p-5">
        <div className="flex items-center justify-between gap-2">
          <SourceBadge source={listing.source} />
          <div className="flex items-center gap-1">
            {userId && listing.userId === userId ? (
              <Link
                to={paths.editTruck(listing.id)}
                className="relative z-10 inline-flex items-center gap-1 rounded-md px-2 py-1 text-xs font-semibold text-primary hover:bg-muted"
              >
                <Pencil className="size-3.5" aria-hidden="true" />
                Edit<span className="sr-only"> {listing.title}</span>
              </Link>
            ) : null}
            <CompareToggle listing={listing} inTray={compared.has(listing.id)} compact />
            <SaveButton listing={listing} compact />
          </div>
        </div>
        <h3 className="text-base leading-snug font-semibold text-foreground sm:text-lg">
          <Link to={href} className="line-clamp-2 hover:text-primary hover:underline">
            {listing.title}
          </Link>
        </h3>
        <Link to={href} tabIndex={-1} aria-hidden="true" className="block">
          <p className={cn('text-sm text-muted-foreground', isList ? 'line-clamp-3' : 'line-clamp-2')}>
            {listing.description?.trim() || 'No description available.'}
          </p>
        </Link>
        {facts.length ? (
          <ul className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-muted-foreground sm:text-sm" aria-label="Key facts">
            {facts.map((f) => (
              <li key={f.label} className="inline-flex items-center gap-1">
                <f.icon className="size-3.5 shrink-0" aria-hidden="true" />
                <span className="sr-only">{f.label}: </span>
                {f.text}
              </li>
            ))}
          </ul>
        ) : null}
        <p className="mt-auto flex items-baseline gap-1.5 pt-1">
          <span className="text-xl font-extrabold tracking-tight text-primary sm:text-2xl">{formatPrice(listing.price)}</span>
          {vat ? <span className="text-sm font-semibold text-muted-foreground">{vat}</span> : null}
        </p>
        <ListingMonthlyCost listing={listing} settings={finance} />
        {/* Always rendered at one badge's height, so cards with and without badges line up and nothing shifts. */}
        <div className="flex min-h-6 flex-wrap items-center gap-1.5">
          <PriceBandBadge band={listing.priceBand} />
          <CleanAirBadge listing={listing} />
          <MileageBadge listing={listing} />
          <ReducedBadge listing={listing} />
        </div>
      </div>
    </article>
  );
});

export function SourceBadge({ source, className }: { source: Listing['source']; className?: string }) {
  return source === 'user' ? (
    <Badge variant="outline" className={cn('border-success/30 bg-success/10 text-green-800', className)}>
      <BadgeCheck className="size-3.5" aria-hidden="true" />
      Verified Listing
    </Badge>
  ) : (
    <Badge variant="muted" className={className}>
      <Globe className="size-3.5" aria-hidden="true" />
      Scraped Listing
    </Badge>
  );
}

/** A card-shaped placeholder while results load. */
export function ListingCardSkeleton({ layout = 'grid' }: { layout?: CardLayout }) {
  return (
    <div
      aria-hidden="true"
      className={cn(
        'flex overflow-hidden rounded-lg border border-border bg-card',
        layout === 'list' ? 'flex-col sm:flex-row' : 'flex-col',
      )}
    >
      <div className={cn('animate-pulse bg-muted', layout === 'list' ? 'aspect-[4/3] sm:aspect-auto sm:h-56 sm:w-80' : 'aspect-[4/3]')} />
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div className="h-5 w-28 animate-pulse rounded-full bg-muted" />
        <div className="h-5 w-4/5 animate-pulse rounded bg-muted" />
        <div className="h-4 w-full animate-pulse rounded bg-muted" />
        <div className="h-4 w-2/3 animate-pulse rounded bg-muted" />
        <div className="mt-2 h-7 w-32 animate-pulse rounded bg-muted" />
        <div className="h-6 w-40 animate-pulse rounded-full bg-muted" />
      </div>
    </div>
  );
}

/** Cards rendered when a grid first appears on the server: its HTML, and what hydration checks it against. */
const FIRST_SCREEN_CARDS = 6;
/** Cards added per step after that, and the first step of a list the browser renders itself: each step's style, layout and paint stays a short task on a slow phone. */
const CARDS_PER_STEP = 2;

const noSubscription = () => () => {};
/** True on the server and while hydrating (React reads the server snapshot then), false for a render in the browser alone. */
const useServerOrHydrating = () =>
  useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );

/**
 * The list's first cards, then `CARDS_PER_STEP` more after each frame paints, until all are shown:
 * the server's first screen (`FIRST_SCREEN_CARDS`) when hydrating, one step's worth for a list the
 * browser renders itself (a filtered storefront's stock, new results, the next page; lists compared by id).
 * Laying out two dozen cards at once was a single task of ~60 ms of CPU (about 240 ms on
 * Lighthouse's 4× slower phone), most of a storefront's blocking time; in steps no task blocks
 * input for long. Back to a long list finds it short at first: the scroll restoration follows the
 * page as it grows (components/layout/scroll-restoration.tsx).
 */
function useRevealedInSteps(listings: Listing[]): Listing[] {
  const key = listings.map((l) => l.id).join(',');
  const hydrating = useServerOrHydrating();
  const [revealed, setRevealed] = useState(() => ({ key, count: hydrating ? FIRST_SCREEN_CARDS : CARDS_PER_STEP }));
  let count = revealed.count;
  if (revealed.key !== key) {
    count = CARDS_PER_STEP;
    setRevealed({ key, count });
  }
  const remaining = listings.length - count;
  useEffect(() => {
    if (remaining <= 0) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setRevealed((r) => (r.key === key ? { key, count: r.count + CARDS_PER_STEP } : r)));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [key, remaining]);
  return remaining > 0 ? listings.slice(0, count) : listings;
}

/**
 * `aboveTheFold`: the grid opens the page, so its first photo loads first and the first row eagerly.
 *
 * The server renders the first screen of cards and the browser hydrates them; the rest follow a
 * few at a time (useRevealedInSteps). Cards are memoized, so a step renders only the new ones.
 */
export function ListingGrid({
  listings,
  layout = 'grid',
  aboveTheFold = false,
}: {
  listings: Listing[];
  layout?: CardLayout;
  aboveTheFold?: boolean;
}) {
  const shown = useRevealedInSteps(listings);
  const loadingOf = (i: number): CardImageLoading => (!aboveTheFold ? 'lazy' : i === 0 ? 'priority' : i < 3 ? 'eager' : 'lazy');
  return (
    <CardsProvider>
      <ul className={cn('grid gap-5', layout === 'grid' ? 'grid-cols-1 sm:grid-cols-2 xl:grid-cols-3' : 'grid-cols-1')}>
        {shown.map((l, i) => (
          <li key={l.id} className="flex">
            <ListingCard listing={l} layout={layout} className="w-full" imageLoading={loadingOf(i)} />
          </li>
        ))}
      </ul>
      <CardsFinanceFootnote />
    </CardsProvider>
  );
}

/** Under a list of cards (inside its CardsProvider): what goes with their monthly figures. */
export function CardsFinanceFootnote() {
  return <FinanceFootnote settings={useContext(CardsContext).finance} />;
}
