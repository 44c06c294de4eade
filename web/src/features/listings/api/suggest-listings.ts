import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SearchSuggestion } from '@shared/schemas/listing';
import { apiGet } from '@/lib/api-client';

/** GET /api/listings/suggest — makes, models, categories and places for what the buyer has typed. */
async function suggestListings(q: string, signal?: AbortSignal): Promise<SearchSuggestion[]> {
  return (await apiGet<{ suggestions: SearchSuggestion[] }>('/listings/suggest', { q }, signal)).suggestions;
}

const suggestListingsQueryOptions = (q: string) =>
  queryOptions({
    queryKey: ['listings', 'suggest', q.trim().toLowerCase()],
    queryFn: ({ signal }) => suggestListings(q.trim(), signal),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });

export function useSearchSuggestions(q: string) {
  return useQuery({ ...suggestListingsQueryOptions(q), enabled: q.trim().length >= 2 });
}
