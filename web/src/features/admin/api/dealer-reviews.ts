import { useInfiniteQuery, useMutation, useQueryClient, infiniteQueryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { AdminUser, Page } from '@shared/schemas/admin';
import type { DealerApplication, DealerDecision, ImportReviewDecision } from '@shared/schemas/dealer';
import type { ImportAwaitingReview } from '@shared/schemas/stock-import';
import { adminKeys } from './admin-api';

/** Approved dealers in the admin area (issue 23): applications, listing limits, first imports' review. */
const applicationsKey = [...adminKeys.all, 'dealer-applications'] as const;
const importsKey = [...adminKeys.all, 'stock-imports'] as const;

const pages = <T>(key: readonly unknown[], path: string) =>
  infiniteQueryOptions({
    queryKey: key,
    queryFn: ({ pageParam }) => apiRequest<Page<T>>(path, { query: { cursor: pageParam } }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** GET /api/admin/dealer-applications — pending, oldest first. */
export const useDealerApplications = () => useInfiniteQuery(pages<DealerApplication>(applicationsKey, '/admin/dealer-applications'));
/** GET /api/admin/stock-imports — dealers' first imports waiting for review. */
export const usePendingImports = () => useInfiniteQuery(pages<ImportAwaitingReview>(importsKey, '/admin/stock-imports'));

function useAdminMutation<V, R = unknown>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => qc.invalidateQueries({ queryKey: adminKeys.all }) });
}

/** POST /api/admin/dealer-applications/{id}/decision. */
export const useDecideDealerApplication = () =>
  useAdminMutation(({ userId, decision }: { userId: string; decision: DealerDecision }) =>
    apiRequest<DealerApplication>(`/admin/dealer-applications/${encodeURIComponent(userId)}/decision`, {
      method: 'POST',
      body: { decision },
    }),
  );
/** PATCH /api/admin/users/{id}/listing-cap — null goes back to the default. */
export const useSetListingCap = () =>
  useAdminMutation(({ userId, listingCap }: { userId: string; listingCap: number | null }) =>
    apiRequest<Pick<AdminUser, 'listingCap'>>(`/admin/users/${encodeURIComponent(userId)}/listing-cap`, {
      method: 'PATCH',
      body: { listingCap },
    }),
  );
/** POST /api/admin/stock-imports/{userId}/{id}/review. */
export const useReviewImport = () =>
  useAdminMutation(({ userId, id, decision }: { userId: string; id: string; decision: ImportReviewDecision }) =>
    apiRequest(`/admin/stock-imports/${encodeURIComponent(userId)}/${encodeURIComponent(id)}/review`, {
      method: 'POST',
      body: { decision },
    }),
  );
