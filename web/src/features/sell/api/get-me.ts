import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import type { Profile } from '@shared/schemas/profile';

/** GET /api/me — the signed-in account's profile (made with defaults on first read). */
const getMe = (signal?: AbortSignal) => apiGet<Profile>('/me', undefined, signal);

const meQueryOptions = () => queryOptions({ queryKey: ['me'], queryFn: ({ signal }) => getMe(signal), staleTime: 5 * 60_000 });

export const useMe = (enabled = true) => useQuery({ ...meQueryOptions(), enabled });
