import type { UpdateEquipmentOrderInput } from '@shared/schemas/equipment';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type {
  AdminListing,
  AdminListingFilter,
  AdminRole,
  AdminScraped,
  AdminSettableStatus,
  AdminUser,
  Analytics,
  AuditAction,
  AuditEntry,
  AuditResource,
  InboxItem,
  InboxKind,
  InboxStatus,
  JobRun,
  MediaAsset,
  MediaCategory,
  Page,
  PageContent,
  PageContentInput,
  Promotion,
  PromotionInput,
  UserFilter,
} from '@shared/schemas/admin';

/**
 * The admin area's API operations (GET/PATCH/… /api/admin/*): each exports its fetcher and its
 * TanStack query options or mutation hook. Kept in one module per the admin feature because
 * every tab shares the invalidation keys below.
 */
export const adminKeys = {
  all: ['admin'] as const,
  session: ['admin', 'session'] as const,
  analytics: ['admin', 'analytics'] as const,
  jobs: ['admin', 'jobs'] as const,
  users: (filter: UserFilter, q: string) => ['admin', 'users', filter, q] as const,
  listings: (status: AdminListingFilter) => ['admin', 'listings', status] as const,
  scraped: (hidden: boolean) => ['admin', 'scraped', hidden] as const,
  media: (category: MediaCategory | 'all') => ['admin', 'media', category] as const,
  content: ['admin', 'content'] as const,
  promotions: ['admin', 'promotions'] as const,
  inbox: (kind: InboxKind) => ['admin', 'inbox', kind] as const,
  audit: (action: AuditAction | 'all', resource: AuditResource | 'all') => ['admin', 'audit', action, resource] as const,
};

const pages = <T>(key: readonly unknown[], fetchPage: (cursor: string | undefined) => Promise<Page<T>>) =>
  infiniteQueryOptions({
    queryKey: key,
    queryFn: ({ pageParam }) => fetchPage(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

// ---- session and analytics
const getAdminSession = () => apiRequest<{ userId: string; role: AdminRole }>('/admin/session');
export const adminSessionQuery = (enabled: boolean) =>
  queryOptions({ queryKey: adminKeys.session, queryFn: getAdminSession, enabled, retry: false, staleTime: 60_000 });
export const useAnalytics = () => useQuery({ queryKey: adminKeys.analytics, queryFn: () => apiRequest<Analytics>('/admin/analytics') });
export const useJobRuns = () => useQuery({ queryKey: adminKeys.jobs, queryFn: () => apiRequest<{ items: JobRun[] }>('/admin/jobs') });

// ---- users
/** While an account's listings are still being hidden or shown (the account-listings job), the list is read again this often. */
const LISTINGS_SYNC_POLL_MS = 3000;
export const useUsers = (filter: UserFilter, q: string) =>
  useInfiniteQuery({
    ...pages(adminKeys.users(filter, q), (cursor) => apiRequest<Page<AdminUser>>('/admin/users', { query: { filter, q, cursor } })),
    refetchInterval: (query) => (query.state.data?.pages.some((p) => p.items.some((u) => u.listingsSync)) ? LISTINGS_SYNC_POLL_MS : false),
  });

function useAdminMutation<V, R = unknown>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => qc.invalidateQueries({ queryKey: adminKeys.all }) });
}

export const useSetUserStatus = () =>
  useAdminMutation(({ userId, status }: { userId: string; status: 'active' | 'suspended' }) =>
    apiRequest<AdminUser>(`/admin/users/${encodeURIComponent(userId)}/status`, { method: 'PATCH', body: { status } }),
  );
export const useSendPasswordReset = () =>
  useAdminMutation((userId: string) => apiRequest(`/admin/users/${encodeURIComponent(userId)}/password-reset`, { method: 'POST' }));
export const useMakeAdmin = () =>
  useAdminMutation((userId: string) => apiRequest<AdminUser>(`/admin/users/${encodeURIComponent(userId)}/admin-role`, { method: 'POST' }));
/** 'Remove admin' (super admins; issue 23): the user leaves the admins group. */
export const useRemoveAdmin = () =>
  useAdminMutation((userId: string) =>
    apiRequest<AdminUser>(`/admin/users/${encodeURIComponent(userId)}/admin-role`, { method: 'DELETE' }),
  );

// ---- listings
export const useAdminListings = (status: AdminListingFilter) =>
  useInfiniteQuery(
    pages(adminKeys.listings(status), (cursor) => apiRequest<Page<AdminListing>>('/admin/listings', { query: { status, cursor } })),
  );
export const useScraped = (hidden: boolean) =>
  useInfiniteQuery(
    pages(adminKeys.scraped(hidden), (cursor) => apiRequest<Page<AdminScraped>>('/admin/scraped', { query: { hidden, cursor } })),
  );
export const useSetAdminListingStatus = () =>
  useAdminMutation(({ id, status }: { id: string; status: AdminSettableStatus }) =>
    apiRequest(`/admin/listings/${encodeURIComponent(id)}/status`, { method: 'PATCH', body: { status } }),
  );
export const useSetListingDescription = () =>
  useAdminMutation(({ id, description }: { id: string; description: string | null }) =>
    apiRequest(`/admin/listings/${encodeURIComponent(id)}/description`, { method: 'PATCH', body: { description } }),
  );
export const useSetListingImages = () =>
  useAdminMutation(({ id, imageKeys }: { id: string; imageKeys: string[] }) =>
    apiRequest(`/admin/listings/${encodeURIComponent(id)}/images`, { method: 'PUT', body: { imageKeys } }),
  );
