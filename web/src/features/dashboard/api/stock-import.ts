import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from '@/lib/api-client';
import type { StockImportView } from '@shared/schemas/stock-import';

/** POST /api/my-imports — the dry run of a CSV file (its bytes) or a feed URL. */
export const previewStockImport = (input: { file: File } | { feedUrl: string }) =>
  'file' in input
    ? apiRequest<StockImportView>('/my-imports', {
        method: 'POST',
        body: input.file,
        headers: { 'X-File-Name': encodeURIComponent(input.file.name).slice(0, 200) },
      })
    : apiRequest<StockImportView>('/my-imports', { method: 'POST', body: { feedUrl: input.feedUrl } });

export function usePreviewStockImport() {
  return useMutation({ mutationFn: previewStockImport });
}

/** POST /api/my-imports/{id}/apply — queues the previewed import. */
export const applyStockImport = ({ id, markMissingSold }: { id: string; markMissingSold: boolean }) =>
  apiRequest<StockImportView>(`/my-imports/${encodeURIComponent(id)}/apply`, { method: 'POST', body: { markMissingSold } });

export function useApplyStockImport() {
  return useMutation({ mutationFn: applyStockImport });
}

/** GET /api/my-imports/{id} — polled every 2 s until the import is done or failed. */
export const stockImportQuery = (id: string) =>
  queryOptions({
    queryKey: ['my-imports', id],
    queryFn: ({ signal }) => apiGet<StockImportView>(`/my-imports/${encodeURIComponent(id)}`, undefined, signal),
    refetchInterval: (q) => (q.state.data && (q.state.data.status === 'done' || q.state.data.status === 'failed') ? false : 2000),
  });

export function useStockImport(id: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    ...stockImportQuery(id ?? ''),
    enabled: Boolean(id),
    select: (data) => {
      if (data.status === 'done') {
        void queryClient.invalidateQueries({ queryKey: ['my-listings'] });
        void queryClient.invalidateQueries({ queryKey: ['listings'] });
      }
      return data;
    },
  });
}
