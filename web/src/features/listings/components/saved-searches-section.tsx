import { BellRing, Bookmark, RotateCcw, Search, Trash2 } from 'lucide-react';
import { Link } from 'react-router-dom';
import { type SavedSearch, alertPrefillOf, describeSavedSearch } from '@shared/schemas/saved-searches';
import { paths } from '@/app/paths';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { toastApiFailure } from '@/lib/api-error-toast';
import { cn } from '@/lib/cn';
import { formatNumber } from '@/lib/format';
import { markSavedSearchSeen, useDeleteSavedSearch, useSavedSearchMatches, useSavedSearches } from '../api/saved-searches';

/** /subscribe with what alert preferences can hold of a search, and the names of what they cannot. */
function alertsLinkOf(params: Record<string, string>): string {
  const { prefill, cannotHold } = alertPrefillOf(params);
  const sp = new URLSearchParams(prefill);
  sp.set('from', 'saved-search');
  if (cannotHold.length) sp.set('cannotHold', cannotHold.join(','));
  return `${paths.subscribe}?${sp}`;
}

/** "Saved searches" on /saved (issue 26 §4): each search run again, with its new matches since the last visit. */
export function SavedSearchesSection() {
  const searches = useSavedSearches();
  const items = searches.data ?? [];
  return (
    <section aria-labelledby="saved-searches-title" className="mt-8" data-testid="saved-searches">
      <h2 id="saved-searches-title" className="flex items-center gap-2 text-2xl font-bold text-foreground">
        <Bookmark className="size-6 text-primary" aria-hidden="true" />
        Saved searches
      </h2>
      {searches.isPending ? (
        <p className="mt-3 inline-flex items-center gap-2 text-muted-foreground" role="status">
          <Spinner />
          Loading your saved searches...
        </p>
      ) : searches.isError ? (
        <Card className="mt-3 p-6 text-center">
          <p className="font-semibold">Failed to load your saved searches</p>
          <Button variant="outline" className="mt-3" onClick={() => void searches.refetch()}>
            <RotateCcw aria-hidden="true" />
            Try Again
          </Button>
        </Card>
      ) : items.length === 0 ? (
        <p className="mt-3 text-muted-foreground">
          No saved searches yet. Set filters on{' '}
          <Link to={`${paths.home}#browse`} className="font-semibold text-primary underline-offset-4 hover:underline">
            Browse
          </Link>{' '}
          and choose “Save this search”.
        </p>
      ) : (
        <ul className="mt-3 grid gap-3 lg:grid-cols-2" aria-label="Your saved searches">
          {items.map((s) => (
            <SavedSearchRow key={s.id} search={s} />
          ))}
        </ul>
      )}
    </section>
  );
}

function SavedSearchRow({ search }: { search: SavedSearch }) {
  const matches = useSavedSearchMatches(search);
  const remove = useDeleteSavedSearch();
  const results = `${paths.home}?${new URLSearchParams(search.params)}#browse`;
  const m = matches.data;
  return (
    <li>
      <Card className="flex h-full flex-col gap-2 p-4" data-testid="saved-search">
        <div className="flex items-start justify-between gap-2">
          <div className="min-w-0">
            <h3 className="font-semibold text-foreground break-words">{search.name}</h3>
            <p className="text-sm text-muted-foreground break-words">{describeSavedSearch(search.params)}</p>
          </div>
          {m && m.fresh > 0 ? (
            <span
              className="shrink-0 rounded-full bg-accent px-2 py-0.5 text-xs font-bold text-accent-foreground"
              data-testid="new-matches"
            >
              {m.fresh}
              {m.newCapped ? '+' : ''} new
            </span>
          ) : null}
        </div>
        <p className="text-sm" aria-live="polite">
          {matches.isPending
            ? 'Checking for matches…'
            : matches.isError
              ? 'Could not check for matches just now.'
              : m
                ? `${formatNumber(m.total)} ${m.total === 1 ? 'truck matches' : 'trucks match'} · ${m.fresh}${m.newCapped ? '+' : ''} new since your last visit`
                : null}
        </p>
        <div className="mt-auto flex flex-wrap gap-2 pt-1">
          <Link
            to={results}
            onClick={() => void markSavedSearchSeen(search.id).catch(() => undefined)}
            className={cn(buttonVariants({ variant: 'default', size: 'sm' }))}
          >
            <Search aria-hidden="true" />
            Show results
          </Link>
          <Link to={alertsLinkOf(search.params)} className={cn(buttonVariants({ variant: 'outline', size: 'sm' }))}>
            <BellRing aria-hidden="true" />
            Get alerts for this search
          </Link>
          <Button
            variant="ghost"
            size="sm"
            disabled={remove.isPending}
            onClick={() => remove.mutate(search.id, { onError: (err) => toastApiFailure(err, 'Error', 'Could not delete the search.') })}
            aria-label={`Delete saved search ${search.name}`}
          >
            <Trash2 aria-hidden="true" />
            Delete
          </Button>
        </div>
      </Card>
    </li>
  );
}
