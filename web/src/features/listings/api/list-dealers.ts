import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DealerDirectoryEntry } from '@shared/schemas/storefront';
import { apiGet, type QueryValue } from '@/lib/api-client';

export interface DealerDirectory {
  dealers: DealerDirectoryEntry[];
  near: { outcode: string; label: string } | null;
}

/** GET /api/dealers — the directory: by name, by town, or by distance from a postcode, each with its stock count. */
function listDealers(query: Record<string, QueryValue>, signal?: AbortSignal): Promise<DealerDirectory> {
  return apiGet<DealerDirectory>('/dealers', query, signal);
}

const dealersQueryOptions = (query: Record<string, QueryValue>) =>
  queryOptions({
    queryKey: ['dealers', 'directory', query],
    queryFn: ({ signal }) => listDealers(query, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

export const useDealers = (query: Record<string, QueryValue>) => useQuery(dealersQueryOptions(query));
