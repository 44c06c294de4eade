import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Enquiry } from '@shared/schemas/enquiry';
import { apiGet } from '@/lib/api-client';

/** GET /api/my-enquiries — messages buyers sent about the caller's listings, newest first. */
const listMyEnquiries = (signal?: AbortSignal) => apiGet<{ items: Enquiry[] }>('/my-enquiries', undefined, signal);

const myEnquiriesQueryOptions = () =>
  queryOptions({ queryKey: ['my-enquiries', 'list'], queryFn: ({ signal }) => listMyEnquiries(signal).then((r) => r.items), staleTime: 0 });

export const useMyEnquiries = (enabled = true) => useQuery({ ...myEnquiriesQueryOptions(), enabled });
