import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { Page } from '@shared/schemas/admin';
import type { AdminListingReport, ReportAction } from '@shared/schemas/listing-report';
import { adminKeys } from './admin-api';

/** The Reports tab's API (issue 24 §6): visitors' reports of listings and staff's actions on them. */
const reportsKey = [...adminKeys.all, 'reports'] as const;

/** GET /api/admin/reports — newest first. */
export const useListingReports = () =>
  useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: reportsKey,
      queryFn: ({ pageParam }) => apiRequest<Page<AdminListingReport>>('/admin/reports', { query: { cursor: pageParam } }),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last) => last.nextCursor ?? undefined,
    }),
  );

/** PATCH /api/admin/reports/{id} — hide the listing, or mark the report handled (both audited). */
export const useActOnReport = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: ReportAction }) =>
      apiRequest<AdminListingReport>(`/admin/reports/${encodeURIComponent(id)}`, { method: 'PATCH', body: { action } }),
    onSettled: () => qc.invalidateQueries({ queryKey: adminKeys.all }),
  });
};
