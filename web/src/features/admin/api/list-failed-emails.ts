import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { Page } from '@shared/schemas/admin';
import type { FailedEmail } from '@shared/schemas/failed-emails';
import { adminKeys } from './admin-api';

/** GET /api/admin/failed-emails — e-mails that failed to send (the outbox's dead letters), newest first, paged. */
export const failedEmailsKey = [...adminKeys.all, 'failed-emails'] as const;

const listFailedEmails = (cursor: string | undefined) => apiRequest<Page<FailedEmail>>('/admin/failed-emails', { query: { cursor } });

export const useFailedEmails = () =>
  useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: failedEmailsKey,
      queryFn: ({ pageParam }) => listFailedEmails(pageParam),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last) => last.nextCursor ?? undefined,
    }),
  );
