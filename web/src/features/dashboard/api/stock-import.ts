import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from '@/lib/api-client';
import { s3ErrorMessage } from '@/lib/listing-image-rules';
import type { ImportUpload, StockImportView } from '@shared/schemas/stock-import';

/** The bucket refused or never got the file: shown as the preview's error. */
export class StockFileUploadError extends Error {}

/**
 * Posts the file straight to the private bucket with the presigned POST of
 * POST /api/my-imports/uploads (the API never receives the file; its key is fixed by the server)
 * and answers the key.
 */
async function uploadStockFile(file: File): Promise<string> {
  const upload = await apiRequest<ImportUpload>('/my-imports/uploads', { method: 'POST', body: { fileName: file.name, size: file.size } });
  const form = new FormData();
  for (const [k, v] of Object.entries(upload.fields)) form.append(k, v);
  form.append('file', file);
  let res: Response;
  try {
    res = await fetch(upload.url, { method: 'POST', body: form });
  } catch {
    throw new StockFileUploadError('The file could not be uploaded: check your connection and try again.');
  }
  if (!res.ok)
    throw new StockFileUploadError(`The file could not be uploaded: ${s3ErrorMessage(res.status, await res.text().catch(() => ''))}`);
  return upload.key;
}

/** POST /api/my-imports — the dry run of an uploaded CSV file (by its key) or a feed URL. */
const previewStockImport = async (input: { file: File } | { feedUrl: string }) =>
  'file' in input
    ? apiRequest<StockImportView>('/my-imports', {
        method: 'POST',
        body: { fileKey: await uploadStockFile(input.file), fileName: input.file.name.slice(0, 200) },
      })
    : apiRequest<StockImportView>('/my-imports', { method: 'POST', body: { feedUrl: input.feedUrl } });

export function usePreviewStockImport() {
  return useMutation({ mutationFn: previewStockImport });
}

/** POST /api/my-imports/{id}/apply — queues the previewed import. */
const applyStockImport = ({ id, markMissingSold }: { id: string; markMissingSold: boolean }) =>
  apiRequest<StockImportView>(`/my-imports/${encodeURIComponent(id)}/apply`, { method: 'POST', body: { markMissingSold } });

export function useApplyStockImport() {
  return useMutation({ mutationFn: applyStockImport });
}

/** GET /api/my-imports/{id} — polled every 2 s until the import is done or failed. */
const stockImportQuery = (id: string) =>
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
