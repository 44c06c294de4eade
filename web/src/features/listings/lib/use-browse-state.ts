import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { type BrowseState, browseStateToSearchParams, parseBrowseParams, sliderBounds } from './browse-params';

/**
 * The browse state, read from and written to the URL. Changing the search, a filter or the sort
 * goes back to page 1; each change is a history entry, so back undoes it.
 */
export function useBrowseState() {
  const [searchParams, setSearchParams] = useSearchParams();
  const bounds = useMemo(() => sliderBounds(), []);
  const state = useMemo(() => parseBrowseParams(searchParams, bounds), [searchParams, bounds]);

  const update = useCallback(
    (patch: Partial<BrowseState>) => {
      const next: BrowseState = { ...state, ...patch };
      if (!('page' in patch)) next.page = 1;
      if (next.sort === 'distance' && !next.filters.location.trim()) next.sort = 'relevance';
      // 'Newest first' is a choice only beside 'Best match'; without words the default is newest first.
      if (next.sort === 'newest' && !next.q.trim()) next.sort = 'relevance';
      setSearchParams(browseStateToSearchParams(next, bounds), { preventScrollReset: true });
    },
    [state, bounds, setSearchParams],
  );

  return { state, bounds, update };
}
