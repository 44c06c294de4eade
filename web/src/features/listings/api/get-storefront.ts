import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Storefront } from '@shared/schemas/storefront';
import { apiGet } from '@/lib/api-client';

/** GET /api/dealers/{slug} — a dealer's storefront (404 when unknown or hidden). */
function getStorefront(slug: string, signal?: AbortSignal): Promise<Storefront> {
  return apiGet<Storefront>(`/dealers/${encodeURIComponent(slug)}`, undefined, signal);
}

export const storefrontQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: ['dealers', 'storefront', slug],
    queryFn: ({ signal }) => getStorefront(slug, signal),
    staleTime: 60_000,
    retryOnMount: false,
  });

export const useStorefront = (slug: string, enabled = true) => useQuery({ ...storefrontQueryOptions(slug), enabled });
