import { ArrowRight, BellRing, ChevronRight, PoundSterling, Tag, Timer, Truck, Users } from 'lucide-react';
import { lazy, Suspense, startTransition, useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { paths } from '@/app/paths';
import { PageContainer } from '@/components/layout/page-shell';
import { buttonVariants } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { queryClient } from '@/lib/query-client';
import { usePageMeta } from '@/lib/page-meta';
import { onIdle } from '@/lib/when-idle-or-near';
import { LIMITS, MARKETING_STATS } from '@shared/constants';
import { CATEGORY_PAGES } from '@shared/values';
import { useContentSection } from '@/components/site/api/get-page-content';
import { PromotionSlot } from '@/components/site/promotion-slot';
import { SanitizedHtml } from '@/components/site/sanitized-html';
import { useLatestListings } from '../api/get-latest-listings';
import { ListingCardSkeleton, ListingGrid } from './listing-card';

const loadBrowseSection = () => import('./browse-section');
const loadBrowseQuery = () => import('../lib/browse-query');
// Recently viewed reads the browser's list, so it renders nothing on the server: its code loads after hydration.
const RecentlyViewed = lazy(() => import('@/components/recently-viewed/recently-viewed').then((m) => ({ default: m.RecentlyViewed })));
const BrowseSection = lazy(() => loadBrowseSection().then((m) => ({ default: m.BrowseSection })));

export function HomePage() {
  usePageMeta(
    'Used Trucks & HGVs for Sale in the UK',
    'Browse used trucks, tippers, box vans, curtainsiders and artics for sale across the UK, or list your truck for free and reach over 10,000 buyers and dealers.',
  );
  useScrollToHash();
  return (
    <>
      <Hero />
      <PageContainer className="space-y-14 py-12">
        <LatestTrucks />
        <Suspense fallback={null}>
          <RecentlyViewed />
        </Suspense>
        <CategoryStrip />
        <div id="browse" className="scroll-mt-20">
          <HomeBrowse />
        </div>
      </PageContainer>
    </>
  );
}

/** Stats panel lines from page content: 'value|label' per line. */
function statsFrom(text: string | undefined): Array<{ value: string; label: string }> | null {
  const rows = (text ?? '')
    .split('\n')
    .map((line) => line.split('|').map((part) => part.trim()))
    .filter((parts) => parts.length === 2 && parts[0] && parts[1])
    .map(([value, label]) => ({ value, label }));
  return rows.length ? rows : null;
}

/**
 * The browse section is below the fold: the server leaves it out (its filters and two dozen cards
 * would double the HTML and the hydration work). Its code and first page are fetched once the page
 * is idle, so they are ready before anyone scrolls to it; it is rendered when the visitor comes near
 * it, or at once when they arrive for it (/#browse, or a search or filters in the URL) — inserting it costs a phone one long layout, which a visitor
 * who never scrolls that far should not pay for.
 */
function HomeBrowse() {
  const placeholder = useRef<HTMLDivElement>(null);
  const { hash, search } = useLocation();
  const [near, setNear] = useState(false);
  useEffect(() => {
    if (near) return;
    let fetched: Promise<unknown> | null = null;
    const fetchIt = () => {
      fetched ??= Promise.all([
        loadBrowseSection(),
        loadBrowseQuery().then(({ browseResultsQuery }) =>
          queryClient.prefetchQuery(browseResultsQuery(new URLSearchParams(window.location.search))),
        ),
      ]).catch(() => undefined);
      return fetched;
    };
    // Rendered in a transition, so two dozen cards never block the main thread in one long task —
    // once its code and its first page are here: results arriving after the section mounted would
    // render them all at once, in one blocking update.
    let shown = false;
    const show = () => {
      if (shown) return;
      shown = true;
      void fetchIt().finally(() => startTransition(() => setNear(true)));
    };
    if (hash === '#browse' || search.length > 1 || typeof IntersectionObserver === 'undefined') return show();
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && show(), { rootMargin: '800px 0px' });
    if (placeholder.current) observer.observe(placeholder.current);
    const cancelIdle = onIdle(() => void fetchIt(), 3000);
    return () => {
      observer.disconnect();
      cancelIdle();
    };
  }, [near, hash, search]);
  const fallback = (
    <section aria-labelledby="browse-placeholder-heading">
      <h2 id="browse-placeholder-heading" className="mb-4 text-2xl font-bold tracking-tight text-primary sm:text-3xl">
        Browse All Trucks
      </h2>
      <div
        ref={placeholder}
        role="status"
        aria-label="Loading trucks..."
        className="min-h-[60vh] rounded-lg border border-border bg-card"
      />
    </section>
  );
  if (!near) return fallback;
  return (
    <Suspense fallback={fallback}>
      <BrowseSection heading="Browse All Trucks" />
    </Suspense>
  );
}

