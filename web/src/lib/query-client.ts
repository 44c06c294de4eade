import { QueryClient } from '@tanstack/react-query';
import { shouldRetry } from './api-client';

/** The app's one query cache; route loaders prefetch into it so data and route code load in parallel. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
  },
});
