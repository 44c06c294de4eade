import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiGet } from '@/lib/api-client';

export interface ResolvedLocation {
  outcode: string;
  label: string;
}

/** GET /api/locations/{query} — places a UK postcode, district or town; null when it can't be placed. */
async function resolveLocation(query: string, signal?: AbortSignal): Promise<ResolvedLocation | null> {
  try {
    return await apiGet<ResolvedLocation>(`/locations/${encodeURIComponent(query)}`, undefined, signal);
  } catch (err) {
    if (err instanceof ApiError && (err.status === 404 || err.status === 400)) return null;
    throw err;
  }
}

const resolveLocationQueryOptions = (query: string) =>
  queryOptions({
    queryKey: ['locations', query.trim().toLowerCase()],
    queryFn: ({ signal }) => resolveLocation(query.trim(), signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useResolvedLocation(query: string) {
  const q = query.trim();
  return useQuery({ ...resolveLocationQueryOptions(q), enabled: q.length >= 2 });
}
