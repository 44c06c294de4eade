import { CircleAlert, LayoutGrid, List, SearchX, SlidersHorizontal, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { formatNumber } from '@/lib/format';
import type { ListingSearchResult } from '@shared/schemas/listing';
import type { Category } from '@shared/values';
import { useSearchListings } from '../api/search-listings';
import { countActiveFilters, defaultFilters, toApiQuery, type ViewMode } from '../lib/browse-params';
import { useBrowseState } from '../lib/use-browse-state';
import { ActiveFilters } from './active-filters';
import { PromotionSlot } from '@/components/site/promotion-slot';
import { FilterSidebar } from './filter-sidebar';
import { ListingCardSkeleton, ListingGrid } from './listing-card';
import { Pagination } from './pagination';
import { SearchBar } from './search-bar';
import { SaveSearch } from './save-search';
import { SortSelect } from './sort-select';

const DESKTOP = '(min-width: 1024px)';
const isDesktop = () => typeof window !== 'undefined' && window.matchMedia?.(DESKTOP).matches;

export interface BrowseSectionProps {
  /** Category pages fix the category: it is always sent and not offered as a filter. */
  fixedCategory?: Category;
  /** A dealer's storefront fixes the dealer (its slug): only that dealer's stock (issue 26). */
  fixedDealer?: string;
  /** Used in the empty state: 'No <noun> found'. */
  emptyNoun?: string;
  /** Visible heading of the results area. */
  heading?: string;
  headingLevel?: 'h1' | 'h2';
  /** Keep the heading for screen readers only (when the page title already says it). */
  hideHeading?: boolean;
  /** The results open the page (category pages): their first photo is the page's largest paint. */
  aboveTheFold?: boolean;
  className?: string;
}

/** Search, sort, filters, results and paging — the browse UI shared by home and category pages. */
export function BrowseSection({
  fixedCategory,
  fixedDealer,
  emptyNoun = 'trucks',
  heading = 'Browse Trucks',
  headingLevel = 'h2',
  hideHeading = false,
  aboveTheFold = false,
  className,
}: BrowseSectionProps) {
  const { state, bounds, update } = useBrowseState();
  const query = toApiQuery(state, { fixedCategory, fixedDealer, bounds });
  const { data, isPending, isError, error, refetch, isFetching, isPlaceholderData } = useSearchListings(query);
  // null until mounted: the server cannot know the screen, so CSS shows the panel on desktop and
  // hides it on phones; once mounted the state takes over (same look, so nothing shifts).
  const [filtersState, setFiltersOpen] = useState<boolean | null>(null);
  useEffect(() => setFiltersOpen((open) => open ?? Boolean(isDesktop())), []);
  const filtersOpen = filtersState ?? false;
  const panelId = useId();
  const headingId = useId();
  const resultsRef = useRef<HTMLDivElement>(null);
  const activeCount = countActiveFilters(state.filters, { fixedCategory: Boolean(fixedCategory) });
  const Heading = headingLevel;

  // A page change lands the reader at the top of the results, not the top of the page.
  const lastPage = useRef(state.page);
  useEffect(() => {
    if (lastPage.current !== state.page) resultsRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    lastPage.current = state.page;
  }, [state.page]);

  // A page past the end is answered with the last page: the URL follows, so paging works from there.
  useEffect(() => {
    if (data && !isPlaceholderData && data.total > 0 && data.page !== state.page) update({ page: data.page });
  }, [data, isPlaceholderData, state.page, update]);

  const clearAll = () => update({ q: '', filters: defaultFilters(bounds) });
  const setView = (view: ViewMode) => update({ view, page: state.page });

  return (
    <section aria-labelledby={headingId} className={className}>
      <Heading id={headingId} className={hideHeading ? 'sr-only' : 'mb-4 text-2xl font-bold tracking-tight text-primary sm:text-3xl'}>
        {heading}
      </Heading>

      <div className="rounded-lg border border-border bg-card p-3 shadow-sm sm:p-4">
        <SearchBar value={state.q} onSearch={(q) => update({ q })} />
        <div className="mt-3 flex items-center justify-between gap-2 sm:gap-3">
          <Button
            variant="outline"
            className="h-11 shrink-0"
            aria-expanded={filtersOpen}
            aria-controls={panelId}
            onClick={() => setFiltersOpen((o) => !(o ?? isDesktop()))}
          >
            <SlidersHorizontal aria-hidden="true" />
            Filters
            {activeCount > 0 ? (
              <span className="ml-0.5 inline-flex min-w-5 items-center justify-center rounded-full bg-accent px-1.5 text-xs font-bold text-accent-foreground">
                {activeCount}
                <span className="sr-only"> active</span>
              </span>
            ) : null}
          </Button>
          <div className="flex min-w-0 flex-1 items-center justify-end gap-3">
            <SortSelect
              value={state.sort}
              onChange={(sort) => update({ sort })}
              hasLocation={state.filters.location.trim() !== ''}
              hasWords={state.q.trim() !== ''}
            />
            <fieldset className="hidden items-center rounded-md border border-border p-0.5 sm:flex">
              <legend className="sr-only">View</legend>
              <ViewButton active={state.view === 'grid'} onClick={() => setView('grid')} label="Grid view" icon={LayoutGrid} />
              <ViewButton active={state.view === 'list'} onClick={() => setView('list')} label="List view" icon={List} />
            </fieldset>
          </div>
        </div>
      </div>

      <div className="mt-6 flex flex-col gap-6 lg:flex-row lg:items-start lg:gap-8">
        <aside
          id={panelId}
          hidden={filtersState === false}
          className={cn('w-full shrink-0 lg:w-72', filtersState === null && 'max-lg:hidden')}
          aria-label="Filter trucks"
        >
          <div className="rounded-lg border border-border bg-card p-5 shadow-sm">
            <div className="mb-5 flex items-center justify-between">
              <h2 className="text-lg font-bold text-primary">Filters</h2>
              <button
                type="button"
                className="rounded-md p-1.5 text-muted-foreground hover:bg-muted lg:hidden"
                onClick={() => setFiltersOpen(false)}
                aria-label="Close filters"
              >
                <X className="size-5" aria-hidden="true" />
              </button>
            </div>
            {/* Closed (phones, once mounted): not rendered, so answers arriving re-render no hidden form. */}
            {filtersState === false ? null : (
              <FilterSidebar
                applied={state.filters}
                bounds={bounds}
                facets={data?.facets}
                fixedCategory={fixedCategory}
                onApply={(filters) => {
                  update({ filters });
                  if (!isDesktop()) setFiltersOpen(false);
                }}
                onClear={() => update({ filters: defaultFilters(bounds) })}
              />
            )}
          </div>
          {/* Below the filters: arriving late it only lengthens the sidebar, never moves the results. */}
          <PromotionSlot position="sidebar" className="mt-4 rounded-lg border border-border bg-card p-4 text-sm shadow-sm" />
        </aside>

        <div ref={resultsRef} className="min-w-0 flex-1 scroll-mt-24">
          <ActiveFilters
            state={state}
            bounds={bounds}
            fixedCategory={Boolean(fixedCategory)}
            onChange={(next) => update({ q: next.q, filters: next.filters, sort: next.sort })}
            onClearAll={clearAll}
          />
          <SaveSearch query={query} />
          <ResultsSummary data={data} updating={isFetching && isPlaceholderData} onDidYouMean={(q) => update({ q })} />

          {isPending ? (
            <LoadingResults view={state.view} />
          ) : isError && !data ? (
            <LoadFailed message={error?.message} onRetry={() => refetch()} />
          ) : data && data.items.length === 0 ? (
            <NoResults noun={emptyNoun} onClearAll={clearAll} />
          ) : data ? (
            <div
              aria-busy={isFetching && isPlaceholderData}
              className={cn('transition-opacity', isFetching && isPlaceholderData && 'opacity-60')}
            >
              <ListingGrid listings={data.items} layout={state.view} aboveTheFold={aboveTheFold} />
              <Pagination page={data.page} totalPages={data.totalPages} onPageChange={(page) => update({ page })} />
            </div>
          ) : null}
        </div>
      </div>
    </section>
  );
}

/** How many trucks match (and near where), a "Did you mean" when none do, and "Updating…" while the next answer loads. */
function ResultsSummary({
  data,
  updating,
  onDidYouMean,
}: {
  data: ListingSearchResult | undefined;
  updating: boolean;
  onDidYouMean: (q: string) => void;
}) {
  return (
    <div className="mb-4 flex min-h-6 flex-wrap items-center justify-between gap-2">
      <p className="text-sm font-medium text-muted-foreground" aria-live="polite">
        {data ? (
          <>
            <span className="font-bold text-foreground">
              {formatNumber(data.total)} {data.total === 1 ? 'truck' : 'trucks'} found
            </span>
            {data.near ? ` within ${data.near.radiusMiles} miles of ${data.near.label}` : ''}
          </>
        ) : null}
      </p>
      {data?.total === 0 && data.didYouMean ? (
        <p className="w-full text-sm">
          Did you mean{' '}
          <button
            type="button"
            className="font-semibold text-primary underline underline-offset-2"
            onClick={() => onDidYouMean(data.didYouMean ?? '')}
          >
            {data.didYouMean}
          </button>
          ?
        </p>
      ) : null}
      {updating ? (
        <span className="inline-flex items-center gap-1.5 text-xs text-muted-foreground">
          <Spinner className="size-3.5" /> Updating…
        </span>
      ) : null}
    </div>
  );
}

function LoadingResults({ view }: { view: ViewMode }) {
  return (
    <div role="status" aria-label="Loading trucks...">
      <p className="mb-4 flex items-center gap-2 text-muted-foreground">
        <Spinner /> Loading trucks...
      </p>
      <div className={cn('grid gap-5', view === 'grid' ? 'grid-cols-1 sm:grid-cols-2 xl:grid-cols-3' : 'grid-cols-1')}>
        {Array.from({ length: 6 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
          <ListingCardSkeleton key={i} layout={view} />
        ))}
      </div>
    </div>
  );
}

function LoadFailed({ message, onRetry }: { message: string | undefined; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-center rounded-lg border border-destructive/30 bg-card px-6 py-12 text-center">
      <CircleAlert className="size-10 text-destructive" aria-hidden="true" />
      <h3 className="mt-3 text-lg font-semibold">We couldn't load trucks</h3>
      <p className="mt-1 max-w-md text-sm text-muted-foreground">{message || 'Something went wrong. Please try again.'}</p>
      <Button className="mt-5" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

function NoResults({ noun, onClearAll }: { noun: string; onClearAll: () => void }) {
  return (
    <div className="flex flex-col items-center rounded-lg border border-dashed border-border bg-card px-6 py-14 text-center">
      <SearchX className="size-10 text-muted-foreground" aria-hidden="true" />
      <h3 className="mt-3 text-lg font-semibold">No {noun} found</h3>
      <p className="mt-1 text-sm text-muted-foreground">Try adjusting your search criteria or filters</p>
      <Button variant="outline" className="mt-5" onClick={onClearAll}>
        Clear All Filters
      </Button>
    </div>
  );
}

function ViewButton({ active, onClick, label, icon: Icon }: { active: boolean; onClick: () => void; label: string; icon: typeof List }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-pressed={active}
      aria-label={label}
      title={label}
      className={cn(
        'inline-flex size-9 items-center justify-center rounded',
        active ? 'bg-primary text-primary-foreground' : 'text-muted-foreground hover:bg-muted',
      )}
    >
      <Icon className="size-4" aria-hidden="true" />
    </button>
  );
}