function Hero() {
  // Staff edit these in /admin → Content (home / hero, home / stats); the built-in texts are the fallback.
  const heroContent = useContentSection('home', 'hero');
  const statsContent = useContentSection('home', 'stats');
  const stats = statsFrom(statsContent?.text) ?? MARKETING_STATS;
  const points = [
    { icon: PoundSterling, text: '£0 listing fees, no commission' },
    { icon: Users, text: 'A network of over 10,000 buyers and dealers' },
    { icon: Timer, text: '85% of trucks sell within 30 days' },
  ];
  return (
    <section aria-labelledby="hero-heading" className="relative overflow-hidden bg-primary text-white">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_at_top_right,rgba(245,158,11,0.22),transparent_55%),radial-gradient(ellipse_at_bottom_left,rgba(37,99,235,0.25),transparent_50%)]"
      />
      {/* Bottom padding reserves the hero promotion's strip, so a promotion arriving late moves nothing. */}
      <PageContainer className="relative grid gap-10 pt-12 pb-24 sm:pt-16 lg:grid-cols-[minmax(0,1fr)_420px] lg:items-center lg:pt-20 lg:pb-24">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-sm font-semibold text-accent ring-1 ring-white/15">
            <Tag className="size-4" aria-hidden="true" />
            Free to list, free to browse
          </p>
          <h1 id="hero-heading" className="mt-5 text-4xl leading-[1.1] font-extrabold tracking-tight sm:text-5xl" data-testid="hero-title">
            {heroContent?.title ?? (
              <>
                List your truck for <span className="text-accent">free</span>.<br className="hidden sm:block" /> Sell it to the right buyer.
              </>
            )}
          </h1>
          {heroContent?.text ? (
            // Sanitised on the server (renderContentHtml): only harmless tags reach the page.
            <SanitizedHtml
              className="mt-5 max-w-xl text-lg text-white/85 [&_a]:underline"
              data-testid="hero-text"
              html={heroContent.html}
            />
          ) : (
            <p className="mt-5 max-w-xl text-lg text-white/85" data-testid="hero-text">
              TruckYard is the UK marketplace for used trucks and HGVs. We actively match each new listing to subscribed buyers, so your
              truck reaches people already looking for one.
            </p>
          )}
          <ul className="mt-6 space-y-2.5">
            {points.map(({ icon: Icon, text }) => (
              <li key={text} className="flex items-center gap-3 text-white/90">
                <span className="inline-flex size-7 shrink-0 items-center justify-center rounded-full bg-accent/20 text-accent">
                  <Icon className="size-4" aria-hidden="true" />
                </span>
                {text}
              </li>
            ))}
          </ul>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Link to={paths.sellTruck} className={cn(buttonVariants({ variant: 'accent', size: 'lg' }), 'shadow-lg shadow-black/20')}>
              List your truck for free
              <ArrowRight aria-hidden="true" />
            </Link>
            <a
              href="#browse"
              className={cn(buttonVariants({ variant: 'outline', size: 'lg' }), 'border-white/30 bg-white/5 text-white hover:bg-white/15')}
            >
              <Truck aria-hidden="true" />
              Browse trucks
            </a>
          </div>
        </div>

        <div className="rounded-xl bg-white/[0.07] p-6 ring-1 ring-white/15 backdrop-blur-sm sm:p-8">
          <h2 className="text-sm font-semibold tracking-wider text-white/70 uppercase">
            {statsContent?.title ?? 'Why sellers choose TruckYard'}
          </h2>
          <dl className="mt-5 grid grid-cols-2 gap-4">
            {stats.map((s) => (
              <div key={s.label} className="flex flex-col rounded-lg bg-white p-4 text-center shadow-sm">
                <dt className="text-sm font-medium text-muted-foreground">{s.label}</dt>
                <dd className="order-first text-3xl font-extrabold tracking-tight text-primary">{s.value}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-5 text-sm text-white/80">
            <BellRing className="mr-1.5 inline size-4 align-[-3px] text-accent" aria-hidden="true" />
            Buyers get alerts the moment a matching truck is listed.{' '}
            <Link to={paths.subscribe} className="font-semibold text-accent underline-offset-2 hover:underline">
              Get Truck Alerts
            </Link>
          </p>
        </div>
      </PageContainer>
      <PromotionSlot
        position="hero"
        className="absolute inset-x-0 bottom-3 mx-auto h-16 w-[min(100%-2rem,56rem)] overflow-hidden rounded-lg bg-white/10 px-4 py-2 text-white ring-1 ring-white/20"
      />
    </section>
  );
}

function LatestTrucks() {
  const { data, isPending, isError } = useLatestListings();
  return (
    <section aria-labelledby="latest-heading">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="latest-heading" className="text-2xl font-bold tracking-tight text-primary sm:text-3xl">
            Latest Trucks
          </h2>
          <p className="mt-1 text-muted-foreground">The newest trucks on TruckYard, fresh from sellers and dealers.</p>
        </div>
        <a href="#browse" className="inline-flex items-center gap-1 text-sm font-semibold text-primary hover:underline">
          View all trucks
          <ArrowRight className="size-4" aria-hidden="true" />
        </a>
      </div>
      <div className="mt-6">
        {isPending ? (
          <div role="status" aria-label="Loading trucks..." className="grid grid-cols-1 gap-5 sm:grid-cols-2 xl:grid-cols-3">
            {Array.from({ length: LIMITS.latestTrucksCount }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
              <ListingCardSkeleton key={i} />
            ))}
          </div>
        ) : isError ? (
          <p role="alert" className="rounded-lg border border-border bg-card p-6 text-center text-muted-foreground">
            We couldn't load the latest trucks just now.
          </p>
        ) : data.length === 0 ? (
          <div className="flex flex-col items-center rounded-lg border border-dashed border-border bg-card px-6 py-14 text-center">
            <Truck className="size-10 text-muted-foreground" aria-hidden="true" />
            <h3 className="mt-3 text-lg font-semibold">No trucks listed yet</h3>
            <p className="mt-1 text-muted-foreground">Be the first to list your truck!</p>
            <Link to={paths.sellTruck} className={cn(buttonVariants({ variant: 'accent' }), 'mt-5')}>
              Sell Your Truck
            </Link>
          </div>
        ) : (
          <ListingGrid listings={data.slice(0, LIMITS.latestTrucksCount)} />
        )}
      </div>
    </section>
  );
}

function CategoryStrip() {
  return (
    <nav aria-labelledby="categories-heading">
      <h2 id="categories-heading" className="text-xl font-bold tracking-tight text-primary">
        Browse by category
      </h2>
      <ul className="mt-4 flex flex-wrap gap-2.5">
        {CATEGORY_PAGES.map((c) => (
          <li key={c.path}>
            <Link
              to={c.path}
              className="flex items-center gap-1.5 rounded-full border border-border bg-card py-2 pr-3 pl-4 text-sm font-semibold shadow-sm transition-colors hover:border-accent hover:bg-accent/5"
            >
              <span>{c.title}</span>
              <ChevronRight className="size-4 shrink-0 text-accent" aria-hidden="true" />
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Links such as '/#browse' from other pages land on the section once this lazily loaded page has rendered. */
function useScrollToHash() {
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash]);
}
