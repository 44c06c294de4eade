import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { compareIdsOf } from '@shared/compare-limits';
import type { CompareResponse } from '@shared/schemas/compare';
import { apiGet } from '@/lib/api-client';

/** GET /api/compare — up to 3 trucks side by side; `from` measures distances from a UK place. */
const getCompare = (ids: readonly string[], from: string | undefined, signal?: AbortSignal) =>
  apiGet<CompareResponse>('/compare', { ids: ids.join(','), from }, signal);

const compareQueryOptions = (ids: readonly string[], from: string | undefined) =>
  queryOptions({
    queryKey: ['compare', ids.join(','), from ?? ''],
    queryFn: ({ signal }) => getCompare(ids, from, signal),
    enabled: ids.length > 0,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });

/** What a /compare URL asks for: its ids (read leniently: invalid ones dropped) and the place to measure from. */
export const compareUrlState = (params: URLSearchParams) => ({
  ids: compareIdsOf(params.get('ids')),
  from: params.get('from')?.trim() || undefined,
});

/** The comparison a /compare URL shows: what the page reads, and what the server prefetches to render it (app/prefetch.ts). */
export const compareUrlQuery = (params: URLSearchParams) => {
  const { ids, from } = compareUrlState(params);
  return compareQueryOptions(ids, from);
};

export const useCompare = (ids: readonly string[], from: string | undefined) => useQuery(compareQueryOptions(ids, from));