export const useDeleteAdminListing = () =>
  useAdminMutation((id: string) => apiRequest(`/admin/listings/${encodeURIComponent(id)}`, { method: 'DELETE' }));
export const useSetScrapedHidden = () =>
  useAdminMutation(({ id, hidden }: { id: string; hidden: boolean }) =>
    apiRequest(`/admin/scraped/${encodeURIComponent(id)}/visibility`, { method: 'PATCH', body: { hidden } }),
  );

// ---- media
export const useMedia = (category: MediaCategory | 'all') =>
  useInfiniteQuery(
    pages(adminKeys.media(category), (cursor) =>
      apiRequest<Page<MediaAsset>>('/admin/media', { query: { category: category === 'all' ? undefined : category, cursor } }),
    ),
  );

/** Presigned POSTs to the private pending area, then the server checks the bytes and publishes. */
async function uploadMedia(category: MediaCategory, files: readonly File[]): Promise<MediaAsset[]> {
  const { uploads } = await apiRequest<{ uploads: Array<{ name: string; key: string; url: string; fields: Record<string, string> }> }>(
    '/admin/media/uploads',
    {
      method: 'POST',
      body: { category, files: files.map((f) => ({ name: f.name, type: f.type || 'application/octet-stream', size: f.size })) },
    },
  );
  await Promise.all(
    uploads.map(async (u, i) => {
      const form = new FormData();
      for (const [k, v] of Object.entries(u.fields)) form.append(k, v);
      form.append('file', files[i]);
      const res = await fetch(u.url, { method: 'POST', body: form });
      if (!res.ok) throw new Error(`Upload of ${u.name} failed (${res.status})`);
    }),
  );
  const done = await apiRequest<{ items: MediaAsset[] }>('/admin/media', {
    method: 'POST',
    body: { category, uploads: uploads.map((u) => ({ key: u.key, name: u.name })) },
  });
  return done.items;
}
export const useUploadMedia = () =>
  useAdminMutation(({ category, files }: { category: MediaCategory; files: File[] }) => uploadMedia(category, files));
export const useUpdateMedia = () =>
  useAdminMutation(({ id, altText, tags }: { id: string; altText: string | null; tags: string[] }) =>
    apiRequest(`/admin/media/${encodeURIComponent(id)}`, { method: 'PATCH', body: { altText, tags } }),
  );
export const useDeleteMedia = () =>
  useAdminMutation((id: string) => apiRequest(`/admin/media/${encodeURIComponent(id)}`, { method: 'DELETE' }));

// ---- content and promotions
export const useContent = () =>
  useInfiniteQuery(pages(adminKeys.content, (cursor) => apiRequest<Page<PageContent>>('/admin/content', { query: { cursor } })));
export const useSaveContent = () =>
  useAdminMutation(({ id, input }: { id?: string; input: PageContentInput }) =>
    id
      ? apiRequest<PageContent>(`/admin/content/${encodeURIComponent(id)}`, { method: 'PUT', body: input })
      : apiRequest<PageContent>('/admin/content', { method: 'POST', body: input }),
  );
export const useDeleteContent = () =>
  useAdminMutation((id: string) => apiRequest(`/admin/content/${encodeURIComponent(id)}`, { method: 'DELETE' }));
export const usePromotions = () =>
  useInfiniteQuery(pages(adminKeys.promotions, (cursor) => apiRequest<Page<Promotion>>('/admin/promotions', { query: { cursor } })));
export const useSavePromotion = () =>
  useAdminMutation(({ id, input }: { id?: string; input: PromotionInput }) =>
    id
      ? apiRequest<Promotion>(`/admin/promotions/${encodeURIComponent(id)}`, { method: 'PUT', body: input })
      : apiRequest<Promotion>('/admin/promotions', { method: 'POST', body: input }),
  );
export const useDeletePromotion = () =>
  useAdminMutation((id: string) => apiRequest(`/admin/promotions/${encodeURIComponent(id)}`, { method: 'DELETE' }));

// ---- inbox and audit
export const useInbox = (kind: InboxKind) =>
  useInfiniteQuery(pages(adminKeys.inbox(kind), (cursor) => apiRequest<Page<InboxItem>>(`/admin/inbox/${kind}`, { query: { cursor } })));
export const useUpdateInboxItem = () =>
  useAdminMutation(
    ({ kind, id, ...changes }: { kind: InboxKind; id: string; status?: InboxStatus; assignee?: string | null; note?: string | null }) =>
      apiRequest<InboxItem>(`/admin/inbox/${kind}/${encodeURIComponent(id)}`, { method: 'PATCH', body: changes }),
  );
/** POST /api/admin/orders/{id}/status — an equipment order's next status (refunds go through Stripe). */
export const useUpdateEquipmentOrder = () =>
  useAdminMutation(({ id, ...input }: UpdateEquipmentOrderInput & { id: string }) =>
    apiRequest<{ id: string; reference: string; orderStatus: string }>(`/admin/orders/${encodeURIComponent(id)}/status`, {
      method: 'POST',
      body: input,
    }),
  );
export const useAudit = (action: AuditAction | 'all', resource: AuditResource | 'all') =>
  useInfiniteQuery(
    pages(adminKeys.audit(action, resource), (cursor) =>
      apiRequest<Page<AuditEntry>>('/admin/audit', {
        query: { action: action === 'all' ? undefined : action, resource: resource === 'all' ? undefined : resource, cursor },
      }),
    ),
  );
