import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Profile } from '@shared/schemas/profile';
import { apiGet } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';

/** GET /api/me — the signed-in account's profile. */
const getMe = (signal?: AbortSignal) => apiGet<Profile>('/me', undefined, signal);

// The same cache entry as the sell form's profile read, so an edit here shows there at once.
const meQueryOptions = () => queryOptions({ queryKey: ['me'], queryFn: ({ signal }) => getMe(signal), staleTime: 5 * 60_000 });

export function useMe() {
  const { isSignedIn } = useAuth();
  return useQuery({ ...meQueryOptions(), enabled: isSignedIn });
}
